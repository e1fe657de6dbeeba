import { and, asc, eq, sql } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import type { AppointmentType } from "../../schemas/enums.ts"
import { primaryHomeLocation } from "../../schemas/patient.ts"
import type { Db } from "../db/client.ts"
import { appointments, dependants, doctorSettings, locations, patients, providedServices, timeSlots, users } from "../db/schema.ts"
import { toUtcSeconds } from "../db/time.ts"
import { ApiError } from "../http/errors.ts"
import { changeAllowed, initialStatusFor, isUniqueViolation } from "./appointmentRules.ts"
import { inTransaction } from "../db/transaction.ts"
import { cancelReminders, moveReminders, scheduleReminders } from "../reminders/schedule.ts"
import type { AppointmentId, DependantId, DoctorId, PatientId, TimeSlotId, UserId } from "../../schemas/ids.ts"
import { acceptOffersOf, endWaitsOn, slotsFreed } from "../waitlist/offers.ts"
import { liveHolder } from "./slotHolds.ts"

type SlotRow = typeof timeSlots.$inferSelect
type AppointmentRow = typeof appointments.$inferSelect

export interface BookingRequest {
  readonly doctorId: DoctorId
  readonly patientId: PatientId
  readonly dependantId: DependantId | null
  readonly timeSlotId: TimeSlotId
  readonly appointmentTime: string
  readonly appointmentType: AppointmentType
  readonly reason: string
  /** The user booking (the patient, or the doctor booking for them): their own hold of the slot lets them through (issue 14). */
  readonly bookedBy: (typeof users.$inferSelect)["id"]
}

const slotTaken = () => new ApiError("TIME_SLOT_ALREADY_BOOKED", "This time slot has just been booked by someone else")

/** Runs a booking transaction; the unique index on live appointments per slot backs the row lock. */
async function bookingTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(db, work)
  } catch (error) {
    if (isUniqueViolation(error, "appointments_active_slot_key")) throw slotTaken()
    throw error
  }
}

/**
 * The slot, locked until the transaction ends, checked to be a future AVAILABLE slot of the
 * doctor that nobody but `bookedBy` holds (a live hold of someone else is taken, issue 14).
 */
async function lockBookableSlot(tx: Db, slotId: TimeSlotId, doctorId: DoctorId, now: Temporal.Instant, bookedBy: UserId | null): Promise<SlotRow> {
  const [slot] = await tx.select().from(timeSlots).where(eq(timeSlots.id, slotId)).for("update")
  if (!slot || slot.doctorId !== doctorId) throw new ApiError("TIME_SLOT_NOT_FOUND", "No such time slot for this doctor")
  const holder = liveHolder(slot, now)
  if (slot.status !== "AVAILABLE" || (holder !== null && holder !== bookedBy)) throw slotTaken()
  if (slot.startsAt.getTime() <= now.epochMilliseconds) throw new ApiError("BUSINESS_ERROR", "This time slot has already passed")
  return slot
}

/** The primary home address of a patient, as a home visit needs it, or null. */
export async function primaryHomeAddress(db: Db, patientId: PatientId): Promise<string | null> {
  const rows = await db
    .select({ address: locations.address, city: locations.city, residency: locations.residency, isPrimary: locations.isPrimary })
    .from(patients)
    .innerJoin(locations, eq(locations.userId, patients.userId))
    .where(eq(patients.id, patientId))
    .orderBy(asc(locations.position))
  const home = primaryHomeLocation(rows)
  return home ? `${home.address}, ${home.city}` : null
}

/** Refuses what the booking form also refuses: ONLINE (coming soon), a service the doctor lacks, HOME without address. */
async function checkBookable(db: Db, request: BookingRequest): Promise<string | null> {
  if (request.appointmentType === "ONLINE") throw new ApiError("BUSINESS_ERROR", "Online consultations are coming soon")
  const [service] = await db
    .select({ id: providedServices.id })
    .from(providedServices)
    .where(and(eq(providedServices.doctorId, request.doctorId), eq(providedServices.code, request.appointmentType)))
  if (!service) throw new ApiError("PROVIDED_SERVICE_NOT_FOUND", "The doctor does not offer this type of appointment")
  if (request.appointmentType !== "HOME") return null
  const address = await primaryHomeAddress(db, request.patientId)
  if (!address)
    throw new ApiError("BUSINESS_ERROR", "A home visit needs a primary home address", [{ name: "appointmentType", message: "validation.homeAddressRequired" }])
  return address
}

/** True when the dependant belongs to the patient. */
export async function isDependantOf(db: Db, dependantId: DependantId, patientId: PatientId): Promise<boolean> {
  const [row] = await db
    .select({ id: dependants.id })
    .from(dependants)
    .where(and(eq(dependants.id, dependantId), eq(dependants.patientId, patientId)))
  return Boolean(row)
}

/** True when the patient has had any appointment with the doctor. */
export async function hasAppointmentWith(db: Db, doctorId: DoctorId, patientId: PatientId): Promise<boolean> {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.doctorId, doctorId), eq(appointments.patientId, patientId)))
    .limit(1)
  return Boolean(row)
}

/**
 * Books an AVAILABLE slot: the slot row is locked, marked BOOKED and the appointment inserted in
 * one transaction. Two bookings of one slot: the second waits for the lock, then finds it BOOKED;
 * should anything slip past, the unique index answers and it becomes TIME_SLOT_ALREADY_BOOKED.
 */
export async function bookSlot(db: Db, request: BookingRequest, now: Temporal.Instant = Temporal.Now.instant()): Promise<AppointmentId> {
  const homeAddress = await checkBookable(db, request)
  return bookingTransaction(db, async (tx) => {
    const slot = await lockBookableSlot(tx, request.timeSlotId, request.doctorId, now, request.bookedBy)
    if (toUtcSeconds(slot.startsAt) !== request.appointmentTime) {
      throw new ApiError("VALIDATION_ERROR", "The time does not match the slot", [{ name: "appointmentTime", message: "validation.dateInvalid" }])
    }
    const [settings] = await tx
      .select({ autoConfirmAppointments: doctorSettings.autoConfirmAppointments })
      .from(doctorSettings)
      .where(eq(doctorSettings.doctorId, request.doctorId))
    // Booked, the slot needs its hold no more.
    await tx.update(timeSlots).set({ status: "BOOKED", heldBy: null, heldUntil: null }).where(eq(timeSlots.id, slot.id))
    const [created] = await tx
      .insert(appointments)
      .values({
        doctorId: request.doctorId,
        patientId: request.patientId,
        dependantId: request.dependantId,
        timeSlotId: slot.id,
        appointmentTime: slot.startsAt,
        timeZone: slot.timeZone,
        appointmentType: request.appointmentType,
        status: initialStatusFor(settings ?? null),
        facilityId: slot.facilityId,
        reason: request.reason.trim(),
        location: homeAddress,
      })
      .returning({ id: appointments.id, status: appointments.status })
    // Booked through a waitlist offer: the offer is accepted and the patient waits no more.
    await acceptOffersOf(tx, slot.id, request.patientId, now)
    // Saved with the appointment or not at all: a booking never lacks its reminders.
    if (created!.status === "CONFIRMED") {
      await scheduleReminders(tx, { id: created!.id, appointmentTime: slot.startsAt, rescheduleCount: 0 }, new Date(now.epochMilliseconds))
    }
    return created!.id
  })
}

async function lockAppointment(tx: Db, appointmentId: AppointmentId, now: Temporal.Instant): Promise<AppointmentRow> {
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, appointmentId)).for("update")
  if (!row) throw new ApiError("APPOINTMENT_NOT_FOUND")
  if (row.status !== "CONFIRMED") throw new ApiError("BUSINESS_ERROR", "Only a confirmed appointment can be changed")
  if (!changeAllowed(row.appointmentTime, now)) {
    throw new ApiError("CANCELLATION_RESTRICTED", "Appointments can be cancelled or changed up to 24 hours before")
  }
  return row
}

/** Gives a booked slot back, unless its time has passed; a slot given back is offered to its doctor's waitlist (issue 14). */
async function freeSlot(tx: Db, slotId: TimeSlotId | null): Promise<void> {
  if (!slotId) return
  const freed = await tx
    .update(timeSlots)
    .set({ status: "AVAILABLE" })
    .where(and(eq(timeSlots.id, slotId), eq(timeSlots.status, "BOOKED"), sql`${timeSlots.startsAt} > now()`))
    .returning({ id: timeSlots.id })
  if (freed.length > 0) await slotsFreed(tx, { slotIds: [slotId] })
}

/** Cancels a CONFIRMED appointment at least 24 h ahead and frees its slot, in one transaction. */
export async function cancelAppointment(db: Db, appointmentId: AppointmentId, now: Temporal.Instant = Temporal.Now.instant()): Promise<void> {
  await bookingTransaction(db, async (tx) => {
    const row = await lockAppointment(tx, appointmentId, now)
    await tx
      .update(appointments)
      .set({ status: "CANCELED", canceledAt: new Date(now.epochMilliseconds) })
      .where(eq(appointments.id, row.id))
    await freeSlot(tx, row.timeSlotId)
    await endWaitsOn(tx, row.id, now)
    await cancelReminders(tx, row.id, new Date(now.epochMilliseconds))
  })
}

export interface RescheduleRequest {
  readonly timeSlotId?: TimeSlotId
  readonly appointmentTime?: string
  readonly reason?: string
  /** Who moves it: a slot they hold is theirs to move into, one someone else holds is taken (issue 14). */
  readonly movedBy?: UserId
}

/**
 * Moves a CONFIRMED appointment (at least 24 h ahead) to another AVAILABLE slot of the same
 * doctor, freeing the old slot, in one transaction; a reason alone may also be changed.
 */
export async function rescheduleAppointment(
  db: Db,
  appointmentId: AppointmentId,
  request: RescheduleRequest,
  now: Temporal.Instant = Temporal.Now.instant(),
): Promise<void> {
  await bookingTransaction(db, async (tx) => {
    const row = await lockAppointment(tx, appointmentId, now)
    const changes: Partial<typeof appointments.$inferInsert> = {}
    if (request.reason !== undefined) changes.reason = request.reason.trim()
    if (request.timeSlotId !== undefined && request.timeSlotId !== row.timeSlotId) {
      const slot = await lockBookableSlot(tx, request.timeSlotId, row.doctorId, now, request.movedBy ?? null)
      if (request.appointmentTime !== undefined && request.appointmentTime !== toUtcSeconds(slot.startsAt)) {
        throw new ApiError("VALIDATION_ERROR", "The time does not match the slot", [{ name: "appointmentTime", message: "validation.dateInvalid" }])
      }
      await freeSlot(tx, row.timeSlotId)
      await tx.update(timeSlots).set({ status: "BOOKED", heldBy: null, heldUntil: null }).where(eq(timeSlots.id, slot.id))
      // Moved into an offered slot ("earlier than my appointment"): the offer is accepted.
      await acceptOffersOf(tx, slot.id, row.patientId, now)
      Object.assign(changes, {
        timeSlotId: slot.id,
        appointmentTime: slot.startsAt,
        timeZone: slot.timeZone,
        facilityId: slot.facilityId,
        // The calendar file's SEQUENCE: counted in the move's own transaction, so it can never lag behind.
        rescheduleCount: row.rescheduleCount + 1,
      })
    }
    if (Object.keys(changes).length > 0) await tx.update(appointments).set(changes).where(eq(appointments.id, row.id))
    if (changes.appointmentTime) {
      await moveReminders(
        tx,
        { id: row.id, appointmentTime: changes.appointmentTime, rescheduleCount: changes.rescheduleCount! },
        new Date(now.epochMilliseconds),
      )
    }
  })
}
