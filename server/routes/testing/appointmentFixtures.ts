import { and, asc, eq, gt } from "drizzle-orm"
import { expect } from "vitest"
import { Temporal } from "temporal-polyfill"
import { createSession } from "../../auth/sessions.ts"
import { availabilities, dependants, doctors, patients, timeSlots, users } from "../../db/schema.ts"
import { toUtcSeconds } from "../../db/time.ts"
import type { TestGateway } from "../../testing/testGateway.ts"
import type { DoctorId, PatientId, TimeSlotId, UserId } from "../../../schemas/ids.ts"

/** The record ids behind a demo account. */
export async function idsOf(gw: TestGateway, email: string): Promise<{ userId: UserId; patientId: PatientId | null; doctorId: DoctorId | null }> {
  const [row] = await gw.db
    .select({ userId: users.id, patientId: patients.id, doctorId: doctors.id })
    .from(users)
    .leftJoin(patients, eq(patients.userId, users.id))
    .leftJoin(doctors, eq(doctors.userId, users.id))
    .where(eq(users.email, email))
  if (!row) throw new Error(`no user ${email}`)
  return row
}

/** A slot of the doctor starting `hoursAhead` hours from now (to the minute), inserted as AVAILABLE. */
export async function insertSlot(gw: TestGateway, doctorId: DoctorId, hoursAhead: number) {
  const [availability] = await gw.db.select().from(availabilities).where(eq(availabilities.doctorId, doctorId)).limit(1)
  if (!availability) throw new Error("the doctor has no availability")
  let start = Temporal.Now.instant()
    .add({ minutes: Math.round(hoursAhead * 60) })
    .round({ smallestUnit: "minute", roundingMode: "ceil" })
  // The doctor has one slot per local start: step a minute until the start is free.
  for (let attempt = 0; attempt < 60; attempt++, start = start.add({ minutes: 1 })) {
    const local = start.toZonedDateTimeISO(availability.timeZone)
    const end = local.add({ minutes: 30 })
    const [slot] = await gw.db
      .insert(timeSlots)
      .values({
        doctorId,
        availabilityId: availability.id,
        facilityId: availability.facilityId,
        slotDate: local.toPlainDate().toString(),
        startTime: local.toPlainTime().toString({ smallestUnit: "minute" }),
        endTime: end.toPlainTime().toString({ smallestUnit: "minute" }),
        startsAt: new Date(start.epochMilliseconds),
        timeZone: availability.timeZone,
      })
      .onConflictDoNothing()
      .returning()
    if (slot) return { ...slot, startsAtUtc: toUtcSeconds(slot.startsAt) }
  }
  throw new Error("no free start found")
}

/** The next generated AVAILABLE slot of a doctor at least `hoursAhead` hours away. */
export async function nextAvailableSlot(gw: TestGateway, doctorId: DoctorId, hoursAhead = 48) {
  const after = new Date(Date.now() + hoursAhead * 3600_000)
  const [slot] = await gw.db
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.doctorId, doctorId), eq(timeSlots.status, "AVAILABLE"), gt(timeSlots.startsAt, after)))
    .orderBy(asc(timeSlots.startsAt))
    .limit(1)
  if (!slot) throw new Error("no available slot")
  return { ...slot, startsAtUtc: toUtcSeconds(slot.startsAt) }
}

export async function slotStatus(gw: TestGateway, slotId: TimeSlotId) {
  const [slot] = await gw.db.select({ status: timeSlots.status }).from(timeSlots).where(eq(timeSlots.id, slotId))
  return slot?.status
}

/** New patients with live sessions, made directly in the database (the login site is not under test). */
export async function createSignedInPatients(gw: TestGateway, count: number, tag: string): Promise<Array<{ patientId: PatientId; token: string }>> {
  const created = await gw.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `${tag}.${i}@test.promed.sn`,
        passwordHash: "scrypt$unused",
        role: "PATIENT" as const,
        firstName: `Test${i}`,
        lastName: tag,
      })),
    )
    .returning({ id: users.id })
  const patientRows = await gw.db
    .insert(patients)
    .values(created.map((u) => ({ userId: u.id })))
    .returning({ id: patients.id, userId: patients.userId })
  return Promise.all(patientRows.map(async (p) => ({ patientId: p.id, token: (await createSession(gw.db, p.userId, 3600_000)).token })))
}

/** The body of POST /appointments for a slot. */
export const bookingBody = (slot: { id: string; doctorId: DoctorId; startsAtUtc: string }, patientId: PatientId, extra: Record<string, unknown> = {}) => ({
  doctorId: slot.doctorId,
  patientId,
  timeSlotId: slot.id,
  appointmentTime: slot.startsAtUtc,
  appointmentType: "CLINIC",
  reason: "Douleurs au genou depuis une semaine",
  ...extra,
})

/** The patient's first dependant, and the answer to booking a new slot of the doctor for them. */
export async function bookForDependant(gw: TestGateway, patient: { token: string; patientId: PatientId }, doctorId: DoctorId, hoursAhead: number) {
  const [child] = await gw.db.select().from(dependants).where(eq(dependants.patientId, patient.patientId))
  const slot = await insertSlot(gw, doctorId, hoursAhead)
  const response = await gw.api("POST", "/appointments", { token: patient.token, body: bookingBody(slot, patient.patientId, { dependantId: child!.id }) })
  return { child: child!, response }
}

/** Parallel calls for one slot: no 5xx, exactly one 201, every other one 409 TIME_SLOT_ALREADY_BOOKED. */
export function expectOneWinner(responses: ReadonlyArray<{ status: number; body: { code?: string } | undefined }>): void {
  const statuses = responses.map((r) => r.status)
  expect(statuses.filter((s) => s >= 500)).toEqual([])
  expect(statuses.filter((s) => s === 201)).toHaveLength(1)
  const refused = responses.filter((r) => r.status === 409)
  expect(refused).toHaveLength(responses.length - 1)
  expect(new Set(refused.map((r) => r.body?.code))).toEqual(new Set(["TIME_SLOT_ALREADY_BOOKED"]))
}
