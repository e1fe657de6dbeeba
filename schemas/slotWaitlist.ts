import * as Schema from "effect/Schema"
import { crossFieldRule, IsoDate } from "./fields.ts"
import { AppointmentId, DependantId, DoctorId, PatientId, TimeSlotId, uuid } from "./ids.ts"
import { FacilityTimeZone } from "./enums.ts"
import type { FieldError } from "./errors.ts"
import { WAITLIST_RANGE_MAX_DAYS } from "./limits.ts"

/*
 * The freed-slot waitlist (issue 14): a patient waits for a doctor's slot, for themselves or a
 * dependant, either earlier than an appointment they have, or between two dates. A freed slot in
 * range is offered to the first in line, held for them OFFER_MINUTES; accepting books it (or moves
 * the appointment), declining or letting it expire passes it on.
 */

/** How long an offered slot is held for the patient it is offered to. */
export const OFFER_MINUTES = 15
export { WAITLIST_RANGE_MAX_DAYS } from "./limits.ts"

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
  /** The doctor's names, for the texts that give their title (« Dr Awa Ndiaye »). */
  doctor: Schema.Struct({ firstName: Schema.String, lastName: Schema.String }),
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
      "validation.endDateAfterStart",
    ),
  )
export type JoinSlotWaitlistRequest = typeof JoinSlotWaitlistRequest.Type

/** The date `days` after a yyyy-MM-dd date (calendar days: no zone, no clock). */
const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** The last day a "between these dates" range may reach, counted from today in the doctor's zone. */
export const waitlistReach = (today: string): string => addDays(today, WAITLIST_RANGE_MAX_DAYS)

/**
 * The range's rules that need today (in the doctor's zone), beyond the request's shape: a start
 * from today on, an end at most WAITLIST_RANGE_MAX_DAYS after today. The join dialog and the
 * gateway both ask this, so the two never differ. Dates are the request's (yyyy-MM-dd).
 */
export function waitlistRangeErrors(range: { readonly fromDate?: string | undefined; readonly toDate?: string | undefined }, today: string): FieldError[] {
  const errors: FieldError[] = []
  if (range.fromDate !== undefined && range.fromDate < today) errors.push({ name: "fromDate", message: "validation.dateNotPast" })
  if (range.toDate !== undefined && range.toDate > waitlistReach(today)) errors.push({ name: "toDate", message: "slotWaitlist.waitlistRangeTooFar" })
  return errors
}

/** GET /doctors/{id}/slot-waitlist: how many entries wait for the doctor (their own count only). */
export const SlotWaitlistCount = Schema.Struct({ waiting: Schema.Number })
