import { createHash, randomBytes } from "node:crypto"
import { and, eq, gt, ne, sql } from "drizzle-orm"
import { canonicalEmail } from "../../schemas/fields.ts"
import type { Db } from "../db/client.ts"
import { emailChanges, users } from "../db/schema.ts"
import { isUniqueViolation } from "./appointmentRules.ts"
import { inTransaction } from "../db/transaction.ts"
import type { UserId } from "../../schemas/ids.ts"

/** How long an email change's link can be opened. */
export const EMAIL_CHANGE_TTL_MS = 24 * 3600_000

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex")
/** 32 random bytes in base64url; anything else is refused before the database is asked. */
const TOKEN_SHAPE = /^[\w-]{43}$/

export interface EmailChangeRequest {
  /** The link's token, to mail to the new address; null when that address already has an account. */
  readonly token: string | null
  readonly newEmail: string
}

/**
 * Records a change of sign-in address, replacing any earlier one. The address is not the user's
 * yet: it becomes theirs when the link is opened (confirmEmailChange). A taken address is recorded
 * the same way, without a link, so the caller's answer is the same either way.
 */
export async function requestEmailChange(db: Db, userId: UserId, email: string, now: Date = new Date()): Promise<EmailChangeRequest> {
  const newEmail = canonicalEmail(email)
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, newEmail), ne(users.id, userId)))
  const token = holder ? null : randomBytes(32).toString("base64url")
  const values = { newEmail, tokenHash: token ? hashOf(token) : null, expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS), createdAt: now }
  await db
    .insert(emailChanges)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: emailChanges.userId, set: values })
  return { token, newEmail }
}

/** The address a user asked to sign in with and has not confirmed yet, while its link is valid. */
export async function pendingEmailOf(db: Db, userId: UserId, now: Date = new Date()): Promise<string | null> {
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, now)))
  return row?.newEmail ?? null
}

export async function cancelEmailChange(db: Db, userId: UserId): Promise<void> {
  await db.delete(emailChanges).where(eq(emailChanges.userId, userId))
}

/** Whether a link's token names a change that can still be confirmed (nothing is changed). */
export async function isEmailChangeOpen(db: Db, token: string, now: Date = new Date()): Promise<boolean> {
  if (!TOKEN_SHAPE.test(token)) return false
  const [row] = await db
    .select({ userId: emailChanges.userId })
    .from(emailChanges)
    .where(and(eq(emailChanges.tokenHash, hashOf(token)), gt(emailChanges.expiresAt, now)))
  return row !== undefined
}

export type EmailChangeOutcome =
  | {
      readonly ok: true
      readonly userId: UserId
      readonly firstName: string
      readonly oldEmail: string
      /** Whether the old address had been verified (issue 38: an unverified one is told nothing). */
      readonly oldEmailVerified: boolean
      readonly newEmail: string
    }
  | { readonly ok: false; readonly reason: "invalid" | "taken" }

/**
 * Opens an email change's link: the user's sign-in address becomes the new one, once. An unknown,
 * used or expired token is "invalid"; an address taken since the request is "taken".
 */
export async function confirmEmailChange(db: Db, token: string, now: Date = new Date()): Promise<EmailChangeOutcome> {
  if (!TOKEN_SHAPE.test(token)) return { ok: false, reason: "invalid" }
  try {
    return await inTransaction(db, async (tx) => {
      const [change] = await tx
        .delete(emailChanges)
        .where(and(eq(emailChanges.tokenHash, hashOf(token)), gt(emailChanges.expiresAt, now)))
        .returning()
      if (!change) return { ok: false, reason: "invalid" } as const
      const [before] = await tx
        .select({ email: users.email, firstName: users.firstName, verifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, change.userId))
        .for("update")
      if (!before) return { ok: false, reason: "invalid" } as const
      // The link opened at the new address proves it: a confirmed change is a verified address.
      await tx.update(users).set({ email: change.newEmail, emailVerifiedAt: now }).where(eq(users.id, change.userId))
      return {
        ok: true,
        userId: change.userId,
        firstName: before.firstName,
        oldEmail: before.email,
        oldEmailVerified: before.verifiedAt !== null,
        newEmail: change.newEmail,
      } as const
    })
  } catch (error) {
    if (isUniqueViolation(error, "users_email_key")) {
      await db.delete(emailChanges).where(eq(emailChanges.tokenHash, hashOf(token)))
      return { ok: false, reason: "taken" }
    }
    throw error
  }
}
