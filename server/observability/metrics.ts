import { sql } from "drizzle-orm"
import type { Context, MiddlewareHandler } from "hono"
import { routePath } from "hono/route"
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client"
import type { Db } from "../db/client.ts"
import { jobs } from "../db/schema.ts"
import { noticesTotal } from "./notices.ts"

/** A PostgreSQL pool's connections (pg's totalCount, idleCount) and the checkouts waiting for one (waitingCount). */
export interface PoolCounts {
  readonly total: number
  readonly idle: number
  readonly waiting: number
}

/** The `route` of a request that matched no route (a 404 of the catch-all, a method nobody answers). */
export const UNMATCHED_ROUTE = "unmatched"
/** The `route` of everything the app's catch-all serves: the SPA's pages, its files, the rendered public pages. */
export const APP_ROUTE = "app"

/** From 5 ms to 10 s, about three buckets a decade. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
/** How long a scrape waits for the job queue's figures before it is answered without them. */
export const JOBS_READ_TIMEOUT_MS = 1_000

/**
 * The `route` label: the route template that answered, never a path, so that no request, however
 * random its path, makes a new series. What no template answered gets one of two fixed labels.
 */
export function routeLabel(c: Context): string {
  const template = routePath(c)
  if (template && template !== "*" && template !== "/*") return template
  return c.res.status === 404 ? UNMATCHED_ROUTE : APP_ROUTE
}

interface JobFacts {
  readonly due: number
  readonly running: number
  readonly oldestDueS: number
}

/**
 * One app's Prometheus metrics, in a registry of its own (a process may hold several apps: the
 * tests do): the process's defaults, requests by route template and status, the job queue read at
 * each scrape, the database pool once `observePool` is given it, and the process's notices.
 */
export class Metrics {
  readonly #registry = new Registry()
  /** The job queue's gauges, shown only in a scrape whose read of the queue answered in time. */
  readonly #queue = new Registry()
  readonly #requests: Counter<"method" | "route" | "status">
  readonly #duration: Histogram<"method" | "route" | "status">
  readonly #jobs: { due: Gauge; running: Gauge; oldest: Gauge }
  /** The read of the queue under way: while it has not answered, scrapes do not start another. */
  #reading: Promise<JobFacts> | undefined
  #observingPool = false

  constructor(
    private readonly db: Db,
    private readonly options: { readonly jobsReadTimeoutMs?: number } = {},
  ) {
    collectDefaultMetrics({ register: this.#registry })
    const registers = [this.#registry]
    this.#requests = new Counter({
      name: "http_requests_total",
      help: "Requests answered, by method, route template and status",
      labelNames: ["method", "route", "status"],
      registers,
    })
    this.#duration = new Histogram({
      name: "http_request_duration_seconds",
      help: "Time from a request's arrival to its answer, by method, route template and status",
      labelNames: ["method", "route", "status"],
      buckets: DURATION_BUCKETS,
      registers,
    })
    this.#registry.registerMetric(noticesTotal)
    const queue = [this.#queue]
    this.#jobs = {
      due: new Gauge({ name: "jobs_due", help: "Jobs due and not running: pending past their time, or running on a lease that ran out", registers: queue }),
      running: new Gauge({ name: "jobs_running", help: "Jobs running on a lease that holds", registers: queue }),
      oldest: new Gauge({ name: "jobs_oldest_due_age_seconds", help: "How long the oldest due job has been due (0 when none is)", registers: queue }),
    }
  }

  /** The content type of `scrape`'s text (Prometheus text format 0.0.4). */
  get contentType(): string {
    return this.#registry.contentType
  }

  /** Counts and times every request that passes it, under its route template. */
  countRequests(): MiddlewareHandler {
    return async (c, next) => {
      const started = performance.now()
      await next()
      const labels = { method: METHODS.has(c.req.method) ? c.req.method : "OTHER", route: routeLabel(c), status: String(c.res.status) }
      this.#requests.inc(labels)
      this.#duration.observe(labels, (performance.now() - started) / 1000)
    }
  }

  /** Shows the pool's connections in use and idle, and the checkouts waiting, read at each scrape. Once per Metrics; PGlite has no pool. */
  observePool(read: () => PoolCounts): void {
    if (this.#observingPool) throw new Error("the pool is observed already")
    this.#observingPool = true
    const registers = [this.#registry]
    new Gauge({
      name: "db_pool_connections",
      help: "Connections of the database pool, in use or idle",
      labelNames: ["state"] as const,
      registers,
      collect() {
        const { total, idle } = read()
        this.set({ state: "in_use" }, total - idle)
        this.set({ state: "idle" }, idle)
      },
    })
    new Gauge({
      name: "db_pool_waiting",
      help: "Queries waiting for a connection of the database pool",
      registers,
      collect() {
        this.set(read().waiting)
      },
    })
  }

  /** The metrics as Prometheus text. Fast whatever the database does: without a timely answer about the queue, its gauges are left out. */
  async scrape(): Promise<string> {
    const [text, queue] = await Promise.all([this.#registry.metrics(), this.#readQueue()])
    if (!queue) return text
    this.#jobs.due.set(queue.due)
    this.#jobs.running.set(queue.running)
    this.#jobs.oldest.set(queue.oldestDueS)
    return `${text}\n${await this.#queue.metrics()}`
  }

  /**
   * One statement on the queue's index (status, run_at): due counts what the workers would claim
   * (server/jobs/worker.ts), running what they hold. Undefined when it fails or is late.
   */
  async #readQueue(): Promise<JobFacts | undefined> {
    if (this.#reading) return undefined
    const reading = this.db
      .execute<Record<string, unknown>>(
        sql`
          WITH due AS (
            SELECT run_at FROM ${jobs} WHERE status = 'pending' AND run_at <= now()
            UNION ALL
            SELECT run_at FROM ${jobs} WHERE status = 'running' AND locked_until < now()
          )
          SELECT (SELECT count(*)::int FROM due) AS due,
                 (SELECT count(*)::int FROM ${jobs} WHERE status = 'running' AND locked_until >= now()) AS running,
                 (SELECT COALESCE(extract(epoch FROM now() - min(run_at)), 0)::float8 FROM due) AS oldest`,
      )
      .then((result) => {
        const row = (result as { rows: Array<{ due: number; running: number; oldest: number }> }).rows[0]
        return { due: Number(row?.due ?? 0), running: Number(row?.running ?? 0), oldestDueS: Math.max(0, Number(row?.oldest ?? 0)) }
      })
    this.#reading = reading
    const done = () => {
      this.#reading = undefined
    }
    void reading.then(done, done)
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), this.options.jobsReadTimeoutMs ?? JOBS_READ_TIMEOUT_MS)
    })
    try {
      return await Promise.race([reading, late])
    } catch {
      return undefined
    } finally {
      clearTimeout(timer)
    }
  }
}
