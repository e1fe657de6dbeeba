import * as Schema from "effect/Schema"
import { crossFieldRule, IsoDate } from "./fields.ts"
import { AppointmentId, DependantId, DoctorId, PatientId, TimeSlotId, uuid } from "./ids.ts"
import { FacilityTimeZone } from "./enums.ts"

/*
 * The freed-slot waitlist (issue 14): a patient waits for a doctor's slot, for themselves or a
 * dependant, either earlier than an appointment they have, or between two dates. A freed slot in
 * range is offered to the first in line, held for them OFFER_MINUTES; accepting books it (or moves
 * the appointment), declining or letting it expire passes it on.
 */

/** How long an offered slot is held for the patient it is offered to. */
export const OFFER_MINUTES = 15
/** The longest "between these dates" range, and how far ahead it may end (the schedule's horizon). */
export const WAITLIST_RANGE_MAX_DAYS = 62

export const WaitlistMode = Schema.Literals(["EARLIER_THAN_APPOINTMENT", "BETWEEN_DATES"])
export type WaitlistMode = typeof WaitlistMode.Type

/** A slot offered to the entry's patient, held for them until `expiresAt` (UTC, second precision). */
export const SlotOffer = Schema.Struct({
  id: Schema.String,
  timeSlotId: TimeSlotId,
  /** The slot's start, UTC, and its facility's zone. */
  startsAt: Schema.String,
  timeZone: FacilityTimeZone,
  expiresAt: Schema.String,
})
export type SlotOffer = typeof SlotOffer.Type

export const SlotWaitlistEntry = Schema.Struct({
  id: Schema.String,
  doctorId: DoctorId,
  doctorName: Schema.String,
  patientId: PatientId,
  dependantId: Schema.NullOr(DependantId),
  /** Who waits: the patient's or the dependant's name. */
  attendeeName: Schema.String,
  mode: WaitlistMode,
  /** EARLIER_THAN_APPOINTMENT: the appointment to move, and its start (UTC). */
  appointmentId: Schema.NullOr(AppointmentId),
  appointmentTime: Schema.NullOr(Schema.String),
  /** BETWEEN_DATES: the range, yyyy-MM-dd, both included. */
  fromDate: Schema.NullOr(Schema.String),
  toDate: Schema.NullOr(Schema.String),
  createdAt: Schema.String,
  /** The live offer made to this entry, if any. */
  offer: Schema.NullOr(SlotOffer),
})
export type SlotWaitlistEntry = typeof SlotWaitlistEntry.Type
export const SlotWaitlistEntryList = Schema.Array(SlotWaitlistEntry)

/** POST /slot-waitlists: the mode says which of appointmentId or the two dates are required. */
export const JoinSlotWaitlistRequest = Schema.Struct({
  doctorId: uuid(DoctorId),
  dependantId: Schema.optionalKey(Schema.NullOr(uuid(DependantId))),
  mode: WaitlistMode,
  appointmentId: Schema.optionalKey(uuid(AppointmentId)),
  fromDate: Schema.optionalKey(IsoDate),
  toDate: Schema.optionalKey(IsoDate),
})
  .check(
    crossFieldRule<{ mode: WaitlistMode; appointmentId?: string }>(
      "appointmentId",
      (b) => b.mode !== "EARLIER_THAN_APPOINTMENT" || b.appointmentId !== undefined,
      "validation.required",
    ),
  )
  .check(
    crossFieldRule<{ mode: WaitlistMode; fromDate?: string }>("fromDate", (b) => b.mode !== "BETWEEN_DATES" || b.fromDate !== undefined, "validation.required"),
  )
  .check(crossFieldRule<{ mode: WaitlistMode; toDate?: string }>("toDate", (b) => b.mode !== "BETWEEN_DATES" || b.toDate !== undefined, "validation.required"))
  .check(
    crossFieldRule<{ fromDate?: string; toDate?: string }>(
      "toDate",
      (b) => b.fromDate === undefined || b.toDate === undefined || b.fromDate <= b.toDate,
      "validation.endAfterStart",
    ),
  )
export type JoinSlotWaitlistRequest = typeof JoinSlotWaitlistRequest.Type

/** GET /doctors/{id}/slot-waitlist: how many entries wait for the doctor (their own count only). */
export const SlotWaitlistCount = Schema.Struct({ waiting: Schema.Number })
