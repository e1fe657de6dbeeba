import { and, eq, sql } from "drizzle-orm"
import { availabilities, emergencyContacts, medicalRecords, reviewReactions, reviews, timeSlots } from "../../server/db/schema.ts"
import type { TestGateway } from "../../server/testing/testGateway.ts"
import type { DoctorId, PatientId, TimeSlotId, UserId } from "../../schemas/ids.ts"
import { testIds } from "../../schemas/testIds.ts"

/** Who calls: a visitor, each role, and for owned ids an owner and a non-owner of the same role. */
export const CALLERS = ["visitor", "patientA", "patientB", "doctorA", "doctorB", "manager", "admin"] as const
export type CallerName = (typeof CALLERS)[number]

const EMAILS: Record<Exclude<CallerName, "visitor">, string> = {
  patientA: "patient@demo.sn",
  patientB: "patient2@demo.sn",
  doctorA: "doctor@demo.sn",
  doctorB: "doctor2@demo.sn",
  manager: "manager@demo.sn",
  admin: "admin@demo.sn",
}

export type Tokens = Record<CallerName, string | null>

/** A session per identity, signed in through the login site's token endpoint. */
export async function signInEveryone(gw: TestGateway): Promise<Tokens> {
  const tokens = { visitor: null } as Tokens
  for (const [name, email] of Object.entries(EMAILS)) tokens[name as CallerName] = await gw.signIn(email)
  return tokens
}

interface SessionIds {
  userId: UserId
  patientId?: PatientId
  doctorId?: DoctorId
}

async function idsOf(gw: TestGateway, token: string): Promise<SessionIds> {
  const session = (await gw.api("GET", "/session", { token })).body
  return { userId: session.id, patientId: session.metadata.patient?.id, doctorId: session.metadata.doctor?.id }
}

export interface Fixtures {
  userA: UserId
  userB: UserId
  patientA: PatientId
  patientB: PatientId
  doctorA: DoctorId
  doctorB: DoctorId
  /** A CONFIRMED appointment of patient A with doctor A, 10 hours ahead: inside the 24-hour rule. */
  nearAppointment: string
  /** A free slot of doctor A, days ahead. */
  freeSlotA: { id: TimeSlotId; startsAt: string }
  /** An availability of doctor A with no booked slot, to delete. */
  spareAvailability: string
  /** A patient seen by doctor A and never by doctor B. */
  patientOfDoctorAOnly: string
  contactOfA: string
  /** A second emergency contact of patient A, to delete. */
  contactToDeleteOfA: string
  recordOfA: string
  /** Reviews written by patient A: on doctor A (to edit), on doctor B (to soft-delete), and one to hard-delete. */
  reviewToEdit: string
  reviewToSoftDelete: string
  reviewToHardDelete: string
  /** Someone else's review on doctor A that patient B has already liked. */
  reviewLikedByB: string
}

/** The id in the first row of a raw query (PGlite and node-postgres both answer `{ rows }`). */
const firstId = (result: unknown): string => (result as { rows: Array<{ id: string }> }).rows[0]!.id

const utc = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z")

/**
 * Ids owned by known identities, made straight in the database where the API would need a
 * long detour (an appointment 10 hours ahead, reviews, a reaction), and read from it otherwise.
 */
export async function createFixtures(gw: TestGateway, tokens: Tokens): Promise<Fixtures> {
  const { db } = gw
  const a = await idsOf(gw, tokens.patientA!)
  const b = await idsOf(gw, tokens.patientB!)
  const docA = await idsOf(gw, tokens.doctorA!)
  const docB = await idsOf(gw, tokens.doctorB!)

  const [slot] = await db
    .select({ id: timeSlots.id, startsAt: timeSlots.startsAt, facilityId: timeSlots.facilityId })
    .from(timeSlots)
    .where(and(eq(timeSlots.doctorId, docA.doctorId!), eq(timeSlots.status, "AVAILABLE"), sql`${timeSlots.startsAt} > now() + interval '3 days'`))
    .orderBy(timeSlots.startsAt)
    .limit(1)

  // The appointment 10 hours ahead rides on a slot of its own, made for it.
  const [availability] = await db
    .insert(availabilities)
    .values({ doctorId: docA.doctorId!, dayOfWeek: "SUNDAY", startTime: "23:00", endTime: "23:30", isRecurring: false, slotDurationMinutes: 30 })
    .returning({ id: availabilities.id })
  const soon = new Date(Date.now() + 10 * 3600_000)
  const [nearSlot] = await db
    .insert(timeSlots)
    .values({
      doctorId: docA.doctorId!,
      availabilityId: availability!.id,
      slotDate: "2099-01-01",
      startTime: "00:00",
      endTime: "00:30",
      startsAt: soon,
      timeZone: "Africa/Dakar",
      status: "BOOKED",
    })
    .returning({ id: timeSlots.id })
  const near = await db.execute(sql`
    INSERT INTO appointments (doctor_id, patient_id, time_slot_id, appointment_time, appointment_type, status, reason)
    VALUES (${docA.doctorId}, ${a.patientId}, ${nearSlot!.id}, ${soon.toISOString()}, 'CLINIC', 'CONFIRMED', 'Contrôle')
    RETURNING id`)

  const [spare] = await db
    .insert(availabilities)
    .values({ doctorId: docA.doctorId!, dayOfWeek: "SUNDAY", startTime: "06:00", endTime: "06:30", isRecurring: false, slotDurationMinutes: 30 })
    .returning({ id: availabilities.id })

  const seenByA = await db.execute(sql`
    SELECT DISTINCT patient_id AS id FROM appointments a WHERE doctor_id = ${docA.doctorId}
      AND NOT EXISTS (SELECT 1 FROM appointments b WHERE b.patient_id = a.patient_id AND b.doctor_id = ${docB.doctorId})
    LIMIT 1`)

  const patientA = (await gw.api("GET", `/patients/${a.patientId}`, { token: tokens.patientA })).body
  const [record] = await db
    .insert(medicalRecords)
    .values({ patientId: a.patientId!, title: "Bilan", type: "LAB_RESULT", description: "Bilan sanguin", recordDate: "2026-01-10" })
    .returning({ id: medicalRecords.id })

  const [spareContact] = await db
    .insert(emergencyContacts)
    .values({ patientId: a.patientId!, firstName: "Awa", lastName: "Sarr", phoneNumber: "+221770009988", relationship: "SIBLING", priority: 9 })
    .returning({ id: emergencyContacts.id })

  const comment = "Médecin attentif, explications claires et cabinet bien tenu."
  const someoneElse = await db.execute(sql`
    SELECT id FROM reviews WHERE doctor_id = ${docA.doctorId} AND patient_id NOT IN (${a.patientId}, ${b.patientId}) AND deleted_at IS NULL LIMIT 1`)
  const otherDoctor = await db.execute(sql`SELECT id FROM doctors WHERE id NOT IN (${docA.doctorId}, ${docB.doctorId}) LIMIT 1`)
  const written = await db
    .insert(reviews)
    .values([
      { doctorId: docA.doctorId!, patientId: a.patientId!, rating: 4, comment },
      { doctorId: docB.doctorId!, patientId: a.patientId!, rating: 3, comment },
      { doctorId: testIds.doctor(firstId(otherDoctor)), patientId: a.patientId!, rating: 5, comment },
    ])
    .returning({ id: reviews.id })
  const likedByB = firstId(someoneElse)
  await db.insert(reviewReactions).values({ reviewId: testIds.review(likedByB), userId: b.userId, reactionType: "LIKE" })

  return {
    userA: a.userId,
    userB: b.userId,
    patientA: a.patientId!,
    patientB: b.patientId!,
    doctorA: docA.doctorId!,
    doctorB: docB.doctorId!,
    nearAppointment: firstId(near),
    freeSlotA: { id: slot!.id, startsAt: utc(slot!.startsAt) },
    spareAvailability: spare!.id,
    patientOfDoctorAOnly: firstId(seenByA),
    contactOfA: patientA.emergencyContacts[0].id,
    contactToDeleteOfA: spareContact!.id,
    recordOfA: record!.id,
    reviewToEdit: written[0]!.id,
    reviewToSoftDelete: written[1]!.id,
    reviewToHardDelete: written[2]!.id,
    reviewLikedByB: likedByB,
  }
}
