import { and, eq, or, sql } from "drizzle-orm"
import type { Db } from "../db/client.ts"
import { jobs } from "../db/schema.ts"
import { errorFacts } from "../http/errorLog.ts"
import { scoped } from "../observability/log.ts"
import { isDatabaseUnavailable } from "../db/unavailable.ts"

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

/**
 * Does a job's work. Runs at least once per job (again after a crash), so it must be idempotent.
 * `signal` is aborted when the job is no longer this worker's (its lease could not be renewed, or
 * shutdown handed it back): a handler checks it before anything that must not happen twice, such
 * as sending a message.
 */
export type JobHandler = (job: ClaimedJob, context: { readonly db: Db; readonly now: Date; readonly signal: AbortSignal }) => Promise<void>

export interface WorkerOptions {
  /** How long a claim holds without news from its worker; renewed while the job runs, so only a dead worker's claim runs out. */
  readonly leaseMs?: number
  /** The delay before the first retry, doubled at each further one. */
  readonly backoffMs?: number
  /** Jobs claimed per run. */
  readonly batch?: number
}

/**
 * A claim lasts 15 s and is renewed every 5 s while its job runs: a worker killed mid-job leaves a
 * claim that runs out within 15 s, and the next poll of another worker (JOB_POLL_MS, 15 s by
 * default) takes the job, so within 30 s of the kill.
 */
export const DEFAULT_LEASE_MS = 15_000
export const DEFAULT_BACKOFF_MS = 30_000

/** The delay before the retry that follows failed run number `attempts` (1, 2, …): base, 2×base, 4×base… */
export const backoffDelay = (attempts: number, baseMs: number) => baseMs * 2 ** Math.max(0, attempts - 1)

const log = scoped("jobs")

/** Runs the due jobs of the registered kinds; several workers (processes) may share one database. */
export class JobWorker {
  private readonly leaseMs: number
  private readonly backoffMs: number
  private readonly batch: number
  /** Set by `stop`: no job is claimed or begun any more. */
  #stopping = false
  /** The jobs running now, each with what aborts it. */
  readonly #running = new Map<string, { readonly job: ClaimedJob; readonly abort: AbortController; readonly done: Promise<void> }>()

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
    while (!this.#stopping) {
      const claimed = await this.claim(now)
      for (const [i, job] of claimed.entries()) {
        // Claimed but not begun when shutdown came: handed back at once for another worker.
        if (this.#stopping) {
          await this.handBack(claimed.slice(i))
          return ran
        }
        await this.run(job, now)
        ran++
      }
      if (claimed.length < this.batch) break
    }
    return ran
  }

  /**
   * Stops claiming, lets the running job finish for up to `graceMs`, then hands back what is still
   * running: its claim is released (due at once for another worker) and its handler aborted.
   */
  async stop(graceMs: number): Promise<void> {
    this.#stopping = true
    const running = [...this.#running.values()]
    if (running.length === 0) return
    let timer: NodeJS.Timeout | undefined
    const graceOver = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), graceMs)))
    const outcome = await Promise.race([Promise.all(running.map((r) => r.done)).then(() => "done" as const), graceOver])
    clearTimeout(timer)
    if (outcome === "done") return
    const late = [...this.#running.values()]
    for (const r of late) r.abort.abort(new Error("shutting down"))
    await this.handBack(late.map((r) => r.job))
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

  /** Our claim is ours while the row still shows our attempt number and is running. */
  private stillOurs(job: ClaimedJob) {
    return and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.attempts, job.attempts))
  }

  /** Releases these claims in one statement: due now for any worker. The run counts as an attempt. */
  private async handBack(claimed: ReadonlyArray<ClaimedJob>): Promise<void> {
    if (claimed.length === 0) return
    try {
      await this.db
        .update(jobs)
        .set({ status: "pending", lockedUntil: null, runAt: sql`LEAST(${jobs.runAt}, now())` })
        .where(or(...claimed.map((job) => this.stillOurs(job))))
      log.info({ jobs: claimed.length }, "handed jobs back at shutdown")
    } catch (error) {
      log.warn({ jobs: claimed.length, error: errorFacts(error).name }, "could not hand jobs back; their leases run out instead")
    }
  }

  /**
   * Runs one claimed job and records its outcome, unless another worker took it since (its lease ran
   * out). While it runs, its lease is renewed every third of its length; a renewal that finds the job
   * taken, or that cannot reach the database before the lease would run out, aborts the handler.
   */
  private async run(job: ClaimedJob, now: Date): Promise<void> {
    const handler = this.handlers[job.kind]!
    const abort = new AbortController()
    // The lease is reckoned on the clock of the run (a test's), moved on by the time it takes.
    const started = performance.now()
    const clock = () => new Date(now.getTime() + (performance.now() - started))
    let leaseEnds = now.getTime() + this.leaseMs
    // The handler stops a fifth of a lease before it runs out unrenewed, whether or not a renewal
    // has come back (one may hang on a database that vanished): another worker may take the job
    // when it ends, and two must never send at once. The fifth covers clocks a little apart.
    let leaseTimer: NodeJS.Timeout | undefined
    const watchLease = () => {
      clearTimeout(leaseTimer)
      const left = leaseEnds - clock().getTime() - Math.floor(this.leaseMs / 5)
      leaseTimer = setTimeout(() => abort.abort(new Error("the lease ran out while the database was out of reach")), Math.max(0, left))
      leaseTimer.unref()
    }
    watchLease()
    const renew = async () => {
      const until = new Date(clock().getTime() + this.leaseMs)
      try {
        const renewed = await this.db.update(jobs).set({ lockedUntil: until }).where(this.stillOurs(job)).returning({ id: jobs.id })
        if (renewed.length === 0) abort.abort(new Error("the job was taken by another worker"))
        else {
          leaseEnds = until.getTime()
          watchLease()
        }
      } catch {
        // Not renewed: the lease's own timer stops the handler in time.
      }
    }
    const heartbeat = setInterval(() => void renew(), Math.max(50, Math.floor(this.leaseMs / 3)))
    heartbeat.unref()
    const done = this.#execute(handler, job, now, abort.signal).finally(() => {
      clearInterval(heartbeat)
      clearTimeout(leaseTimer)
      this.#running.delete(job.id)
    })
    this.#running.set(job.id, { job, abort, done })
    await done
  }

  async #execute(handler: JobHandler, job: ClaimedJob, now: Date, signal: AbortSignal): Promise<void> {
    try {
      await handler(job, { db: this.db, now, signal })
      if (signal.aborted) return
      await this.db.update(jobs).set({ status: "done", finishedAt: new Date(), lockedUntil: null, lastError: null }).where(this.stillOurs(job))
    } catch (error) {
      // Not ours any more: whoever holds it now records the outcome.
      if (signal.aborted) return
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500)
      const finalFailure = job.attempts >= job.maxAttempts
      const outcome = finalFailure
        ? { status: "failed" as const, finishedAt: new Date(), lockedUntil: null, lastError }
        : { status: "pending" as const, runAt: new Date(now.getTime() + backoffDelay(job.attempts, this.backoffMs)), lockedUntil: null, lastError }
      await this.db.update(jobs).set(outcome).where(this.stillOurs(job))
      log.warn({ kind: job.kind, job: job.id, attempt: job.attempts, maxAttempts: job.maxAttempts, error: errorFacts(error).name }, "a job failed")
    }
  }
}

/**
 * Runs the worker now and then every `everyMs`, on a timer that never keeps the process alive.
 * Its stop clears the timer, lets the running job finish for up to `graceMs` (then hands it back,
 * JobWorker.stop) and waits for the run under way, which needs the database.
 */
export function startJobWorker(worker: JobWorker, everyMs: number): (graceMs?: number) => Promise<void> {
  let running: Promise<void> = Promise.resolve()
  let stopped = false
  // An outage is told once, when it begins and when it ends, not at every poll.
  let outage = false
  const tick = () => {
    if (stopped) return
    running = running
      .then(() => worker.runDue())
      .then(
        () => {
          if (outage) log.info("the database answers again: jobs run")
          outage = false
        },
        (error: unknown) => {
          const facts = errorFacts(error)
          if (!isDatabaseUnavailable(error)) return log.error({ error: facts.name, sqlState: facts.sqlState }, "a run of the job worker failed")
          if (!outage) log.warn({ error: facts.name, sqlState: facts.sqlState }, "the database is out of reach: jobs wait for it")
          outage = true
        },
      )
  }
  tick()
  const timer = setInterval(tick, everyMs)
  timer.unref()
  return async (graceMs = 10_000) => {
    stopped = true
    clearInterval(timer)
    let graceTimer: NodeJS.Timeout | undefined
    const graceOver = new Promise<void>((resolve) => (graceTimer = setTimeout(resolve, graceMs)))
    await worker.stop(graceMs)
    // A handler handed back may still hang on the database: the process does not wait for it.
    await Promise.race([running, graceOver])
    clearTimeout(graceTimer)
  }
}
