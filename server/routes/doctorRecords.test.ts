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
 * The records PostgreSQL writes (migration 0016's doctor_records_json) against records assembled
 * here from each table with plain reads, field by field as SPEC §3's Doctor names them: every
 * seeded doctor, through the profile and through search pages, with the uncommon cases planted
 * first (no lists at all, a location without coordinates, a facility without a state, a rating
 * that rounds).
 */

let gw: TestGateway
let bare: DoctorId
let rounded: DoctorId

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
})
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
