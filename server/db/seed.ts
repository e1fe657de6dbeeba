import { and, asc, eq, gte, sql } from "drizzle-orm"
import type { PgInsertValue, PgTable } from "drizzle-orm/pg-core"
import { Temporal } from "temporal-polyfill"
import { refreshDoctorSearchFields } from "../repositories/doctors.ts"
import { hashPassword } from "../auth/passwords.ts"
import { generateSlotsForDoctors } from "../scheduling/slots.ts"
import type { Database, Db } from "./client.ts"
import { DEMO_PASSWORD } from "./demoAccounts.ts"
import * as t from "./schema.ts"
import { addPastAppointment, addReviews } from "./seedData/activityRows.ts"
import { DEMO_DOCTOR, DEMO_DOCTOR_2, DEMO_PATIENT, DEMO_PATIENT_2, DEPOSIT_DOCTOR_EMAIL, SEED_ACCOUNTS } from "./seedData/demo.ts"
import { addDoctor, type SeededDoctor } from "./seedData/doctorRows.ts"
import { addPatient, type SeededPatient } from "./seedData/patientRows.ts"
import { CITIES, FACILITIES, hoursOf } from "./seedData/places.ts"
import { createRandom, createSequentialIds } from "./seedData/random.ts"
import { addUser, emptyRows, type FacilityRef, localDay, type SeedContext, type SeedRows } from "./seedData/rows.ts"
import { SPECIALTIES } from "./seedData/specialties.ts"
import { inTransaction } from "./transaction.ts"
import type { DependantId, FacilityId } from "../../schemas/ids.ts"

export { SEED_ACCOUNTS }

export interface SeedOptions {
  /** Total number of doctors, the two demo doctors included (default 48). */
  readonly doctors?: number
  /** The seed's "now": slots, appointments and reviews are placed around it. */
  readonly now?: Date
  /** Weeks of time slots to generate ahead (default 4); benchmarks at 100,000 doctors use fewer. */
  readonly weeks?: number
}

export interface SeedSummary {
  readonly users: number
  readonly doctors: number
  readonly patients: number
  readonly specialties: number
  readonly facilities: number
  readonly availabilities: number
  readonly timeSlots: number
  readonly appointments: number
  readonly reviews: number
  readonly durationMs: number
  /** Milliseconds per phase, to see where a large seed spends its time. */
  readonly timings: Readonly<Record<string, number>>
}

const DEFAULT_DOCTORS = 48
const REVIEWED_DOCTORS = 40
const EXTRA_PATIENTS = 20

/**
 * Seeds an empty database once, however many gateways start on it together (they take turns: the
 * second finds it seeded). With `demoData` the demo accounts, doctors and appointments; without it
 * the reference data only (specialties and healthcare facilities), and no account at all.
 */
export async function seedOnFirstStart(
  database: Pick<Database, "db" | "exclusively">,
  log: (line: string) => void = console.log,
  { demoData }: { demoData: boolean } = { demoData: true },
): Promise<boolean> {
  return database.exclusively(async () => {
    if (await hasReferenceData(database.db)) return false
    log(demoData ? "Seeding demo data (first start)…" : "Seeding the reference data (first start, DEMO_DATA=false: no accounts)…")
    if (demoData) await seed(database.db, {})
    else await seedReferenceData(database.db)
    return true
  })
}

/** True once the demo data is there (the admin demo account exists). */
export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(sql`lower(${t.users.email}) = 'admin@demo.sn'`)
    .limit(1)
  return rows.length > 0
}

/** True once a first start has seeded anything: both seeds begin with the specialties. */
export async function hasReferenceData(db: Db): Promise<boolean> {
  return (await db.select({ id: t.specialties.id }).from(t.specialties).limit(1)).length > 0
}

/**
 * The reference data of a production start: the specialties and the healthcare facilities, with
 * the ids the demo seed gives them, without the demo's invented ratings. No users, doctors,
 * patients, reviews or appointments.
 */
export async function seedReferenceData(db: Db): Promise<{ specialties: number; facilities: number }> {
  const { rows } = createContext(Temporal.Now.instant(), "")
  await inTransaction(db, async (tx) => {
    await insertChunked(tx, t.specialties, rows.specialties)
    // Their ratings in the demo are invented: a real directory starts with none.
    await insertChunked(
      tx,
      t.healthcareFacilities,
      rows.facilities.map((facility) => ({ ...facility, rating: 0, reviewCount: 0 })),
    )
  })
  return { specialties: rows.specialties.length, facilities: rows.facilities.length }
}

/**
 * Fills an empty, migrated database with demo data for Senegal and Chad. The data (ids
 * included) is the same for a given `now` and doctor count; only the password salt and the
 * slot ids differ between runs. One transaction: a failure leaves no half seed behind.
 */
export async function seed(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now()
  const timings: Record<string, number> = {}
  let mark = started
  const lap = (name: string) => {
    const at = performance.now()
    timings[name] = Math.round(at - mark)
    mark = at
  }

  const now = Temporal.Instant.fromEpochMilliseconds((options.now ?? new Date()).getTime())
  // scrypt is deliberately slow: one hash shared by every seeded account.
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  lap("hash")

  const ctx = createContext(now, passwordHash)
  const people = buildPeople(ctx, Math.max(2, options.doctors ?? DEFAULT_DOCTORS))
  lap("build")

  return inTransaction(db, async (tx) => {
    await insertRows(tx, ctx.rows)
    lap("insert")
    const timeSlots = await withoutTriggers(tx, () =>
      generateSlotsForDoctors(
        tx,
        people.doctors.map((d) => d.doctorId),
        { now, ...(options.weeks ? { weeks: options.weeks } : {}) },
      ),
    )
    lap("slots")
    const upcoming = await bookUpcoming(tx, ctx, people)
    await refreshAllDoctorSearchFields(tx)
    await refreshDoctorRatings(tx)
    lap("finish")
    return {
      users: ctx.rows.users.length,
      doctors: ctx.rows.doctors.length,
      patients: ctx.rows.patients.length,
      specialties: ctx.rows.specialties.length,
      facilities: ctx.rows.facilities.length,
      availabilities: ctx.rows.availabilities.length,
      timeSlots,
      appointments: ctx.rows.appointments.length + upcoming,
      reviews: ctx.rows.reviews.length,
      durationMs: Math.round(performance.now() - started),
      timings,
    }
  })
}

/** Specialties and facilities first: doctors refer to them. */
function createContext(now: Temporal.Instant, passwordHash: string): SeedContext {
  const rows = emptyRows()
  const ids = createSequentialIds(0x5eed1d)
  const rng = createRandom(0x5e4e9a1)
  const specialtyIds = new Map<string, string>()
  for (const s of SPECIALTIES) {
    const id = ids.uuid()
    specialtyIds.set(s.code, id)
    rows.specialties.push({ id, code: s.code, label: s.label })
  }
  const facilities: FacilityRef[] = FACILITIES.map((f) => {
    const city = CITIES.find((c) => c.name === f.city)
    if (!city) throw new Error(`Facility ${f.name} is in an unknown city ${f.city}`)
    const id = ids.uuid<FacilityId>()
    rows.facilities.push({
      id,
      name: f.name,
      facilityType: f.type,
      isPartner: f.isPartner,
      rating: Math.round((3.5 + rng.next() * 1.4) * 10) / 10,
      reviewCount: rng.int(5, 240),
      lat: f.lat,
      lng: f.lng,
      address: f.address,
      city: f.city,
      state: city.state,
      country: city.country,
      phoneNumber: f.phone,
      website: f.website,
      hours: hoursOf(f.type),
      careTypes: [...f.careTypes],
      emergency: f.type === "HOSPITAL",
      timeZone: city.timeZone,
    })
    return { id, name: f.name, city: f.city, type: f.type, timeZone: city.timeZone }
  })
  return { rng, ids, passwordHash, now, rows, specialtyIds, facilities }
}

interface People {
  readonly doctors: ReadonlyArray<SeededDoctor>
  readonly demoDoctor: SeededDoctor
  readonly demoDoctor2: SeededDoctor
  readonly demoPatient: SeededPatient
  readonly demoPatient2: SeededPatient
  readonly patients: ReadonlyArray<SeededPatient>
}

function buildPeople(ctx: SeedContext, doctorCount: number): People {
  const demoDoctor = addDoctor(ctx, 0, DEMO_DOCTOR)
  const demoDoctor2 = addDoctor(ctx, 1, DEMO_DOCTOR_2)
  const generated = Array.from({ length: doctorCount - 2 }, (_, i) => addDoctor(ctx, i + 2))
  const doctors = [demoDoctor, demoDoctor2, ...generated]

  const demoPatient = addPatient(ctx, 0, DEMO_PATIENT)
  const demoPatient2 = addPatient(ctx, 1, DEMO_PATIENT_2)
  const patients = Array.from({ length: EXTRA_PATIENTS }, (_, i) => addPatient(ctx, i + 2))

  const managerId = addUser(ctx, {
    email: "manager@demo.sn",
    role: "MANAGER",
    firstName: "Khady",
    lastName: "Sow",
    civility: "WOMAN",
    phoneNumber: "+221775550101",
  })
  const hospital = ctx.facilities.find((f) => f.name === "Hôpital Principal de Dakar")
  ctx.rows.managers.push({ userId: managerId, facilityId: hospital?.id ?? null })
  addUser(ctx, { email: "admin@demo.sn", role: "ADMIN", firstName: "Admin", lastName: "Promed" })

  // Reviews come from the generated patients only: the demo patients' reviews are left to tests.
  addReviews(ctx, doctors.slice(0, REVIEWED_DOCTORS), patients)

  // The demo patient has seen the demo doctor, so she may review him; and a dermatologist once.
  addPastAppointment(ctx, demoDoctor, demoPatient, 40, { reason: "Bilan cardiologique annuel" })
  const dermatologist = generated.find((d) => d.specialtyCodes.includes("DERMATOLOGY")) ?? demoDoctor2
  addPastAppointment(ctx, dermatologist, demoPatient, 95, { reason: "Éruption cutanée" })
  addPastAppointment(ctx, demoDoctor2, demoPatient2, 20, { reason: "Fièvre persistante depuis trois jours" })
  const canceledAt = new Date(ctx.now.epochMilliseconds - 12 * 86_400_000)
  addPastAppointment(ctx, demoDoctor, demoPatient, 10, { reason: "Contrôle de la tension artérielle", canceledAt })

  ctx.rows.medicalRecords.push({
    id: ctx.ids.uuid(),
    patientId: demoPatient.patientId,
    title: "Bilan lipidique et glycémie à jeun",
    type: "LAB_RESULT",
    description: "Cholestérol LDL légèrement élevé (1,45 g/L), glycémie normale. Contrôle dans six mois.",
    recordDate: localDay(ctx, "Africa/Dakar", -38).toString(),
    doctorName: "Dr Moussa Ndiaye",
    doctorSpecialty: "Cardiologie",
  })
  giveDepositLogin(ctx, generated)
  return { doctors, demoDoctor, demoDoctor2, demoPatient, demoPatient2, patients }
}

/**
 * Issue 40's demo of deposits: a doctor in Dakar who asks every patient 5,000 FCFA to book. An
 * existing generated doctor gets the login (so no search finds one doctor more), the first in
 * Dakar whom the seed's own scenes leave alone (not the pediatrician nor the dermatologist the demo
 * patients see). Changed after every draw, so nothing else of the seed moves.
 */
function giveDepositLogin(ctx: SeedContext, generated: ReadonlyArray<SeededDoctor>): void {
  const doctor = generated.find((d) => d.city.name === "Dakar" && !d.specialtyCodes.some((code) => code === "PEDIATRICS" || code === "DERMATOLOGY"))
  if (!doctor) return
  const user = ctx.rows.users.find((u) => u.id === doctor.userId)
  const settings = ctx.rows.doctorSettings.find((row) => row.doctorId === doctor.doctorId)
  if (!user || !settings) return
  Object.assign(user, { email: DEPOSIT_DOCTOR_EMAIL })
  Object.assign(settings, { depositFor: "ALL", bookingDeposit: 5000 })
}

/**
 * Runs a bulk load without per-row triggers, as pg_restore --disable-triggers does. The slots
 * only reference doctors, availabilities and facilities that generateSlots has just read in
 * this transaction, so the foreign-key triggers (a third of the insert cost on PGlite) cannot
 * find anything wrong. It needs a superuser (PGlite always is); otherwise the checks stay on.
 */
async function withoutTriggers<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const disabled = await inTransaction(db, async (savepoint) => {
    await savepoint.execute(sql`SET LOCAL session_replication_role = replica`)
    return true
  }).catch(() => false)
  try {
    return await work()
  } finally {
    if (disabled) await db.execute(sql`SET LOCAL session_replication_role = origin`)
  }
}

/** Rows per statement: large enough to be fast, small enough for the 65,535 parameter limit. */
async function insertChunked<T extends PgTable>(db: Db, table: T, rows: ReadonlyArray<PgInsertValue<T>>): Promise<void> {
  const first = rows[0]
  if (!first) return
  const size = Math.max(1, Math.min(2000, Math.floor(30_000 / Object.keys(first).length)))
  for (let i = 0; i < rows.length; i += size) await db.insert(table).values(rows.slice(i, i + size))
}

/** In foreign-key order. */
async function insertRows(db: Db, rows: SeedRows): Promise<void> {
  await insertChunked(db, t.users, rows.users)
  await insertChunked(db, t.specialties, rows.specialties)
  await insertChunked(db, t.healthcareFacilities, rows.facilities)
  await insertChunked(db, t.managers, rows.managers)
  await insertChunked(db, t.locations, rows.locations)
  await insertChunked(db, t.doctors, rows.doctors)
  await insertChunked(db, t.doctorSpecialties, rows.doctorSpecialties)
  await insertChunked(db, t.providedServices, rows.providedServices)
  await insertChunked(db, t.doctorSettings, rows.doctorSettings)
  await insertChunked(db, t.doctorFacilities, rows.doctorFacilities)
  await insertChunked(db, t.availabilities, rows.availabilities)
  await insertChunked(db, t.patients, rows.patients)
  await insertChunked(db, t.patientSettings, rows.patientSettings)
  await insertChunked(db, t.dependants, rows.dependants)
  await insertChunked(db, t.emergencyContacts, rows.emergencyContacts)
  await insertChunked(db, t.medicalAlerts, rows.medicalAlerts)
  await insertChunked(db, t.medicalRecords, rows.medicalRecords)
  await insertChunked(db, t.appointments, rows.appointments)
  await insertChunked(db, t.reviews, rows.reviews)
  await insertChunked(db, t.reviewReactions, rows.reviewReactions)
}

/**
 * Upcoming CONFIRMED appointments on real generated slots (the slot becomes BOOKED), so the
 * demo doctor's agenda and the demo patient's list are not empty. Returns how many were booked.
 */
async function bookUpcoming(db: Db, ctx: SeedContext, people: People): Promise<number> {
  const { demoDoctor, demoDoctor2, demoPatient, demoPatient2, patients } = people
  const pediatrician = people.doctors.find((d) => d !== demoDoctor2 && d.city.name === "Dakar" && d.specialtyCodes.includes("PEDIATRICS")) ?? demoDoctor2
  const plan: { doctor: SeededDoctor; patient: SeededPatient; hoursAhead: number; skip: number; reason: string; dependantId?: DependantId }[] = [
    // More than 48 hours ahead, so tests may still cancel or reschedule it.
    { doctor: demoDoctor, patient: demoPatient, hoursAhead: 72, skip: 0, reason: "Douleurs thoraciques à l'effort" },
    { doctor: demoDoctor, patient: demoPatient2, hoursAhead: 24, skip: 2, reason: "Contrôle de la tension artérielle" },
    { doctor: demoDoctor2, patient: demoPatient2, hoursAhead: 72, skip: 1, reason: "Consultation de suivi" },
    { doctor: pediatrician, patient: demoPatient, hoursAhead: 48, skip: 3, reason: "Vaccination et contrôle de croissance", ...withDependant(demoPatient) },
  ]
  for (const [i, patient] of patients.slice(0, 3).entries()) {
    plan.push({ doctor: demoDoctor, patient, hoursAhead: 24 + 48 * i, skip: 4, reason: "Bilan de santé annuel" })
  }

  let booked = 0
  for (const p of plan) {
    const after = new Date(ctx.now.epochMilliseconds + p.hoursAhead * 3600_000)
    const [slot] = await db
      .select()
      .from(t.timeSlots)
      .where(and(eq(t.timeSlots.doctorId, p.doctor.doctorId), eq(t.timeSlots.status, "AVAILABLE"), gte(t.timeSlots.startsAt, after)))
      .orderBy(asc(t.timeSlots.startsAt))
      .offset(p.skip)
      .limit(1)
    if (!slot) continue
    await db.update(t.timeSlots).set({ status: "BOOKED" }).where(eq(t.timeSlots.id, slot.id))
    await db.insert(t.appointments).values({
      id: ctx.ids.uuid(),
      doctorId: p.doctor.doctorId,
      patientId: p.patient.patientId,
      dependantId: p.dependantId ?? null,
      timeSlotId: slot.id,
      appointmentTime: slot.startsAt,
      timeZone: slot.timeZone,
      appointmentType: "CLINIC",
      status: "CONFIRMED",
      facilityId: slot.facilityId,
      reason: p.reason,
      location: null,
    })
    booked++
  }
  return booked
}

const withDependant = (patient: SeededPatient): { dependantId?: DependantId } => (patient.dependantIds[0] ? { dependantId: patient.dependantIds[0] } : {})

/** The search columns of every seeded doctor, in one statement. */
export const refreshAllDoctorSearchFields = (db: Db): Promise<void> => refreshDoctorSearchFields(db, null)

/** Average and count of live reviews; doctors without reviews keep their placeholder score. */
async function refreshDoctorRatings(db: Db): Promise<void> {
  await db.execute(sql`
    UPDATE doctors d SET average_rate = r.average, review_count = r.total
    FROM (SELECT doctor_id, avg(rating)::float8 AS average, count(*)::int AS total
          FROM reviews WHERE deleted_at IS NULL GROUP BY doctor_id) r
    WHERE r.doctor_id = d.id
  `)
}
