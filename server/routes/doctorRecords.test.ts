import { and, asc, eq, gt, inArray, min, sql } from "drizzle-orm"
import * as Schema from "effect/Schema"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Doctor, DoctorSearchResponse } from "../../schemas/doctor.ts"
import type { DoctorId } from "../../schemas/ids.ts"
import { testIds } from "../../schemas/testIds.ts"
import { doctorIdOf } from "../../tests/support/gatewayFixtures.ts"
import { doctorFacilities, doctors, doctorSpecialties, healthcareFacilities, locations, providedServices, specialties, timeSlots, users } from "../db/schema.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"

/*
 * The records PostgreSQL keeps (migration 0017: stored, written again by triggers) against records
 * assembled here from each table with plain reads, field by field as SPEC §3's Doctor names them:
 * every doctor, through the profile and through search pages, after a write of each kind the
 * triggers answer (insert, update and delete on each table a record reads, a new doctor), with the
 * uncommon cases planted too (no lists at all, a location without coordinates, a facility without
 * a state, a rating that rounds).
 */

let gw: TestGateway
let bare: DoctorId
let rounded: DoctorId
/** The doctor each kind of write was made to, last. */
const written: Record<string, DoctorId> = {}

beforeAll(async () => {
  gw = await startTestGateway()
  bare = testIds.doctor(await doctorIdOf(gw.db, "doctor@demo.sn"))
  const [other] = await gw.db
    .select({ id: doctors.id })
    .from(doctors)
    .where(sql`${doctors.id} <> ${bare}`)
    .limit(1)
  rounded = other!.id
  const [bareDoctor] = await gw.db.select({ userId: doctors.userId }).from(doctors).where(eq(doctors.id, bare))
  await gw.db.delete(providedServices).where(eq(providedServices.doctorId, bare))
  await gw.db.delete(doctorSpecialties).where(eq(doctorSpecialties.doctorId, bare))
  await gw.db.delete(doctorFacilities).where(eq(doctorFacilities.doctorId, bare))
  await gw.db.delete(locations).where(eq(locations.userId, bareDoctor!.userId))
  await gw.db.update(timeSlots).set({ status: "CANCELLED" }).where(eq(timeSlots.doctorId, bare))
  await gw.db.update(doctors).set({ averageRate: 4.125, reviewCount: 8 }).where(eq(doctors.id, rounded))
  const [location] = await gw.db.select({ id: locations.id }).from(locations).limit(1)
  await gw.db.update(locations).set({ lat: null }).where(eq(locations.id, location!.id))
  const [facility] = await gw.db.select({ id: doctorFacilities.facilityId }).from(doctorFacilities).limit(1)
  await gw.db.update(healthcareFacilities).set({ state: null, website: null }).where(eq(healthcareFacilities.id, facility!.id))
  await plantEveryKindOfWrite()
})

/**
 * One write of each kind a stored record must follow, each the last write to its own doctor (a
 * later write to the same doctor would rewrite the record and hide a trigger that is missing).
 */
async function plantEveryKindOfWrite() {
  const db = gw.db
  const pool = await db
    .select({ id: doctors.id, userId: doctors.userId })
    .from(doctors)
    .where(sql`${doctors.id} NOT IN (${bare}, ${rounded})`)
    .orderBy(asc(doctors.id))
  const next = () => pool.shift()!
  // Shared rows first, so that the writes below, each to one doctor, stay the last to touch theirs:
  // the doctors who show these rows and are written no more tell whether their records followed.
  const [specialty] = await db.select({ id: specialties.id }).from(specialties).orderBy(asc(specialties.code)).limit(1)
  await db.update(specialties).set({ label: "Spécialité renommée" }).where(eq(specialties.id, specialty!.id))
  const [renamedFacility] = await db.select({ id: doctorFacilities.facilityId }).from(doctorFacilities).orderBy(asc(doctorFacilities.doctorId)).limit(1)
  await db.update(healthcareFacilities).set({ name: "Centre renommé" }).where(eq(healthcareFacilities.id, renamedFacility!.id))

  const renamed = next()
  await db.update(users).set({ firstName: "Renommée", photoUrl: "/photos/renommee.png" }).where(eq(users.id, renamed.userId))
  written.renamed = renamed.id

  const servicesOf = (doctor: { id: DoctorId }) => db.select().from(providedServices).where(eq(providedServices.doctorId, doctor.id))
  const lostService = next()
  const [lost] = await servicesOf(lostService)
  await db.delete(providedServices).where(eq(providedServices.id, lost!.id))
  written.lostService = lostService.id
  const addedService = next()
  const [readded] = await servicesOf(addedService)
  await db.delete(providedServices).where(eq(providedServices.id, readded!.id))
  await db.insert(providedServices).values({ doctorId: addedService.id, code: readded!.code, price: 12_345 })
  written.addedService = addedService.id
  const repriced = next()
  const [priced] = await servicesOf(repriced)
  await db.update(providedServices).set({ price: 23_456 }).where(eq(providedServices.id, priced!.id))
  written.repriced = repriced.id

  const lacking = (doctor: { id: DoctorId }) => sql`${specialties.id} NOT IN (SELECT specialty_id FROM doctor_specialties WHERE doctor_id = ${doctor.id})`
  const gainedSpecialty = next()
  const [gained] = await db.select({ id: specialties.id }).from(specialties).where(lacking(gainedSpecialty)).limit(1)
  await db.insert(doctorSpecialties).values({ doctorId: gainedSpecialty.id, specialtyId: gained!.id })
  written.gainedSpecialty = gainedSpecialty.id
  const lostSpecialty = next()
  await db.delete(doctorSpecialties).where(eq(doctorSpecialties.doctorId, lostSpecialty.id))
  written.lostSpecialty = lostSpecialty.id
  const movedSpecialty = next()
  const [moved] = await db.select({ id: specialties.id }).from(specialties).where(lacking(movedSpecialty)).limit(1)
  // One of their rows only: two moved to the same specialty would be one row twice.
  const [oneSpecialty] = await db.select().from(doctorSpecialties).where(eq(doctorSpecialties.doctorId, movedSpecialty.id)).limit(1)
  await db
    .update(doctorSpecialties)
    .set({ specialtyId: moved!.id })
    .where(and(eq(doctorSpecialties.doctorId, movedSpecialty.id), eq(doctorSpecialties.specialtyId, oneSpecialty!.specialtyId)))
  written.movedSpecialty = movedSpecialty.id

  const unlinked = (doctor: { id: DoctorId }) =>
    sql`${healthcareFacilities.id} NOT IN (SELECT facility_id FROM doctor_facilities WHERE doctor_id = ${doctor.id})`
  const joinedFacility = next()
  const [joined] = await db.select({ id: healthcareFacilities.id }).from(healthcareFacilities).where(unlinked(joinedFacility)).limit(1)
  await db.insert(doctorFacilities).values({ doctorId: joinedFacility.id, facilityId: joined!.id })
  written.joinedFacility = joinedFacility.id
  const leftFacility = next()
  await db.delete(doctorFacilities).where(eq(doctorFacilities.doctorId, leftFacility.id))
  written.leftFacility = leftFacility.id
  const movedFacility = next()
  const [elsewhere] = await db.select({ id: healthcareFacilities.id }).from(healthcareFacilities).where(unlinked(movedFacility)).limit(1)
  const [oneFacility] = await db.select().from(doctorFacilities).where(eq(doctorFacilities.doctorId, movedFacility.id)).limit(1)
  await db
    .update(doctorFacilities)
    .set({ facilityId: elsewhere!.id })
    .where(and(eq(doctorFacilities.doctorId, movedFacility.id), eq(doctorFacilities.facilityId, oneFacility!.facilityId)))
  written.movedFacility = movedFacility.id

  const newLocation = next()
  await db.insert(locations).values({ userId: newLocation.userId, address: "12 rue Neuve", city: "Thiès", position: 9, lat: 14.79, lng: -16.93 })
  written.newLocation = newLocation.id
  const editedLocation = next()
  await db.update(locations).set({ zip: "21000" }).where(eq(locations.userId, editedLocation.userId))
  written.editedLocation = editedLocation.id

  const [user] = await db
    .insert(users)
    .values({ email: "nouveau.medecin@demo.sn", passwordHash: "x", role: "DOCTOR", firstName: "Nouveau", lastName: "Médecin" })
    .returning({ id: users.id })
  const [doctor] = await db.insert(doctors).values({ userId: user!.id, refNumber: "SN-NEW-1", careerStartYear: 2020 }).returning({ id: doctors.id })
  written.added = doctor!.id
}

afterAll(async () => {
  await gw?.stop()
})

/** Every doctor's record, assembled from the tables one list at a time. */
async function assembledRecords(): Promise<Map<string, Doctor>> {
  const db = gw.db
  const people = await db.select().from(doctors).innerJoin(users, eq(users.id, doctors.userId))
  const ids = people.map(({ doctors: d }) => d.id)
  const specialtyRows = await db
    .select({ doctorId: doctorSpecialties.doctorId, id: specialties.id, code: specialties.code, label: specialties.label })
    .from(doctorSpecialties)
    .innerJoin(specialties, eq(specialties.id, doctorSpecialties.specialtyId))
    .orderBy(asc(specialties.label))
  const serviceRows = await db.select().from(providedServices).orderBy(asc(providedServices.code))
  const facilityRows = await db
    .select({ doctorId: doctorFacilities.doctorId, f: healthcareFacilities })
    .from(doctorFacilities)
    .innerJoin(healthcareFacilities, eq(healthcareFacilities.id, doctorFacilities.facilityId))
    .orderBy(asc(healthcareFacilities.name))
  const locationRows = await db.select().from(locations).orderBy(asc(locations.position))
  const nextRows = await db
    .select({ doctorId: timeSlots.doctorId, next: min(timeSlots.startsAt) })
    .from(timeSlots)
    .where(and(inArray(timeSlots.doctorId, ids), eq(timeSlots.status, "AVAILABLE"), gt(timeSlots.startsAt, sql`now()`)))
    .groupBy(timeSlots.doctorId)
  const next = new Map(nextRows.map((r) => [r.doctorId, r.next]))
  const records = new Map<string, Doctor>()
  for (const { doctors: d, users: u } of people) {
    const nextSlot = next.get(d.id)
    records.set(d.id, {
      id: d.id,
      userId: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      phoneNumber: u.phoneNumber,
      civility: u.civility,
      refNumber: d.refNumber,
      photoUrl: u.photoUrl,
      biography: d.biography,
      website: d.website,
      careerStartYear: d.careerStartYear,
      consultationFee: d.consultationFee,
      averageRate: Math.round(d.averageRate * 100) / 100,
      reviewCount: d.reviewCount,
      nextAvailability: nextSlot ? new Date(nextSlot).toISOString().replace(/\.\d{3}Z$/, "Z") : null,
      specialties: specialtyRows.filter((s) => s.doctorId === d.id).map(({ id, code, label }) => ({ id, code, label })),
      doctorSpokenLanguages: d.spokenLanguages as Doctor["doctorSpokenLanguages"],
      insuranceAccepted: d.insuranceAccepted,
      providedServices: serviceRows.filter((s) => s.doctorId === d.id).map(({ id, code, price }) => ({ id, code, price })),
      locations: locationRows
        .filter((l) => l.userId === u.id)
        .map((l) => ({
          id: l.id,
          address: l.address,
          city: l.city,
          state: l.state,
          zip: l.zip,
          country: l.country,
          isPrimary: l.isPrimary,
          residency: l.residency,
          coordinates: l.lat !== null && l.lng !== null ? { lat: l.lat, lng: l.lng } : null,
        })),
      healthcareFacilities: facilityRows
        .filter((r) => r.doctorId === d.id)
        .map(({ f }) => ({
          id: f.id,
          name: f.name,
          photoUrl: f.photoUrl,
          isPartner: f.isPartner,
          location: { address: f.address, city: f.city, state: f.state },
          phoneNumber: f.phoneNumber,
          website: f.website,
          careTypes: f.careTypes,
        })),
      awards: d.awards,
      publications: d.publications,
      clinicPhotos: d.clinicPhotos,
      education: d.education,
    })
  }
  return records
}

describe("a doctor's whole record, as the profile and the search show it", () => {
  it("the profile of every doctor is their tables' record, with exactly the fields of a Doctor", async () => {
    const expected = await assembledRecords()
    expect(expected.size).toBeGreaterThan(20)
    for (const [id, record] of expected) {
      const response = await gw.api("GET", `/doctors/${id}`)
      expect(response.status).toBe(200)
      expect(Object.keys(response.body as object).sort()).toEqual(Object.keys(Doctor.fields).sort())
      expect(response.body).toStrictEqual(record)
    }
  })

  it("plants the uncommon cases it claims to check", async () => {
    const expected = await assembledRecords()
    const bareRecord = expected.get(bare)!
    expect(bareRecord).toMatchObject({ specialties: [], providedServices: [], healthcareFacilities: [], locations: [], nextAvailability: null })
    expect(expected.get(rounded)!.averageRate).toBe(4.13)
    const records = [...expected.values()]
    expect(records.some((r) => r.locations.some((l) => l.coordinates === null))).toBe(true)
    expect(records.some((r) => r.healthcareFacilities.some((f) => f.location.state === null))).toBe(true)
    expect(records.some((r) => r.nextAvailability !== null)).toBe(true)
    const record = (kind: string) => expected.get(written[kind]!)!
    expect(record("renamed")).toMatchObject({ firstName: "Renommée", photoUrl: "/photos/renommee.png" })
    expect(record("addedService").providedServices.map((s) => s.price)).toContain(12_345)
    expect(record("repriced").providedServices.map((s) => s.price)).toContain(23_456)
    expect(record("lostSpecialty").specialties).toEqual([])
    expect(record("leftFacility").healthcareFacilities).toEqual([])
    expect(record("joinedFacility").healthcareFacilities.length).toBeGreaterThan(0)
    expect(records.some((r) => r.healthcareFacilities.some((f) => f.name === "Centre renommé"))).toBe(true)
    expect(record("newLocation").locations.map((l) => l.city)).toContain("Thiès")
    expect(record("editedLocation").locations.map((l) => l.zip)).toContain("21000")
    expect(record("editedLocation").locations.every((l) => l.zip === "21000")).toBe(true)
    expect(record("added")).toMatchObject({ firstName: "Nouveau", refNumber: "SN-NEW-1", specialties: [], locations: [] })
    expect(records.some((r) => r.specialties.some((s) => s.label === "Spécialité renommée"))).toBe(true)
    expect(new Set(Object.values(written)).size).toBe(Object.keys(written).length)
  })

  it("every search page carries the same records, and the pages together every listed doctor", async () => {
    const expected = await assembledRecords()
    const seen: string[] = []
    for (let offset = 0; offset < expected.size; offset += 7) {
      const response = await gw.api("POST", "/doctors/search", { body: { paginationSettings: { offset, limit: 7 }, query: {} } })
      expect(response.status).toBe(200)
      const page = Schema.decodeUnknownSync(DoctorSearchResponse)(response.body)
      for (const doctor of (response.body as { data: unknown[] }).data) expect(doctor).toStrictEqual(expected.get((doctor as Doctor).id))
      seen.push(...page.data.map((d) => d.id))
    }
    const listed = await gw.db.select({ id: doctors.id }).from(doctors).innerJoin(users, eq(users.id, doctors.userId)).where(eq(users.isActive, true))
    expect(seen.sort()).toEqual(listed.map((d) => d.id).sort())
  })
})
