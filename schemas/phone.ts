/*
 * Phone numbers are E.164 everywhere (schemas/fields.ts PHONE_PATTERN). These helpers turn what a
 * person types into it and show it grouped; forms call normalizePhone before the schema checks.
 */

import * as Schema from "effect/Schema"
import { InternationalPhone, Phone } from "./fields.ts"

/** Senegal (+221) numbers have 9 national digits, Chad (+235) 8: E.164 alone would let one more or less through. */
const rightLengthForCountry = (phone: string) => (phone.startsWith("+221") ? phone.length === 13 : phone.startsWith("+235") ? phone.length === 12 : true)

/** A required phone of a profile (patients, doctors, sign-up): E.164, right length for Senegal and Chad. */
export const ProfilePhone = Phone.check(Schema.makeFilter(rightLengthForCountry, { message: "validation.phoneInvalid" }))

/** An emergency contact's phone: the same rule with that form's message (SPEC §5). */
export const ContactPhone = InternationalPhone.check(Schema.makeFilter(rightLengthForCountry, { message: "validation.invalidPhoneNumber" }))

/** The countries the product serves, with their national number length. */
export const PHONE_COUNTRIES = [
  { code: "221", country: "SN", digits: 9 },
  { code: "235", country: "TD", digits: 8 },
] as const
export type PhoneCountryCode = (typeof PHONE_COUNTRIES)[number]["code"]

/**
 * What a person typed, in E.164 when it can be read as a number: separators dropped, 00 read as +,
 * a national number of Senegal or Chad (by its length, or the chosen country) given its prefix, and
 * the country code typed without its +. Anything else comes back as typed, for the schema to refuse.
 */
export function normalizePhone(typed: string, country: PhoneCountryCode = "221"): string {
  const compact = typed.trim().replace(/[\s().\-\u00a0]/g, "")
  if (compact === "") return ""
  if (/^\+\d+$/.test(compact)) return compact
  if (/^00\d+$/.test(compact)) return `+${compact.slice(2)}`
  if (!/^\d+$/.test(compact)) return typed.trim()
  const chosen = PHONE_COUNTRIES.find((c) => c.code === country)!
  if (compact.length === chosen.digits) return `+${chosen.code}${compact}`
  for (const c of PHONE_COUNTRIES) {
    if (compact.length === c.digits) return `+${c.code}${compact}`
    if (compact.length === c.code.length + c.digits && compact.startsWith(c.code)) return `+${compact}`
  }
  return compact.length > 9 ? `+${compact}` : compact
}

/**
 * A number grouped for reading: +221 77 123 45 67, +235 66 12 34 56. Other countries (their code
 * has 1 to 3 digits, which only a full table could tell) and old records are shown as stored.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return ""
  const pairs = (digits: string) => digits.match(/\d{1,2}/g)?.join(" ") ?? ""
  const senegal = /^\+221(\d{2})(\d{7})$/.exec(value)
  if (senegal) return `+221 ${senegal[1]} ${senegal[2]!.slice(0, 3)} ${pairs(senegal[2]!.slice(3))}`
  const chad = /^\+235(\d{8})$/.exec(value)
  if (chad) return `+235 ${pairs(chad[1]!)}`
  return value
}
