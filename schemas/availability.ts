import * as Schema from "effect/Schema"
import { DayOfWeek, FacilityTimeZone, TimeSlotStatus } from "./enums.ts"
import { crossFieldRule, HourMinute, IsoDate, LIMITS } from "./fields.ts"
import { AppointmentId, AvailabilityId, DependantId, DoctorId, FacilityId, TimeSlotId, uuid } from "./ids.ts"

export const TimeSlot = Schema.Struct({
  id: TimeSlotId,
  availabilityId: AvailabilityId,
  /** yyyy-MM-dd in the facility's time zone. */
  slotDate: Schema.String,
  /** HH:MM in the facility's time zone. */
  slotStartTime: Schema.String,
  slotEndTime: Schema.String,
  /** The same start as a UTC instant, second precision. */
  startsAt: Schema.String,
  timeZone: FacilityTimeZone,
  status: TimeSlotStatus,
  healthcareFacilityId: Schema.NullOr(FacilityId),
  appointmentId: Schema.NullOr(AppointmentId),
})
export type TimeSlot = typeof TimeSlot.Type

export const Availability = Schema.Struct({
  id: AvailabilityId,
  doctorId: DoctorId,
  healthcareFacilityId: Schema.NullOr(FacilityId),
  dayOfWeek: DayOfWeek,
  startTime: Schema.String,
  endTime: Schema.String,
  isRecurring: Schema.Boolean,
  slotDurationMinutes: Schema.Int,
  timeSlots: Schema.Array(TimeSlot),
  /** The zone its times are in (its facility's). */
  timeZone: Schema.optionalKey(FacilityTimeZone),
  /** yyyy-MM-dd of a one-off (not recurring) availability. */
  onDate: Schema.optionalKey(Schema.NullOr(Schema.String)),
})
export type Availability = typeof Availability.Type

/** POST /doctor-availability/{doctorId}: the availability form of SPEC §5. */
export const AvailabilityInput = Schema.Struct({
  dayOfWeek: DayOfWeek,
  startTime: HourMinute,
  endTime: HourMinute,
  isRecurring: Schema.Boolean,
  // An empty field (NaN) says the duration is required, not "invalid value" (issue 39).
  slotDurationMinutes: Schema.Number.check(
    Schema.makeFilter((n: number) => !Number.isNaN(n), { message: "validation.durationRequired" }),
    Schema.isInt({ message: "validation.slotDurationStep" }),
    Schema.isGreaterThanOrEqualTo(LIMITS.slotDurationMin, { message: "validation.slotDurationMin" }),
    Schema.isLessThanOrEqualTo(480, { message: "validation.slotDurationMax" }),
    Schema.makeFilter((n: number) => n % LIMITS.slotDurationStep === 0, { message: "validation.slotDurationStep" }),
  ),
  healthcareFacilityId: Schema.optionalKey(Schema.NullOr(uuid(FacilityId))),
}).check(crossFieldRule<{ startTime: string; endTime: string }>("endTime", (a) => a.startTime < a.endTime, "validation.endAfterStart"))
export type AvailabilityInput = typeof AvailabilityInput.Type

export const AvailabilityList = Schema.Array(Availability)

export const AvailableSlotsQuery = Schema.Struct({ startDate: IsoDate, endDate: IsoDate })
export type AvailableSlotsQuery = typeof AvailableSlotsQuery.Type

export const TimeSlotList = Schema.Array(TimeSlot)

/** Longest range GET /doctor-availability/{id}/available-time-slots answers at once. */
export const SLOT_RANGE_MAX_DAYS = 62

/**
 * The query of the public slot reads: the date range, and `include=booked` to receive BOOKED
 * slots too (week grids show them as taken); by default only AVAILABLE future slots come back.
 */
export const PublicSlotsQuery = Schema.Struct({
  startDate: IsoDate,
  endDate: IsoDate,
  include: Schema.optionalKey(Schema.Literals(["available", "booked"])),
})
export type PublicSlotsQuery = typeof PublicSlotsQuery.Type

export const PublicDaySlotsQuery = Schema.Struct({ include: Schema.optionalKey(Schema.Literals(["available", "booked"])) })

/**
 * How long a slot stays held for the user at the review step of the booking wizard (issue 14):
 * other users see it as not bookable until it is booked, released or this long has passed.
 */
export const SLOT_HOLD_MINUTES = 5

/** For whom a patient holds a slot (issue 38: their booking limits are told at the hold): one of their dependants, or themself when absent. */
export const HoldQuery = Schema.Struct({ dependantId: Schema.optionalKey(uuid(DependantId)) })

/**
 * POST /time-slots/{id}/hold's answer: the slot held for the caller, until when (a UTC instant,
 * second precision) and how many seconds that is from the answer, so a client counts down from
 * its own clock without trusting it to agree with the gateway's.
 */
export const SlotHold = Schema.Struct({
  timeSlotId: TimeSlot.fields.id,
  heldUntil: Schema.String,
  expiresInSeconds: Schema.Number,
})
export type SlotHold = typeof SlotHold.Type
