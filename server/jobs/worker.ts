import { and, eq, sql } from "drizzle-orm"
import type { Db } from "../db/client.ts"
import { jobs } from "../db/schema.ts"
import { errorFacts } from "../http/errorLog.ts"

/** A claimed job, as its handler sees it. */
export interface ClaimedJob {
  readonly id: string
  readonly kind: string
  readonly payload: Record<string, unknown>
  /** This run's number, from 1. */
  readonly attempts: number
  readonly maxAttempts: number
  /** When it was enqueued: a retry can tell what this job already did from what earlier jobs did. */
  readonly createdAt: Date
}

/** Does a job's work. Runs at least once per job (again after a crash), so it must be idempotent. */
export type JobHandler = (job: ClaimedJob, context: { readonly db: Db; readonly now: Date }) => Promise<void>

export interface WorkerOptions {
  /** How long a claimed job is held; past it, another worker takes it (its worker is presumed dead). */
  readonly leaseMs?: number
  /** The delay before the first retry, doubled at each further one. */
  readonly backoffMs?: number
  /** Jobs claimed per run. */
  readonly batch?: number
}

export const DEFAULT_LEASE_MS = 5 * 60_000
export const DEFAULT_BACKOFF_MS = 30_000

/** The delay before the retry that follows failed run number `attempts` (1, 2, …): base, 2×base, 4×base… */
export const backoffDelay = (attempts: number, baseMs: number) => baseMs * 2 ** Math.max(0, attempts - 1)

/** Runs the due jobs of the registered kinds; several workers (processes) may share one database. */
export class JobWorker {
  private readonly leaseMs: number
  private readonly backoffMs: number
  private readonly batch: number

  constructor(
    private readonly db: Db,
    private readonly handlers: Readonly<Record<string, JobHandler>>,
    options: WorkerOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS
    this.backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS
    this.batch = options.batch ?? 10
  }

  /** Claims and runs what is due at `now`, batch after batch until nothing is; how many jobs ran. */
  async runDue(now: Date = new Date()): Promise<number> {
    let ran = 0
    for (;;) {
      const claimed = await this.claim(now)
      for (const job of claimed) await this.run(job, now)
      ran += claimed.length
      if (claimed.length < this.batch) return ran
    }
  }

  /**
   * Takes up to `batch` due jobs in one statement (its own transaction): SKIP LOCKED lets two
   * workers claim at once without waiting on or taking each other's rows. A running job whose lease
   * ran out is due again: its worker died.
   */
  private async claim(now: Date): Promise<ClaimedJob[]> {
    const kinds = Object.keys(this.handlers)
    if (kinds.length === 0) return []
    const at = now.toISOString()
    const until = new Date(now.getTime() + this.leaseMs).toISOString()
    const result = (await this.db.execute<Record<string, unknown>>(sql`
      UPDATE ${jobs} SET status = 'running', attempts = attempts + 1, locked_until = ${until}::timestamptz
      WHERE id IN (
        SELECT id FROM ${jobs}
        WHERE kind IN (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})
          AND ((status = 'pending' AND run_at <= ${at}::timestamptz) OR (status = 'running' AND locked_until < ${at}::timestamptz))
        ORDER BY run_at
        LIMIT ${this.batch}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, kind, payload, attempts, max_attempts, created_at
    `)) as { rows: Array<{ id: string; kind: string; payload: Record<string, unknown>; attempts: number; max_attempts: number; created_at: string | Date }> }
    return result.rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      payload: r.payload,
      attempts: r.attempts,
      maxAttempts: r.max_attempts,
      createdAt: new Date(r.created_at),
    }))
  }

  /** Runs one claimed job and records its outcome, unless another worker took it since (its lease ran out). */
  private async run(job: ClaimedJob, now: Date): Promise<void> {
    const handler = this.handlers[job.kind]!
    // Our claim is ours while the row still shows our attempt number.
    const stillOurs = and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.attempts, job.attempts))
    try {
      await handler(job, { db: this.db, now })
      await this.db.update(jobs).set({ status: "done", finishedAt: new Date(), lockedUntil: null, lastError: null }).where(stillOurs)
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500)
      const finalFailure = job.attempts >= job.maxAttempts
      const outcome = finalFailure
        ? { status: "failed" as const, finishedAt: new Date(), lockedUntil: null, lastError }
        : { status: "pending" as const, runAt: new Date(now.getTime() + backoffDelay(job.attempts, this.backoffMs)), lockedUntil: null, lastError }
      await this.db.update(jobs).set(outcome).where(stillOurs)
      console.warn(`[jobs] ${job.kind} ${job.id} failed (attempt ${job.attempts}/${job.maxAttempts}): ${errorFacts(error).name}`)
    }
  }
}

/**
 * Runs the worker now and then every `everyMs`, on a timer that never keeps the process alive.
 * Its stop clears the timer and waits for a run under way, which needs the database.
 */
export function startJobWorker(worker: JobWorker, everyMs: number): () => Promise<void> {
  let running: Promise<void> = Promise.resolve()
  let stopped = false
  const tick = () => {
    if (stopped) return
    running = running
      .then(() => worker.runDue())
      .then(
        () => {},
        (error: unknown) => console.error(`[jobs] a run failed: ${errorFacts(error).name}`),
      )
  }
  tick()
  const timer = setInterval(tick, everyMs)
  timer.unref()
  return async () => {
    stopped = true
    clearInterval(timer)
    await running
  }
}
