import { createHash, randomBytes } from "node:crypto"
import { and, desc, eq, gt, gte, isNull, lte, ne } from "drizzle-orm"
import type { Db } from "../db/client.ts"
import { doctors, patients, sessions, users } from "../db/schema.ts"
import type { Caller } from "../http/context.ts"
import { ApiError } from "../http/errors.ts"
import type { Role } from "../../schemas/enums.ts"
import type { UserId } from "../../schemas/ids.ts"
import { SESSION_IDLE } from "../../schemas/limits.ts"
import type { SessionDevice } from "../../schemas/sessions.ts"

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex")

const HOUR_MS = 3600_000

/** How long a session of this role may go unused before it ends (issue 38): a doctor's 12 hours, everyone else's 30 days. */
export const idleLimitMs = (role: Role): number => (role === "DOCTOR" ? SESSION_IDLE.doctorHours * HOUR_MS : SESSION_IDLE.days * 24 * HOUR_MS)

/** `last_seen_at` moves at most this often, so that a session's requests are not each a write. */
export const LAST_SEEN_EVERY_MS = 60_000

/**
 * Creates a session; the 256-bit token is returned once and only its hash is kept. Its times are
 * the gateway's clock (not the database's), like every reading of them, so that tests move both.
 */
export async function createSession(db: Db, userId: UserId, ttlMs: number, device: SessionDevice = { browser: null, os: null }) {
  const token = randomBytes(32).toString("base64url")
  const now = new Date()
  const expiresAt = new Date(now.getTime() + ttlMs)
  const [row] = await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, expiresAt, createdAt: now, lastSeenAt: now, deviceBrowser: device.browser, deviceOs: device.os })
    .returning({ id: sessions.id })
  return { token, sessionId: row!.id, expiresAt }
}

/**
 * Resolves a bearer token to its caller, or fails with the session code of SPEC §8 that says why:
 * INVALID_SESSION for unknown or revoked, SESSION_EXPIRED for expired or unused past its role's
 * idle limit. A use notes the time, at most once a minute.
 */
export async function resolveSession(db: Db, token: string): Promise<Caller> {
  if (token.length < 20 || token.length > 200) throw new ApiError("INVALID_TOKEN", "The token is malformed")
  const [row] = await db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      role: users.role,
      isActive: users.isActive,
      patientId: patients.id,
      doctorId: doctors.id,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(patients, eq(patients.userId, users.id))
    .leftJoin(doctors, eq(doctors.userId, users.id))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1)
  if (!row || row.revokedAt || !row.isActive) throw new ApiError("INVALID_SESSION", "The session is not valid")
  const now = Date.now()
  if (row.expiresAt.getTime() <= now) throw new ApiError("SESSION_EXPIRED", "The session has expired")
  if (now - row.lastSeenAt.getTime() > idleLimitMs(row.role)) throw new ApiError("SESSION_EXPIRED", "The session has not been used for too long")
  if (now - row.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
    // Only if no other request moved it meanwhile: parallel requests write it once.
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(and(eq(sessions.id, row.sessionId), lte(sessions.lastSeenAt, new Date(now - LAST_SEEN_EVERY_MS))))
  }
  return {
    userId: row.userId,
    sessionId: row.sessionId,
    role: row.role,
    patientId: row.patientId,
    doctorId: row.doctorId,
    expiresAt: row.expiresAt,
  }
}

/** The caller's sessions still alive by the same rules as `resolveSession`: not revoked, not expired, used within the role's idle limit. */
export async function liveSessions(db: Db, caller: Pick<Caller, "userId" | "role">) {
  const now = Date.now()
  return db
    .select({
      id: sessions.id,
      browser: sessions.deviceBrowser,
      os: sessions.deviceOs,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, caller.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date(now)),
        gte(sessions.lastSeenAt, new Date(now - idleLimitMs(caller.role))),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt))
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId))
}

/** Ends one live session of the user; false when the user has no such session (another's, or one ended already). */
export async function revokeOwnSession(db: Db, userId: UserId, sessionId: string): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
  return ended.length > 0
}

/** Ends every live session of the user but `keep` ("sign out everywhere else"); returns how many ended. */
export async function revokeOtherSessions(db: Db, userId: UserId, keep: string): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keep), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .returning({ id: sessions.id })
  return ended.length
}

/** Ends every live session of the user, as a password change requires. */
export async function revokeAllSessions(db: Db, userId: UserId): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
}
