import type { Context } from "hono"
import { eq } from "drizzle-orm"
import { PHONE_CODE, VERIFICATION_MESSAGES, type PhoneCodeSent } from "../../schemas/verification.ts"
import type { UserId } from "../../schemas/ids.ts"
import { setRetryAfter } from "../auth/credentialChecks.ts"
import { sendAccountMails } from "../accounts/emailChange.ts"
import { linkOrigin } from "../config.ts"
import { users } from "../db/schema.ts"
import { toUtcSeconds } from "../db/time.ts"
import type { MailLanguage } from "../email/contactMail.ts"
import type { AppEnv } from "../http/context.ts"
import { errorFacts } from "../http/errorLog.ts"
import { ApiError } from "../http/errors.ts"
import { scoped } from "../observability/log.ts"
import { countNotice } from "../observability/notices.ts"
import { smsSender } from "../sms/sms.ts"
import { issueEmailLink, issuePhoneCode, withdrawCode } from "./codes.ts"
import { nextNoticeAt, reserveNotice } from "./recipientCap.ts"

const log = scoped("verification")

/** The code's SMS: the code and its life, nothing else (one GSM-7 or UCS-2 segment in each language). */
export const codeSms = (lang: MailLanguage, code: string): string =>
  ({
    fr: `Promed: votre code de verification est ${code}. Il expire dans ${PHONE_CODE.ttlMinutes} minutes.`,
    en: `Promed: your verification code is ${code}. It expires in ${PHONE_CODE.ttlMinutes} minutes.`,
    ar: `بروميد: رمز التحقق ${code}، صالح ${PHONE_CODE.ttlMinutes} دقائق.`,
  })[lang]

const refusal = (c: Context<AppEnv>, message: string, text: string, status: 422 | 429, retryAt?: Date) => {
  if (retryAt) setRetryAfter(c, retryAt.getTime() - c.get("deps").clock().getTime())
  return new ApiError("BUSINESS_ERROR", text, [{ name: "code", message }], status)
}

/**
 * Sends a new code by SMS to the user's number (sign-up, a new number, the profile's "Send a
 * code"): not to a number already verified; once a minute and 5 times a day per user; and only
 * within the number's hourly cap of notices, so that accounts made for one number cannot flood it.
 * The SMS is sent before the answer; a refused send takes the code back (it counts for nothing).
 */
export async function sendPhoneCode(c: Context<AppEnv>, userId: UserId, lang: MailLanguage): Promise<PhoneCodeSent> {
  const { db, config, clock } = c.get("deps")
  const now = clock()
  const [user] = await db.select({ phone: users.phoneNumber, verifiedAt: users.phoneVerifiedAt }).from(users).where(eq(users.id, userId))
  if (!user) throw new ApiError("USER_NOT_FOUND")
  if (!user.phone) throw refusal(c, VERIFICATION_MESSAGES.noPhone, "There is no phone number to verify", 422)
  if (user.verifiedAt) throw refusal(c, VERIFICATION_MESSAGES.alreadyVerified, "This phone number is already verified", 422)
  const issued = await issuePhoneCode(db, userId, user.phone, now)
  if ("refused" in issued) {
    const wait = issued.refused === "resendWait"
    throw refusal(
      c,
      wait ? VERIFICATION_MESSAGES.resendWait : VERIFICATION_MESSAGES.dailyLimit,
      wait ? "A code was sent less than a minute ago" : "No more codes today",
      429,
      issued.retryAt,
    )
  }
  const reservation = await reserveNotice(db, user.phone, now)
  if (!reservation) {
    await withdrawCode(db, issued.id)
    countNotice("SMS", "skipped")
    throw refusal(c, VERIFICATION_MESSAGES.recipientBusy, "This number got too many messages this hour", 429, await nextNoticeAt(db, user.phone, now))
  }
  try {
    await smsSender(config)({ to: user.phone, text: codeSms(lang, issued.secret) })
  } catch (error) {
    await Promise.all([withdrawCode(db, issued.id), reservation.release()])
    countNotice("SMS", "failed")
    log.warn({ error: errorFacts(error).name }, "a verification code was not sent")
    throw new ApiError("SERVER_ERROR", "The SMS could not be sent; try again later", undefined, 502)
  }
  countNotice("SMS", "sent")
  return {
    phoneNumber: user.phone,
    expiresAt: toUtcSeconds(issued.expiresAt),
    resendAfterSeconds: Math.ceil((issued.resendAt.getTime() - now.getTime()) / 1000),
  }
}

/** Sends the link that verifies the user's sign-in address (its account mail, under the address's cap); false when none was sent. */
export async function sendEmailLink(c: Context<AppEnv>, userId: UserId, email: string): Promise<boolean> {
  const { db, config, clock } = c.get("deps")
  const issued = await issueEmailLink(db, userId, email, clock())
  if ("refused" in issued) return false
  const link = `${linkOrigin(config)}/auth/verify-email?token=${issued.token}`
  await sendAccountMails(c, [{ kind: "emailVerification", userId, to: email, values: { link } }])
  return true
}

/** A new account's contacts, proved one by one: a code to the phone and a link to the address. A refusal never fails the sign-up. */
export async function verifyNewContacts(c: Context<AppEnv>, userId: UserId, email: string, lang: MailLanguage): Promise<void> {
  await sendPhoneCode(c, userId, lang).catch((error: unknown) => {
    if (!(error instanceof ApiError)) log.warn({ error: errorFacts(error).name }, "the sign-up's code was not sent")
  })
  await sendEmailLink(c, userId, email).catch((error: unknown) => log.warn({ error: errorFacts(error).name }, "the sign-up's link was not sent"))
}
