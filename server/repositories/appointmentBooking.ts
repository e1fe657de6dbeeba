import { and, asc, eq, gt, isNull, ne, sql } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import { BOOKING_LIMITS } from "../../schemas/limits.ts"
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
import { acceptOffersOf, endWaitsOn, offerSlotIn } from "../waitlist/offers.ts"
import { liveHolder } from "./slotHolds.ts"
import { depositOwed } from "../payments/deposits.ts"
import { keepOnNoShow, refundOnCancel } from "../payments/ledger.ts"

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
  /** A patient's own booking (not a doctor's for their patient): refused when the doctor allows no direct booking (issue 38). */
  readonly byPatient: boolean
  /** Held to BOOKING_LIMITS (issue 38): a patient's own booking, unless a suite turns the limits off. */
  readonly limited: boolean
  /** Issue 40: the deposit this booking owes is paid (the payment's success books it). */
  readonly depositPaid?: boolean
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

/** Refuses a booking past BOOKING_LIMITS (issue 38), each with its translated reason for the wizard. */
export async function checkBookingLimits(
  tx: Db,
  request: Pick<BookingRequest, "patientId" | "dependantId" | "doctorId">,
  slot: Pick<SlotRow, "startsAt" | "timeZone">,
  now: Temporal.Instant,
): Promise<void> {
  const live = and(eq(appointments.patientId, request.patientId), ne(appointments.status, "CANCELED"))
  const person = request.dependantId === null ? isNull(appointments.dependantId) : eq(appointments.dependantId, request.dependantId)
  const upcoming = gt(appointments.appointmentTime, new Date(now.epochMilliseconds))
  const [counts] = await tx
    .select({
      account: sql<number>`count(*) FILTER (WHERE ${upcoming})::int`,
      withDoctor: sql<number>`count(*) FILTER (WHERE ${upcoming} AND ${person} AND ${appointments.doctorId} = ${request.doctorId})::int`,
      thatDay: sql<number>`count(*) FILTER (WHERE ${person} AND ${appointments.doctorId} = ${request.doctorId}
        AND (${appointments.appointmentTime} AT TIME ZONE ${appointments.timeZone})::date = (${slot.startsAt} AT TIME ZONE ${slot.timeZone})::date)::int`,
    })
    .from(appointments)
    .where(live)
  const refuse = (message: string, key: string) => new ApiError("BUSINESS_ERROR", message, [{ name: "timeSlotId", message: key }])
  if (counts!.thatDay >= BOOKING_LIMITS.perPersonWithDoctorPerDay)
    throw refuse("This person already has an appointment with this doctor that day", "validation.bookingLimitPerDay")
  if (counts!.withDoctor >= BOOKING_LIMITS.perPersonWithDoctor)
    throw refuse("Too many upcoming appointments with this doctor for this person", "validation.bookingLimitWithDoctor")
  if (counts!.account >= BOOKING_LIMITS.perAccount) throw refuse("Too many upcoming appointments for this account", "validation.bookingLimitAccount")
}

/** The doctor's settings a booking reads; none saved reads as SPEC's defaults. */
export async function bookingSettingsOf(tx: Db, doctorId: BookingRequest["doctorId"]) {
  const [settings] = await tx
    .select({ autoConfirmAppointments: doctorSettings.autoConfirmAppointments, allowDirectBooking: doctorSettings.allowDirectBooking })
    .from(doctorSettings)
    .where(eq(doctorSettings.doctorId, doctorId))
  return settings ?? null
}

/** The doctor books for their patients themselves (issue 38: the setting was saved, never acted on). */
export function refuseUnlessDirectBooking(settings: { readonly allowDirectBooking: boolean } | null): void {
  if (settings?.allowDirectBooking === false)
    throw new ApiError("BUSINESS_ERROR", "This doctor takes bookings through their practice only", [
      { name: "doctorId", message: "validation.noDirectBooking" },
    ])
}

/** What a booking's checks found: the slot (locked), its doctor's settings, a home visit's address. */
export interface CheckedBooking {
  readonly slot: SlotRow
  readonly settings: Awaited<ReturnType<typeof bookingSettingsOf>>
  readonly homeAddress: string | null
}

/**
 * Every check of a booking, in the caller's transaction, the slot row locked until it ends: the
 * type and service, the slot (future, AVAILABLE, held by nobody but the booker), its time, the
 * patient's limits, the doctor's direct booking, and the deposit a patient owes (issue 40: a
 * booking that owes one is paid through POST /payments, whose success books it with `depositPaid`).
 * POST /payments runs the same checks before it holds the slot for the payer.
 */
export async function checkBooking(tx: Db, request: BookingRequest, now: Temporal.Instant): Promise<CheckedBooking> {
  const homeAddress = await checkBookable(tx, request)
  // One booking of an account at a time: the limits' counts cannot both pass for two slots booked at once.
  if (request.limited) await tx.select({ id: patients.id }).from(patients).where(eq(patients.id, request.patientId)).for("update")
  const slot = await lockBookableSlot(tx, request.timeSlotId, request.doctorId, now, request.bookedBy)
  if (toUtcSeconds(slot.startsAt) !== request.appointmentTime) {
    throw new ApiError("VALIDATION_ERROR", "The time does not match the slot", [{ name: "appointmentTime", message: "validation.dateInvalid" }])
  }
  if (request.limited) await checkBookingLimits(tx, request, slot, now)
  const settings = await bookingSettingsOf(tx, request.doctorId)
  if (request.byPatient) refuseUnlessDirectBooking(settings)
  if (request.byPatient && !request.depositPaid && (await depositOwed(tx, request, slot))) {
    throw new ApiError("BUSINESS_ERROR", "This doctor asks a deposit to book: pay it through POST /payments", [
      { name: "doctorId", message: "validation.depositRequired" },
    ])
  }
  return { slot, settings, homeAddress }
}

/**
 * Books an AVAILABLE slot: the slot row is locked, marked BOOKED and the appointment inserted in
 * one transaction. Two bookings of one slot: the second waits for the lock, then finds it BOOKED;
 * should anything slip past, the unique index answers and it becomes TIME_SLOT_ALREADY_BOOKED.
 */
export async function bookSlot(db: Db, request: BookingRequest, now: Temporal.Instant = Temporal.Now.instant()): Promise<AppointmentId> {
  return bookingTransaction(db, async (tx) => {
    const { slot, settings, homeAddress } = await checkBooking(tx, request, now)
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
        status: initialStatusFor(settings),
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
async function freeSlot(tx: Db, slotId: TimeSlotId | null, now: Temporal.Instant): Promise<void> {
  if (!slotId) return
  const freed = await tx
    .update(timeSlots)
    .set({ status: "AVAILABLE" })
    .where(and(eq(timeSlots.id, slotId), eq(timeSlots.status, "BOOKED"), sql`${timeSlots.startsAt} > now()`))
    .returning({ id: timeSlots.id })
  // Offered to the first in line in this very transaction (issue 38): nobody books or holds it meanwhile.
  if (freed.length > 0) await offerSlotIn(tx, slotId, now)
}

/** Cancels a CONFIRMED appointment at least 24 h ahead and frees its slot, in one transaction. */
export async function cancelAppointment(db: Db, appointmentId: AppointmentId, now: Temporal.Instant = Temporal.Now.instant()): Promise<void> {
  await bookingTransaction(db, async (tx) => {
    const row = await lockAppointment(tx, appointmentId, now)
    await tx
      .update(appointments)
      .set({ status: "CANCELED", canceledAt: new Date(now.epochMilliseconds) })
      .where(eq(appointments.id, row.id))
    await freeSlot(tx, row.timeSlotId, now)
    await endWaitsOn(tx, row.id, now)
    await cancelReminders(tx, row.id, new Date(now.epochMilliseconds))
    // Cancelled in time (the patient) or by the doctor: a paid deposit goes back in full (issue 40).
    await refundOnCancel(tx, row.id, now)
  })
}

/**
 * The doctor marks the patient absent (issue 40), once the appointment's time has passed: kept on
 * the appointment (its status stays as SPEC has it), read by AFTER_NO_SHOW deposits; a paid
 * deposit is kept, in the same transaction. Marking it again changes nothing.
 */
export async function markNoShow(db: Db, appointmentId: AppointmentId, now: Temporal.Instant = Temporal.Now.instant()): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(appointments).where(eq(appointments.id, appointmentId)).for("update")
    if (!row) throw new ApiError("APPOINTMENT_NOT_FOUND")
    if (row.status === "CANCELED") throw new ApiError("BUSINESS_ERROR", "A cancelled appointment has no one to be absent")
    if (row.appointmentTime.getTime() > now.epochMilliseconds) throw new ApiError("BUSINESS_ERROR", "An appointment is marked absent once its time has passed")
    if (row.noShow) return
    await tx.update(appointments).set({ noShow: true }).where(eq(appointments.id, row.id))
    await keepOnNoShow(tx, row.id, now)
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
      await freeSlot(tx, row.timeSlotId, now)
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
