import { and, eq, isNotNull, lt, sql } from "drizzle-orm"
import type { Db } from "../db/client.ts"
import { idempotencyKeys } from "../db/schema.ts"
import type { UserId } from "../../schemas/ids.ts"

/** An answer is kept 24 hours for its key: older ones are ignored, taken over and purged. */
const expiredBefore = sql`now() - interval '24 hours'`

export interface KeptAnswer {
  readonly fingerprint: string
  readonly status: number
  readonly body: unknown
}

/** The answer kept for the user's key, unless it is older than 24 hours. */
export async function findKeptAnswer(db: Db, userId: UserId, key: string): Promise<KeptAnswer | undefined> {
  const [row] = await db
    .select({ fingerprint: idempotencyKeys.fingerprint, status: idempotencyKeys.responseStatus, body: idempotencyKeys.responseBody })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        isNotNull(idempotencyKeys.responseStatus),
        sql`${idempotencyKeys.createdAt} >= ${expiredBefore}`,
      ),
    )
  return row && row.status !== null ? { fingerprint: row.fingerprint, status: row.status, body: row.body } : undefined
}

/** Forgets the user's keys older than 24 hours (opportunistically, on each keyed write: one index range). */
export async function purgeExpiredKeys(db: Db, userId: UserId): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), lt(idempotencyKeys.createdAt, expiredBefore)))
}

/**
 * Claims the key inside the write's transaction: true when this request owns it now (new, or
 * expired and taken over). A concurrent request with the same key waits here on the primary key
 * until the first one commits (then false: its answer is kept) or rolls back (then true).
 */
export async function claimKey(tx: Db, userId: UserId, key: string, fingerprint: string): Promise<boolean> {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId, key, fingerprint })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { fingerprint, responseStatus: null, responseBody: null, createdAt: sql`now()` },
      setWhere: lt(idempotencyKeys.createdAt, expiredBefore),
    })
    .returning({ key: idempotencyKeys.key })
  return claimed.length > 0
}

/** Keeps the answer with its claimed key, in the same transaction as the write it answers. */
export async function keepAnswer(tx: Db, userId: UserId, key: string, status: number, body: unknown): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
}
