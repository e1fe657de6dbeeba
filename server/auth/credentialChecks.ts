import { clientAddress } from "../http/clientAddress.ts"
import { eq, sql } from "drizzle-orm"
import type { Context } from "hono"
import { decodeWithFields } from "../../schemas/decode.ts"
import { SignInEmail } from "../../schemas/fields.ts"
import { users } from "../db/schema.ts"
import type { AppEnv } from "../http/context.ts"
import { ApiError } from "../http/errors.ts"
import { accountKey, addressKey, clientKey, signUpNetworkKeys, signUpPhoneKey, type CredentialLimits, type LimitKey } from "./credentialLimits.ts"
import { DUMMY_HASH, verifyPassword } from "./passwords.ts"
import type { UserId } from "../../schemas/ids.ts"

/** The Password rule's bound: nothing longer can be anyone's password, so it is not worth hashing. */
const MAX_PASSWORD = 128

type Checked = { status: "ok" } | { status: "wrong" } | { status: "locked"; retryAfterMs: number }

/** Runs one password check under the limits of `keys`: refused unchecked while one is locked. */
async function limited(limits: CredentialLimits, keys: ReadonlyArray<LimitKey>, verify: () => Promise<boolean>): Promise<Checked> {
  const retryAfterMs = await limits.attempt(keys)
  if (retryAfterMs > 0) return { status: "locked", retryAfterMs }
  if (!(await verify())) return { status: "wrong" }
  await limits.succeeded(keys)
  return { status: "ok" }
}

/** Sets Retry-After (whole seconds, at least 1) on the answer being built. */
export function setRetryAfter(c: Context<AppEnv>, retryAfterMs: number): void {
  c.header("Retry-After", String(Math.max(1, Math.ceil(retryAfterMs / 1000))))
}

/** The 429 of a blocked credential check, with Retry-After set and the reason on the password field. */
export function tooManyAttempts(c: Context<AppEnv>, fieldName: string, retryAfterMs: number): ApiError {
  setRetryAfter(c, retryAfterMs)
  return new ApiError("UNAUTHORIZED", "Too many failed attempts; try again later", [{ name: fieldName, message: "validation.tooManyAttempts" }], 429)
}

export type SignInOutcome =
  { ok: true; userId: UserId } | { ok: false; reason: "missing" | "badCredentials" } | { ok: false; reason: "tooMany"; retryAfterMs: number }

/**
 * Checks an email and password for signing in (login form and /auth/token alike), under the
 * limits of the client, the canonical address and the account it names. Every spelling of an
 * address (spaces, case, NFD) is one account; an address with control or invisible characters
 * cannot be one and never reaches the database.
 */
export async function checkSignIn(c: Context<AppEnv>, rawEmail: string, password: string): Promise<SignInOutcome> {
  if (!rawEmail.trim() || !password) return { ok: false, reason: "missing" }
  const { db, credentialLimits } = c.get("deps")
  const client = clientKey(clientAddress(c))
  const email = decodeWithFields(SignInEmail, rawEmail)
  let checked: Checked
  if (!email.ok || password.length > MAX_PASSWORD) {
    // Still a wrong guess, counted against the client.
    checked = await limited(credentialLimits, [client], async () => false)
  } else {
    const [user] = await db
      .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.value))
    const keys = [client, addressKey(email.value), ...(user ? [accountKey(user.id)] : [])]
    // The dummy hash keeps the time of an unknown address the same as a known one.
    checked = await limited(
      credentialLimits,
      keys,
      async () => (await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH)) && user !== undefined && user.isActive,
    )
    if (checked.status === "ok") return { ok: true, userId: user!.id }
  }
  return checked.status === "locked" ? { ok: false, reason: "tooMany", retryAfterMs: checked.retryAfterMs } : { ok: false, reason: "badCredentials" }
}

/**
 * Checks the current password of a signed-in user before a change of credentials (password,
 * sign-in email), against the same per-account limit as signing in. Resolves when right; throws
 * ApiError INVALID_PASSWORD (400) with `validation.currentPasswordWrong` on `fieldName` when wrong,
 * and UNAUTHORIZED (429, Retry-After) with `validation.tooManyAttempts` on `fieldName` while the
 * account is blocked, even for the right password.
 */
export async function verifyCurrentPassword(c: Context<AppEnv>, userId: UserId, password: string, fieldName: string): Promise<void> {
  const { db, credentialLimits } = c.get("deps")
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId))
  if (!user) throw new ApiError("USER_NOT_FOUND")
  const checked = await limited(
    credentialLimits,
    [accountKey(userId)],
    async () => password.length <= MAX_PASSWORD && (await verifyPassword(password, user.passwordHash)),
  )
  if (checked.status === "locked") throw tooManyAttempts(c, fieldName, checked.retryAfterMs)
  if (checked.status === "wrong") {
    throw new ApiError("INVALID_PASSWORD", "The current password is not correct", [{ name: fieldName, message: "validation.currentPasswordWrong" }])
  }
}

/**
 * Counts a sign-up attempt against the client and its wider network (SIGN_UP_LIMITS): answers 0,
 * or the milliseconds to wait while one of them is at its limit (then nothing is counted). Every
 * attempt counts, an account made, an address taken or a form refused: there is nothing to take back.
 */
export function limitSignUpFrom(c: Context<AppEnv>): Promise<number> {
  return c.get("deps").signUpLimits.attempt(signUpNetworkKeys(clientAddress(c)))
}

/** Counts a sign-up with this E.164 phone number, as limitSignUpFrom does for the client (3 a day). */
export function limitSignUpPhone(c: Context<AppEnv>, phone: string): Promise<number> {
  return c.get("deps").signUpLimits.attempt([signUpPhoneKey(phone)])
}
