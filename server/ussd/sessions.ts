import { and, eq, gt, lte } from "drizzle-orm"
import type { Db } from "../db/client.ts"
import { ussdSessions } from "../db/schema.ts"

/** A USSD session is kept three minutes after its last step (issue 41), about as long as networks keep one open. */
export const USSD_SESSION_MS = 3 * 60_000

export type UssdSessionRow = typeof ussdSessions.$inferSelect

/** The session's last state, unless it has lapsed. */
export async function loadUssdSession(db: Db, sessionId: string, now: Date): Promise<UssdSessionRow | null> {
  const [row] = await db
    .select()
    .from(ussdSessions)
    .where(and(eq(ussdSessions.sessionId, sessionId), gt(ussdSessions.expiresAt, now)))
  return row ?? null
}

/**
 * Keeps the session's state after step `row.steps`; `after` is the step count it was read at (null:
 * new). False when another request of the same session moved it first: that one's answer stands.
 */
export async function saveUssdSession(db: Db, row: Omit<UssdSessionRow, "expiresAt">, after: number | null, now: Date): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + USSD_SESSION_MS)
  if (after === null) {
    // A lapsed row of the same id (aggregators reuse ids) is replaced; a live one is someone else's.
    await db.delete(ussdSessions).where(and(eq(ussdSessions.sessionId, row.sessionId), lte(ussdSessions.expiresAt, now)))
    const inserted = await db
      .insert(ussdSessions)
      .values({ ...row, expiresAt })
      .onConflictDoNothing()
      .returning({ id: ussdSessions.sessionId })
    return inserted.length > 0
  }
  const updated = await db
    .update(ussdSessions)
    .set({ snapshot: row.snapshot, steps: row.steps, page: row.page, expiresAt })
    .where(and(eq(ussdSessions.sessionId, row.sessionId), eq(ussdSessions.steps, after)))
    .returning({ id: ussdSessions.sessionId })
  return updated.length > 0
}

/** Drops the lapsed sessions (the job worker's sweep). */
export const dropLapsedUssdSessions = (db: Db, now: Date) => db.delete(ussdSessions).where(lte(ussdSessions.expiresAt, now))
