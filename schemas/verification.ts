import * as Schema from "effect/Schema"
import { UtcInstant } from "./fields.ts"

/**
 * Issue 38, verified contacts: a phone number gets SMS only once a one-time code sent to it by SMS
 * was typed back; an address gets nothing but its verification mail until its link was opened.
 * The numbers are the issue's.
 */
export const PHONE_CODE = {
  /** Digits of a code. */
  digits: 6,
  /** How long a code can be typed. */
  ttlMinutes: 10,
  /** Wrong codes before the code is dead. */
  tries: 5,
  /** The wait before another code may be sent. */
  resendSeconds: 60,
  /** Codes sent per user and day. */
  perDay: 5,
} as const

/** How long an email verification link can be opened. */
export const EMAIL_LINK_TTL_HOURS = 24

/** Notices (SMS or mails, whatever their cause) one recipient, a number or an address, gets per hour at most. */
export const RECIPIENT_CAP = { notices: 5, windowMinutes: 60 } as const

/** A code as typed: exactly 6 digits. */
export const VerificationCode = Schema.String.check(
  Schema.isPattern(new RegExp(`^[0-9]{${PHONE_CODE.digits}}$`), { message: "patientProfile.phoneVerification.codeFormat" }),
)

/** POST /me/phone-verification/confirm */
export const PhoneCodeConfirmRequest = Schema.Struct({ code: VerificationCode })
export type PhoneCodeConfirmRequest = typeof PhoneCodeConfirmRequest.Type

/** POST /me/phone-verification: a code left for the number; when it dies, and when another may be asked. */
export const PhoneCodeSent = Schema.Struct({
  phoneNumber: Schema.String,
  expiresAt: UtcInstant,
  /** Seconds before another code may be sent (counted from this answer). */
  resendAfterSeconds: Schema.Int,
})
export type PhoneCodeSent = typeof PhoneCodeSent.Type

/** POST /me/phone-verification/confirm: the number is verified. */
export const PhoneVerified = Schema.Struct({ phoneVerified: Schema.Literal(true) })
export type PhoneVerified = typeof PhoneVerified.Type

/** A live code of the patient's record: when it dies and when another may be asked (UTC instants). */
export const PendingPhoneCode = Schema.Struct({ expiresAt: UtcInstant, resendAt: UtcInstant })
export type PendingPhoneCode = typeof PendingPhoneCode.Type

/**
 * The field messages of the verification calls' refusals (BUSINESS_ERROR, translated by the app).
 * A wrong code's refusal carries a second field, `triesLeft`, whose message is the count.
 */
export const VERIFICATION_MESSAGES = {
  wrongCode: "patientProfile.phoneVerification.codeWrong",
  triesOver: "patientProfile.phoneVerification.codeTriesOver",
  expired: "patientProfile.phoneVerification.codeExpired",
  noCode: "patientProfile.phoneVerification.codeNone",
  resendWait: "patientProfile.phoneVerification.codeResendWait",
  dailyLimit: "patientProfile.phoneVerification.codeDailyLimit",
  recipientBusy: "patientProfile.phoneVerification.recipientBusy",
  noPhone: "patientProfile.phoneVerification.phoneMissing",
  alreadyVerified: "patientProfile.phoneVerification.alreadyVerified",
} as const
