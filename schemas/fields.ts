import * as Schema from "effect/Schema"

/**
 * Field rules of SPEC §5, shared by the SPA forms and the gateway. Every message is an i18n key
 * under `validation.*`; the bounds they mention come from LIMITS so texts and checks never drift.
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
} as const

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/
const PHONE_PATTERN = /^[0-9]{2,18}$/
/** E.164 shape: optional +, country code not starting with 0, 7 to 15 digits. */
const INTERNATIONAL_PHONE_PATTERN = /^\+?[1-9][0-9]{6,14}$/
const PASSWORD_ALPHABET = /^[A-Za-z0-9@$!%*?&]+$/
export const ISO_DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/
export const HH_MM_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/

/** A string that is not blank once trimmed. */
export const requiredText = (message: string, max: number = LIMITS.textMax) =>
  Schema.String.check(
    Schema.makeFilter((s: string) => s.trim().length > 0, { message }),
    Schema.isMaxLength(max, { message: "validation.tooLong" }),
  )

export const Email = Schema.String.check(
  Schema.isMinLength(1, { message: "validation.emailRequired" }),
  Schema.isMaxLength(254, { message: "validation.emailInvalid" }),
  Schema.isPattern(EMAIL_PATTERN, { message: "validation.emailInvalid" }),
)

export const Phone = Schema.String.check(
  Schema.isMinLength(1, { message: "validation.phoneRequired" }),
  Schema.isMaxLength(LIMITS.phoneMax, { message: "validation.phoneInvalid" }),
  Schema.isPattern(PHONE_PATTERN, { message: "validation.phoneInvalid" }),
)

export const InternationalPhone = Schema.String.check(
  Schema.isPattern(INTERNATIONAL_PHONE_PATTERN, { message: "validation.invalidPhoneNumber" }),
)

export const Website = Schema.String.check(
  Schema.isMaxLength(500, { message: "validation.websiteInvalid" }),
  Schema.makeFilter((s: string) => isHttpUrl(s), { message: "validation.websiteInvalid" }),
)

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === "http:" || url.protocol === "https:"
  } catch {
    return false
  }
}

export const IsoDate = Schema.String.check(
  Schema.isPattern(ISO_DATE_PATTERN, { message: "validation.dateInvalid" }),
  Schema.makeFilter((s: string) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), { message: "validation.dateInvalid" }),
)

/** A calendar date strictly before today (UTC), as required of dates of birth. */
export const PastIsoDate = IsoDate.check(
  Schema.makeFilter((s: string) => s < new Date().toISOString().slice(0, 10), { message: "validation.dateOfBirthPast" }),
)

export const HourMinute = Schema.String.check(Schema.isPattern(HH_MM_PATTERN, { message: "validation.timeInvalid" }))

/** An instant as the API sends it: UTC, second precision, e.g. 2026-11-23T09:30:00Z. */
export const UtcInstant = Schema.String.check(
  Schema.isPattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, { message: "validation.dateInvalid" }),
)

export const Password = Schema.String.check(
  Schema.isMinLength(1, { message: "validation.required" }),
  Schema.isMinLength(LIMITS.passwordMin, { message: "validation.passwordMin" }),
  Schema.isMaxLength(128, { message: "validation.tooLong" }),
  Schema.isPattern(/[a-z]/, { message: "validation.passwordLowercase" }),
  Schema.isPattern(/[A-Z]/, { message: "validation.passwordUppercase" }),
  Schema.isPattern(/[0-9]/, { message: "validation.passwordDigit" }),
  Schema.isPattern(/[@$!%*?&]/, { message: "validation.passwordSpecial" }),
  Schema.isPattern(PASSWORD_ALPHABET, { message: "validation.passwordAlphabet" }),
)

/** Database ids are UUIDs; anything else is refused before it reaches a query. */
export const Id = Schema.String.check(Schema.isUUID(undefined, { message: "validation.idInvalid" }))

/** A rule across fields of a struct whose error is reported on one named field. */
export const crossFieldRule = <T>(field: keyof T & string, holds: (value: T) => boolean, message: string) =>
  Schema.makeFilter((value: T) => (holds(value) ? undefined : { path: [field], issue: message }))
