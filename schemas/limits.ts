/**
 * The bounds of SPEC §5's field rules (schemas/fields.ts checks them), apart from the schemas so
 * that a screen can show a bound, or a text that names one, without loading effect/Schema.
 */
export const LIMITS = {
  phoneMax: 18,
  passwordMin: 8,
  searchMin: 2,
  biographyMin: 20,
  commentMin: 20,
  commentMax: 512,
  ratingMin: 1,
  ratingMax: 5,
  contactFirstNameMin: 2,
  contactFirstNameMax: 50,
  contactLastNameMin: 2,
  contactLastNameMax: 20,
  contactEmailMin: 4,
  contactEmailMax: 100,
  contactMessageMin: 10,
  contactMessageMax: 1000,
  locationsMax: 3,
  servicesMax: 3,
  maxDailyAppointmentMin: 1,
  maxDailyAppointmentMax: 50,
  consultationDurationMin: 1,
  consultationDurationMax: 240,
  bufferTimeMin: 5,
  bufferTimeMax: 240,
  slotDurationMin: 15,
  slotDurationStep: 5,
  textMax: 2000,
  nameMax: 100,
  photoMaxBytes: 3 * 1024 * 1024,
  recordMaxBytes: 10 * 1024 * 1024,
  bookingDepositMin: 500,
  bookingDepositMax: 50000,
} as const

/**
 * What a patient may book ahead (issue 38; SPEC has no such rule): per person booked for (the
 * account holder, or one dependant), upcoming appointments with one doctor, and appointments with
 * that doctor on one day; per account, dependants included, upcoming appointments in all. A doctor
 * booking for a patient is not limited. Cancelled ones do not count.
 */
export const BOOKING_LIMITS = { perPersonWithDoctor: 2, perPersonWithDoctorPerDay: 1, perAccount: 10 } as const

/** Issue 38: the new holds (a slot held that the user did not hold already) one user may make in a window. */
export const HOLD_RATE = { holds: 10, windowMinutes: 10 } as const

/**
 * The field message of a hold refused for HOLD_RATE. Only the hold is refused: the booking itself
 * is not (its own limits are BOOKING_LIMITS), so the wizard reviews without a countdown.
 */
export const HOLD_RATE_REFUSAL = "booking.holdRate"

/**
 * Issue 38: a session unused this long ends (SESSION_EXPIRED), a doctor's sooner; unused means no
 * request made with its token. Its absolute end comes first when it is sooner (SESSION_TTL_HOURS).
 */
export const SESSION_IDLE = { days: 30, doctorHours: 12 } as const

/** An appointment's reason, at booking and when it is changed or rescheduled (apart from LIMITS: the landing page never loads it). */
export const REASON_MAX = 500

/** SPEC §1 FAQ and §9: an appointment may be cancelled or changed up to this many hours before it. */
export const CHANGE_NOTICE_HOURS = 24

/**
 * The one reading of the cancellation policy, for the screens and the gateway alike: true while an
 * appointment starting at `startsAtMs` may still be cancelled or changed at `nowMs` (exactly
 * CHANGE_NOTICE_HOURS ahead still may).
 */
export const changeAllowed = (startsAtMs: number, nowMs: number): boolean => startsAtMs - nowMs >= CHANGE_NOTICE_HOURS * 3_600_000

/** Issue 14: how far ahead a "between these dates" waitlist range may end, in days after today (the schedule's horizon). */
export const WAITLIST_RANGE_MAX_DAYS = 62

/** Issue 40: the deposit a doctor's settings start with, in whole FCFA. */
export const DEPOSIT_DEFAULT = 5000

/** Issue 40: a payment's life, and the slot's hold for its payer, from its creation. */
export const PAYMENT_LIFE_MINUTES = 15
