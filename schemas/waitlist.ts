import * as Schema from "effect/Schema"
import { boundedLine, Email, Line, LIMITS } from "./fields.ts"

export const WAITLIST_ROLES = ["patient", "professional", "facility"] as const
export const WaitlistRole = Schema.Literals(WAITLIST_ROLES)
export type WaitlistRole = typeof WaitlistRole.Type

const optionalText = (max: number) => Schema.optionalKey(boundedLine(max))

/** A waitlist sign-up (SPEC §2, §3, §5): role, name and email required; the rest optional. */
export const WaitlistEntry = Schema.Struct({
  role: WaitlistRole,
  name: Line.check(
    Schema.makeFilter((s: string) => s.trim().length > 0, { message: "validation.required" }),
    Schema.isMaxLength(LIMITS.nameMax, { message: "validation.tooLong" }),
  ),
  email: Email,
  organization: optionalText(200),
  speciality: optionalText(100),
  phone: Schema.optionalKey(Line.check(Schema.isPattern(/^(\+[1-9][0-9]{6,14})?$/, { message: "validation.phoneInvalid" }))),
  updates: Schema.Boolean,
})
export type WaitlistEntry = typeof WaitlistEntry.Type
