import { randomBytes, randomInt } from "node:crypto"
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm"
import { EMAIL_LINK_TTL_HOURS, PHONE_CODE } from "../../schemas/verification.ts"
import type { UserId } from "../../schemas/ids.ts"
import { hashPassword, verifyPassword } from "../auth/passwords.ts"
import type { Db } from "../db/client.ts"
import { users, verificationCodes } from "../db/schema.ts"
import { inTransaction } from "../db/transaction.ts"

type Channel = "PHONE" | "EMAIL"
const DAY_MS = 24 * 3600_000
const RESEND_MS = PHONE_CODE.resendSeconds * 1000

/** Why no new code was made: one was sent less than a minute ago, or the day's were all sent; and when one may be. */
export type IssueRefusal = { readonly refused: "resendWait" | "dailyLimit"; readonly retryAt: Date }
export type Issued = { readonly id: string; readonly secret: string; readonly expiresAt: Date; readonly resendAt: Date }

/**
 * Makes a new proof for the user's phone or address, killing the earlier ones: at most one a
 * minute for one target and PHONE_CODE.perDay a day per user and channel (counted under a lock on the user, so
 * parallel asks cannot pass together). Only a salted scrypt of the secret is kept.
 */
async function issue(db: Db, userId: UserId, channel: Channel, target: string, secret: string, ttlMs: number, now: Date): Promise<Issued | IssueRefusal> {
  return inTransaction(db, async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update")
    const today = await tx
      .select({ createdAt: verificationCodes.createdAt, target: verificationCodes.target })
      .from(verificationCodes)
      .where(
        and(eq(verificationCodes.userId, userId), eq(verificationCodes.channel, channel), gt(verificationCodes.createdAt, new Date(now.getTime() - DAY_MS))),
      )
      .orderBy(desc(verificationCodes.createdAt))
    // The minute's wait is per number or address: a new one (a typo fixed) is sent its code at once; the day's count is the user's.
    const last = today.find((row) => row.target === target)?.createdAt
    if (last && now.getTime() - last.getTime() < RESEND_MS) return { refused: "resendWait", retryAt: new Date(last.getTime() + RESEND_MS) } as const
    if (today.length >= PHONE_CODE.perDay) return { refused: "dailyLimit", retryAt: new Date(today.at(-1)!.createdAt.getTime() + DAY_MS) } as const
    await tx
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.channel, channel), isNull(verificationCodes.consumedAt)))
    const expiresAt = new Date(now.getTime() + ttlMs)
    const [row] = await tx
      .insert(verificationCodes)
      .values({ userId, channel, target, codeHash: await hashPassword(secret), expiresAt, createdAt: now })
      .returning({ id: verificationCodes.id })
    return { id: row!.id, secret, expiresAt, resendAt: new Date(now.getTime() + RESEND_MS) }
  })
}

/** A new 6-digit code for the user's phone number, from a uniform draw. */
export function issuePhoneCode(db: Db, userId: UserId, phone: string, now: Date): Promise<Issued | IssueRefusal> {
  const code = String(randomInt(0, 10 ** PHONE_CODE.digits)).padStart(PHONE_CODE.digits, "0")
  return issue(db, userId, "PHONE", phone, code, PHONE_CODE.ttlMinutes * 60_000, now)
}

/** A new link secret for the user's address; the link carries `<id>.<secret>`. */
export async function issueEmailLink(db: Db, userId: UserId, email: string, now: Date): Promise<{ token: string } | IssueRefusal> {
  const issued = await issue(db, userId, "EMAIL", email, randomBytes(32).toString("base64url"), EMAIL_LINK_TTL_HOURS * 3600_000, now)
  return "refused" in issued ? issued : { token: `${issued.id}.${issued.secret}` }
}

/** Takes back a code that could not be sent: it neither counts nor delays the next. */
export async function withdrawCode(db: Db, id: string): Promise<void> {
  await db.delete(verificationCodes).where(eq(verificationCodes.id, id))
}

/** The user's live phone code, for the profile: when it dies and when another may be asked. */
export async function livePhoneCode(db: Db, userId: UserId, phone: string | null, now: Date): Promise<{ expiresAt: Date; resendAt: Date } | null> {
  if (!phone) return null
  const [row] = await db
    .select({ expiresAt: verificationCodes.expiresAt, createdAt: verificationCodes.createdAt, tries: verificationCodes.tries })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.channel, "PHONE"),
        eq(verificationCodes.target, phone),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1)
  if (!row || row.tries >= PHONE_CODE.tries) return null
  return { expiresAt: row.expiresAt, resendAt: new Date(row.createdAt.getTime() + RESEND_MS) }
}

export type PhoneCheck =
  { readonly outcome: "verified" } | { readonly outcome: "wrong"; readonly triesLeft: number } | { readonly outcome: "triesOver" | "expired" | "none" }

/**
 * Checks a typed code against the user's latest phone code for their current number. Right: the
 * number is verified and the code used. Wrong: one try fewer; the fifth wrong try kills the code.
 * A code past its 10 minutes, or dead, proves nothing whatever is typed.
 */
export async function confirmPhoneCode(db: Db, userId: UserId, code: string, now: Date): Promise<PhoneCheck> {
  return inTransaction(db, async (tx) => {
    const [user] = await tx.select({ phone: users.phoneNumber }).from(users).where(eq(users.id, userId)).for("update")
    if (!user?.phone) return { outcome: "none" } as const
    const [row] = await tx
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.channel, "PHONE"), isNull(verificationCodes.consumedAt)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1)
    if (!row || row.target !== user.phone) return { outcome: "none" } as const
    if (row.tries >= PHONE_CODE.tries) return { outcome: "triesOver" } as const
    if (row.expiresAt.getTime() <= now.getTime()) return { outcome: "expired" } as const
    if (await verifyPassword(code, row.codeHash)) {
      await tx.update(verificationCodes).set({ consumedAt: now }).where(eq(verificationCodes.id, row.id))
      await tx.update(users).set({ phoneVerifiedAt: now }).where(eq(users.id, userId))
      return { outcome: "verified" } as const
    }
    const tries = row.tries + 1
    await tx.update(verificationCodes).set({ tries }).where(eq(verificationCodes.id, row.id))
    return tries >= PHONE_CODE.tries ? ({ outcome: "triesOver" } as const) : ({ outcome: "wrong", triesLeft: PHONE_CODE.tries - tries } as const)
  })
}

const LINK_SHAPE = /^([0-9a-f-]{36})\.([\w-]{43})$/

/** Whether a link's token can still verify its address (nothing is changed: a mail scanner opening the link verifies nothing). */
export async function isEmailLinkOpen(db: Db, token: string, now: Date): Promise<boolean> {
  return (await openLink(db, token, now)) !== null
}

async function openLink(tx: Db, token: string, now: Date) {
  const match = LINK_SHAPE.exec(token)
  if (!match) return null
  const [row] = await tx
    .select()
    .from(verificationCodes)
    .innerJoin(users, eq(users.id, verificationCodes.userId))
    .where(
      and(
        eq(verificationCodes.id, match[1]!),
        eq(verificationCodes.channel, "EMAIL"),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
        // The address it was sent to is still the account's.
        eq(sql`lower(${users.email})`, sql`lower(${verificationCodes.target})`),
      ),
    )
  if (!row || !(await verifyPassword(match[2]!, row.verification_codes.codeHash))) return null
  return row
}

/** Opens an email verification link: the address is verified, once. False for an unknown, used, expired or superseded link. */
export async function confirmEmailLink(db: Db, token: string, now: Date): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const row = await openLink(tx, token, now)
    if (!row) return false
    await tx.update(verificationCodes).set({ consumedAt: now }).where(eq(verificationCodes.id, row.verification_codes.id))
    await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, row.users.id))
    return true
  })
}
