import { and, asc, count, desc, eq, gt, sql } from "drizzle-orm"
import { COLLECTION_CAPS } from "../../schemas/collectionCaps.ts"
import { inTransaction } from "../db/transaction.ts"
import { alias } from "drizzle-orm/pg-core"
import { Temporal } from "temporal-polyfill"
import { waitlistRangeErrors, type JoinSlotWaitlistRequest, type SlotWaitlistEntry } from "../../schemas/slotWaitlist.ts"
import { zoneOfCountry } from "../../schemas/timeZone.ts"
import type { Db } from "../db/client.ts"
import { appointments, dependants, doctors, locations, patients, slotOffers, slotWaitlistEntries, timeSlots, users } from "../db/schema.ts"
import { toUtcSeconds } from "../db/time.ts"
import { ApiError, forbidden, validationError } from "../http/errors.ts"
import { isUniqueViolation } from "../repositories/appointmentRules.ts"
import { lockPatient } from "../repositories/patientUpdates.ts"

type PatientId = (typeof patients.$inferSelect)["id"]

/** The doctor's zone, as the profile shows it: their primary address's country (zoneOfCountry), else Senegal's. */
async function zoneOfDoctor(db: Db, doctorUserId: (typeof users.$inferSelect)["id"]) {
  const [home] = await db
    .select({ country: locations.country })
    .from(locations)
    .where(eq(locations.userId, doctorUserId))
    .orderBy(desc(locations.isPrimary), asc(locations.position))
    .limit(1)
  return zoneOfCountry(home?.country)
}

/**
 * Joins a doctor's waitlist (issue 14) for the patient or one of their dependants: earlier than one
 * of their confirmed future appointments with that doctor (for the same person), or between two
 * dates from today (in the doctor's zone) to WAITLIST_RANGE_MAX_DAYS on. One entry per person and doctor.
 */
export async function joinWaitlist(
  db: Db,
  patientId: PatientId,
  body: JoinSlotWaitlistRequest,
  now: Temporal.Instant = Temporal.Now.instant(),
): Promise<string> {
  const [doctor] = await db.select({ id: doctors.id, userId: doctors.userId }).from(doctors).where(eq(doctors.id, body.doctorId))
  if (!doctor) throw new ApiError("DOCTOR_NOT_FOUND")
  const dependantId = body.dependantId ?? null
  if (dependantId) {
    const [dependant] = await db.select({ patientId: dependants.patientId }).from(dependants).where(eq(dependants.id, dependantId))
    if (dependant?.patientId !== patientId) throw forbidden("Only one's own dependants")
  }
  if (body.mode === "EARLIER_THAN_APPOINTMENT") {
    const [appointment] = await db.select().from(appointments).where(eq(appointments.id, body.appointmentId!))
    if (!appointment) throw new ApiError("APPOINTMENT_NOT_FOUND")
    if (appointment.patientId !== patientId) throw forbidden("Only one's own appointments")
    if (
      appointment.doctorId !== body.doctorId ||
      appointment.status !== "CONFIRMED" ||
      (appointment.dependantId ?? null) !== dependantId ||
      appointment.appointmentTime.getTime() <= now.epochMilliseconds
    ) {
      throw validationError([{ name: "appointmentId", message: "slotWaitlist.waitlistAppointment" }])
    }
  } else {
    // The dialog's own rule (schemas/slotWaitlist.ts), against today where the doctor works.
    const today = now
      .toZonedDateTimeISO(await zoneOfDoctor(db, doctor.userId))
      .toPlainDate()
      .toString()
    const errors = waitlistRangeErrors(body, today)
    if (errors.length > 0) throw validationError(errors)
  }
  try {
    return await inTransaction(db, async (tx) => {
      // Issue 38: doctors waited for at once, per account (dependants included), counted under the patient's lock.
      await lockPatient(tx, patientId)
      const [{ held } = { held: 0 }] = await tx.select({ held: count() }).from(slotWaitlistEntries).where(eq(slotWaitlistEntries.patientId, patientId))
      if (held >= COLLECTION_CAPS.waitlistEntries) {
        throw new ApiError("BUSINESS_ERROR", "Waiting for too many doctors at once", [{ name: "doctorId", message: "slotWaitlist.full" }])
      }
      const [row] = await tx
        .insert(slotWaitlistEntries)
        .values({
          patientId,
          dependantId,
          doctorId: body.doctorId,
          mode: body.mode,
          appointmentId: body.mode === "EARLIER_THAN_APPOINTMENT" ? body.appointmentId! : null,
          fromDate: body.mode === "BETWEEN_DATES" ? body.fromDate! : null,
          toDate: body.mode === "BETWEEN_DATES" ? body.toDate! : null,
        })
        .returning({ id: slotWaitlistEntries.id })
      return row!.id
    })
  } catch (error) {
    if (isUniqueViolation(error, "slot_waitlist_person_uq"))
      throw new ApiError("DUPLICATE_ENTRY", "Already waiting for this doctor", [{ name: "doctorId", message: "slotWaitlist.waitlistDuplicate" }])
    throw error
  }
}

const doctorUsers = alias(users, "doctor_users")
const patientUsers = alias(users, "patient_users")

/** A patient's entries, oldest first, each with its live offer (one whose time has not run out). */
export async function waitlistsOf(db: Db, patientId: PatientId, now: Temporal.Instant = Temporal.Now.instant()): Promise<SlotWaitlistEntry[]> {
  const rows = await db
    .select({
      entry: slotWaitlistEntries,
      doctorFirstName: doctorUsers.firstName,
      doctorLastName: doctorUsers.lastName,
      patientFirstName: patientUsers.firstName,
      patientLastName: patientUsers.lastName,
      dependantFirstName: dependants.firstName,
      dependantLastName: dependants.lastName,
      appointmentTime: appointments.appointmentTime,
      offerId: slotOffers.id,
      offerExpiresAt: slotOffers.expiresAt,
      slotId: timeSlots.id,
      slotStartsAt: timeSlots.startsAt,
      slotTimeZone: timeSlots.timeZone,
    })
    .from(slotWaitlistEntries)
    .innerJoin(doctors, eq(doctors.id, slotWaitlistEntries.doctorId))
    .innerJoin(doctorUsers, eq(doctorUsers.id, doctors.userId))
    .innerJoin(patients, eq(patients.id, slotWaitlistEntries.patientId))
    .innerJoin(patientUsers, eq(patientUsers.id, patients.userId))
    .leftJoin(dependants, eq(dependants.id, slotWaitlistEntries.dependantId))
    .leftJoin(appointments, eq(appointments.id, slotWaitlistEntries.appointmentId))
    .leftJoin(
      slotOffers,
      and(eq(slotOffers.entryId, slotWaitlistEntries.id), eq(slotOffers.status, "OFFERED"), gt(slotOffers.expiresAt, new Date(now.epochMilliseconds))),
    )
    .leftJoin(timeSlots, eq(timeSlots.id, slotOffers.timeSlotId))
    .where(eq(slotWaitlistEntries.patientId, patientId))
    .orderBy(asc(slotWaitlistEntries.createdAt))
  return rows.map((r) => ({
    id: r.entry.id,
    doctorId: r.entry.doctorId,
    doctorName: `${r.doctorFirstName} ${r.doctorLastName}`,
    doctor: { firstName: r.doctorFirstName, lastName: r.doctorLastName },
    patientId: r.entry.patientId,
    dependantId: r.entry.dependantId,
    attendeeName: r.dependantFirstName ? `${r.dependantFirstName} ${r.dependantLastName}` : `${r.patientFirstName} ${r.patientLastName}`,
    mode: r.entry.mode,
    appointmentId: r.entry.appointmentId,
    appointmentTime: r.appointmentTime ? toUtcSeconds(r.appointmentTime) : null,
    fromDate: r.entry.fromDate,
    toDate: r.entry.toDate,
    createdAt: toUtcSeconds(r.entry.createdAt),
    offer:
      r.offerId && r.slotId && r.slotStartsAt && r.slotTimeZone && r.offerExpiresAt
        ? { id: r.offerId, timeSlotId: r.slotId, startsAt: toUtcSeconds(r.slotStartsAt), timeZone: r.slotTimeZone, expiresAt: toUtcSeconds(r.offerExpiresAt) }
        : null,
  }))
}

/** How many entries wait for the doctor. */
export async function waitingCount(db: Db, doctorId: (typeof doctors.$inferSelect)["id"]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(slotWaitlistEntries)
    .where(eq(slotWaitlistEntries.doctorId, doctorId))
  return row?.n ?? 0
}
