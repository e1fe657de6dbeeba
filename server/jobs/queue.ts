import { sql } from "drizzle-orm"
import type { Db } from "../db/client.ts"
import { jobs } from "../db/schema.ts"

export interface NewJob {
  readonly kind: string
  readonly payload?: Record<string, unknown>
  /** When it may run; now when absent. */
  readonly runAt?: Date
  /** A job with the same key is enqueued once: a second enqueue does nothing. */
  readonly dedupeKey?: string
  readonly maxAttempts?: number
}

/**
 * Adds a job; `db` may be a transaction, so the job is saved with (and only with) the write that
 * asked for it. Idempotent on `dedupeKey`: returns the new job's id, or undefined when a job with
 * that key already exists.
 */
export async function enqueue(db: Db, job: NewJob): Promise<string | undefined> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload ?? {},
      ...(job.runAt ? { runAt: job.runAt } : {}),
      dedupeKey: job.dedupeKey ?? null,
      ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
    })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id })
  return row?.id
}

/** Deletes the pending jobs whose dedupe key starts with `prefix` (reminders of a moved or cancelled appointment); how many. */
export async function removePending(db: Db, prefix: string): Promise<number> {
  const pattern = `${prefix.replace(/[\\%_]/g, "\\$&")}%`
  const removed = await db
    .delete(jobs)
    .where(sql`${jobs.status} = 'pending' AND ${jobs.dedupeKey} LIKE ${pattern}`)
    .returning({ id: jobs.id })
  return removed.length
}
