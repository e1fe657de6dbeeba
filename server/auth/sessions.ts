import { createHash, randomBytes } from "node:crypto"
import { and, eq, isNull } from "drizzle-orm"
import type { Db } from "../db/client.ts"
import { doctors, patients, sessions, users } from "../db/schema.ts"
import type { Caller } from "../http/context.ts"
import { ApiError } from "../http/errors.ts"
import type { UserId } from "../../schemas/ids.ts"

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex")

/** Creates a session; the 256-bit token is returned once and only its hash is kept. */
export async function createSession(db: Db, userId: UserId, ttlMs: number) {
  const token = randomBytes(32).toString("base64url")
  const expiresAt = new Date(Date.now() + ttlMs)
  const [row] = await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, expiresAt })
    .returning({ id: sessions.id })
  return { token, sessionId: row!.id, expiresAt }
}

/**
 * Resolves a bearer token to its caller, or fails with the session code of SPEC §8 that says why:
 * INVALID_SESSION for unknown or revoked, SESSION_EXPIRED for expired.
 */
export async function resolveSession(db: Db, token: string): Promise<Caller> {
  if (token.length < 20 || token.length > 200) throw new ApiError("INVALID_TOKEN", "The token is malformed")
  const [row] = await db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
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
  if (row.expiresAt.getTime() <= Date.now()) throw new ApiError("SESSION_EXPIRED", "The session has expired")
  return {
    userId: row.userId,
    sessionId: row.sessionId,
    role: row.role,
    patientId: row.patientId,
    doctorId: row.doctorId,
    expiresAt: row.expiresAt,
  }
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId))
}

/** Ends every live session of a user, as a password change requires. */
export async function revokeAllSessions(db: Db, userId: UserId): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
}
