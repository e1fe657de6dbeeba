import * as Schema from "effect/Schema"
import * as SchemaTransformation from "effect/SchemaTransformation"
import { LIMITS } from "./limits.ts"

export { LIMITS } from "./limits.ts"

/**
 * Field rules of SPEC §5, shared by the SPA forms and the gateway. Every message is an i18n key
 * under `validation.*`; the bounds they mention come from LIMITS so texts and checks never drift.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/
/**
 * One phone format everywhere, E.164: "+", a country code not starting with 0, 7 to 15 digits in
 * all. Forms turn local numbers into it first (schemas/phone.ts). The optional phones of the
 * public forms (contact.ts, waitlist.ts) write the same rule inline: sharing it would cost the
 * landing page a cross-chunk export.
 */
const PHONE_PATTERN = /^\+[1-9]\d{6,14}$/
const PASSWORD_ALPHABET = /^[A-Za-z0-9@$!%*?&]+$/
export const ISO_DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/
export const HH_MM_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/

/**
 * Control characters (C0, DEL, C1) and lone surrogates have no place in anything a person types:
 * PostgreSQL refuses NUL, terminals and logs obey escapes, and half a surrogate pair is not text.
 * Line breaks and tabs are allowed only where text spans lines (messages, biographies, notes).
 */
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F]/
const CONTROL_BUT_LINE_BREAK = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** True when a single-line text holds no control character and is well-formed Unicode. */
export const isCleanLine = (s: string) => !CONTROL_CHARACTER.test(s) && !LONE_SURROGATE.test(s)
/** Same as isCleanLine, line breaks and tabs allowed. */
export const isCleanText = (s: string) => !CONTROL_BUT_LINE_BREAK.test(s) && !LONE_SURROGATE.test(s)

const cleanLine = Schema.makeFilter(isCleanLine, { message: "validation.controlCharacters" })
const cleanText = Schema.makeFilter(isCleanText, { message: "validation.controlCharacters" })

/** A single line of text: a name, a title, a keyword, an id. The base of every text field of a request. */
export const Line = Schema.String.check(cleanLine)
/** Text that may span lines: a message, a biography, a description. */
export const MultilineText = Schema.String.check(cleanText)

/** A single line of at most `max` characters. */
export const boundedLine = (max: number) => Line.check(Schema.isMaxLength(max, { message: "validation.tooLong" }))
/** Text of several lines of at most `max` characters. */
export const boundedText = (max: number) => MultilineText.check(Schema.isMaxLength(max, { message: "validation.tooLong" }))

/** A single line that is not blank once trimmed. */
export const requiredText = (message: string, max: number = LIMITS.textMax) =>
  Line.check(
    Schema.makeFilter((s: string) => s.trim().length > 0, { message }),
    Schema.isMaxLength(max, { message: "validation.tooLong" }),
  )

/**
 * Format characters that draw nothing (zero-width spaces and joiners, word joiner, BOM) or reorder
 * what follows (bidi embeddings, overrides, isolates, the LRM, RLM and ALM marks): in a name they
 * make look-alikes and turn a greeting or a list around (issue 38). Arabic names need none of them.
 */
const INVISIBLE_FORMAT = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/

/** Pictographs (emoji, their flags and keycaps): no one's name on an ID card holds one (issue 39). */
const EMOJI = /[\p{Extended_Pictographic}\p{Regional_Indicator}\u20E3]/u

/** A person's name: required, at most LIMITS.nameMax, with no invisible or reordering character and no emoji. */
export const personName = (message: string) =>
  requiredText(message).check(
    Schema.makeFilter((s: string) => !INVISIBLE_FORMAT.test(s), { message: "validation.controlCharacters" }),
    Schema.makeFilter((s: string) => !EMOJI.test(s), { message: "validation.nameEmoji" }),
    Schema.isMaxLength(LIMITS.nameMax, { message: "validation.tooLong" }),
  )

/** Text of several lines that is not blank once trimmed. */
export const requiredMultilineText = (message: string, max: number = LIMITS.textMax) =>
  MultilineText.check(
    Schema.makeFilter((s: string) => s.trim().length > 0, { message }),
    Schema.isMaxLength(max, { message: "validation.tooLong" }),
  )

/**
 * The one form of an email address everywhere (sign-in, token, limits, profile, contact): trimmed,
 * Unicode NFC, lower case. " Patient2@Demo.SN" and "patient2@demo.sn" are one account.
 */
export const canonicalEmail = (value: string): string => value.normalize("NFC").trim().toLowerCase()

const emailShape = [
  Schema.isMinLength(1, { message: "validation.emailRequired" }),
  Schema.isMaxLength(254, { message: "validation.emailInvalid" }),
  Schema.isPattern(EMAIL_PATTERN, { message: "validation.emailInvalid" }),
  // Invisible and control characters (\p{C}: zero-width spaces, bidi marks, NUL) make look-alikes of addresses.
  Schema.makeFilter((s: string) => !/\p{C}/u.test(s), { message: "validation.emailInvalid" }),
] as const
const canonicalString = Schema.String.pipe(Schema.decode(SchemaTransformation.transform({ decode: canonicalEmail, encode: (s: string) => s })))

/**
 * A local part and a domain of dot-separated atoms: no dot first, last or doubled. "awa@demo.sn."
 * and "awa..diop@demo.sn" would otherwise be accounts apart from the addresses they read as (issue 38).
 */
const WELL_DOTTED = /^[^.]+(\.[^.]+)*@[^.]+(\.[^.]+)+$/
/** A domain of ASCII labels (letters, digits, inner hyphens): an internationalised name only in its punycode `xn--` form. */
const ASCII_DOMAIN = /@([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])$/

/**
 * The scripts a local part's letters are counted in: one of them at most (digits and punctuation
 * belong to none). Japanese mixes Han and kana, Korean Han and Hangul: each counts as one. A letter
 * of a script not listed is its own, so it mixes with nothing either.
 */
const SCRIPTS: ReadonlyArray<readonly [string, RegExp]> = [
  ["latin", /\p{Script=Latin}/u],
  ["cyrillic", /\p{Script=Cyrillic}/u],
  ["greek", /\p{Script=Greek}/u],
  ["arabic", /\p{Script=Arabic}/u],
  ["hebrew", /\p{Script=Hebrew}/u],
  ["armenian", /\p{Script=Armenian}/u],
  ["georgian", /\p{Script=Georgian}/u],
  ["ethiopic", /\p{Script=Ethiopic}/u],
  ["cjk", /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u],
]

/**
 * True when an address cannot pass for another: its domain is ASCII, its local part is in one
 * script and has no compatibility form (fullwidth "ａ", mathematical "𝐚", ligatures: NFKC would
 * change them). "pаtient@demo.sn" with a Cyrillic "а" is refused, so is "awa@dеmo.sn"; an
 * all-Cyrillic or all-Arabic local part is not. Whole-script look-alikes (UTS #39) are not caught.
 */
export function isSingleScriptAddress(address: string): boolean {
  if (!ASCII_DOMAIN.test(address)) return false
  const local = address.slice(0, address.lastIndexOf("@"))
  if (local.normalize("NFKC") !== local) return false
  const scripts = new Set<string>()
  for (const char of local) {
    if (!/\p{L}/u.test(char)) continue
    scripts.add(SCRIPTS.find(([, pattern]) => pattern.test(char))?.[0] ?? char)
  }
  return scripts.size <= 1
}

/**
 * An email address as an account may hold it: decoded to its canonical form (canonicalEmail), then
 * checked for shape, dots and scripts, so that no two accounts read as one address.
 */
export const Email = canonicalString.check(
  ...emailShape,
  Schema.isPattern(WELL_DOTTED, { message: "validation.emailDots" }),
  Schema.makeFilter(isSingleScriptAddress, { message: "validation.emailMixedScripts" }),
)

/**
 * An address typed to sign in: canonical and of an address's shape, no more. Accounts made before
 * the dot and script rules keep signing in; a look-alike simply names no account.
 */
export const SignInEmail = canonicalString.check(...emailShape)

export const Phone = Schema.String.check(
  Schema.isMinLength(1, { message: "validation.phoneRequired" }),
  Schema.isMaxLength(LIMITS.phoneMax, { message: "validation.phoneInvalid" }),
  Schema.isPattern(PHONE_PATTERN, { message: "validation.phoneInvalid" }),
)

/** The same E.164 rule, with the emergency contact's message (SPEC §5). */
export const InternationalPhone = Schema.String.check(Schema.isPattern(PHONE_PATTERN, { message: "validation.invalidPhoneNumber" }))

export const Website = Line.check(
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

/** Years a date of this product can fall in: dates of birth to bookings, nothing a database or calendar chokes on. */
export const YEAR_MIN = 1900
export const YEAR_MAX = 2100

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

/**
 * A real calendar date as yyyy-MM-dd: 2026-02-30, 2026-11-31 and 0000-01-01 are not dates
 * (Date.parse rolls them over to the next month, so it cannot be the judge).
 */
export function isCalendarDate(s: string, maxYear: number = YEAR_MAX): boolean {
  const match = ISO_DATE_PATTERN.exec(s)
  if (!match) return false
  const [year, month, day] = s.split("-").map(Number) as [number, number, number]
  return year >= YEAR_MIN && year <= maxYear && day <= daysInMonth(year, month)
}

export const IsoDate = Schema.String.check(Schema.makeFilter((s: string) => isCalendarDate(s), { message: "validation.dateInvalid" }))

/** A calendar date strictly before today (UTC), as required of dates of birth. */
export const PastIsoDate = Schema.String.check(
  // Any real date up to 9999 first, so that a date of birth in 2999 is told "must be in the past".
  Schema.makeFilter((s: string) => isCalendarDate(s, 9999), { message: "validation.dateInvalid" }),
  Schema.makeFilter((s: string) => s < new Date().toISOString().slice(0, 10), { message: "validation.dateOfBirthPast" }),
)

export const HourMinute = Schema.String.check(Schema.isPattern(HH_MM_PATTERN, { message: "validation.timeInvalid" }))

/** An instant as the API sends it: UTC, second precision, e.g. 2026-11-23T09:30:00Z. */
export const UtcInstant = Schema.String.check(
  Schema.makeFilter(
    (s: string) => {
      const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/.exec(s)
      return match !== null && isCalendarDate(match[1]!) && Number(match[2]) < 24 && Number(match[3]) < 60 && Number(match[4]) < 60
    },
    { message: "validation.dateInvalid" },
  ),
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

/** Database ids are UUIDs (schemas/ids.ts, with the branded ids of each kind of record). */
export { Id } from "./ids.ts"

/** A rule across fields of a struct whose error is reported on one named field. */
export const crossFieldRule = <T>(field: keyof T & string, holds: (value: T) => boolean, message: string) =>
  Schema.makeFilter((value: T) => (holds(value) ? undefined : { path: [field], issue: message }))
