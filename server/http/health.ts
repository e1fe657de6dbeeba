import { Hono, type MiddlewareHandler } from "hono"
import { appliedMigrations, EXPECTED_MIGRATIONS, type Db } from "../db/client.ts"
import type { PostgresListener } from "../db/listener.ts"

/** What each part of readiness says: "ok", or a word for what is wrong. */
export type Checks = Readonly<Record<string, string>>

/** A probe of what the gateway needs to serve; each check "ok" or what is wrong. */
export type Probe = () => Promise<Checks>

/** How long one probe's answer serves the probes that follow: a load balancer's checks and a flood of them cost one query. */
const PROBE_REUSE_MS = 500
/** A probe slower than this says the database is out of reach (its pool waits 5 s for a connection). */
const PROBE_TIMEOUT_MS = 2_000

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("probe timed out")), ms)
    work.then(resolve, reject).finally(() => clearTimeout(timer))
  })

/**
 * The database reachable with every migration of this build applied, and, on PostgreSQL, the
 * listening connection up (without it the read caches cannot be trusted).
 * One small query: the count of Drizzle's migration rows.
 */
export function databaseProbe(db: Db, listener?: Pick<PostgresListener, "connected">): Probe {
  return async () => {
    const checks: Record<string, string> = {}
    try {
      const applied = await withTimeout(appliedMigrations(db), PROBE_TIMEOUT_MS)
      checks.database = "ok"
      // A newer gateway of a rolling upgrade may have applied more: that is up to date for this one.
      checks.migrations = applied >= EXPECTED_MIGRATIONS ? "ok" : `pending (${applied} of ${EXPECTED_MIGRATIONS} applied)`
    } catch {
      checks.database = "unreachable"
      checks.migrations = "unknown"
    }
    if (listener) checks.listener = listener.connected ? "ok" : "reconnecting"
    return checks
  }
}

export interface ReadinessReport {
  readonly ready: boolean
  readonly status: "ready" | "unavailable" | "draining"
  readonly checks: Checks
}

/**
 * Whether this gateway can serve: what `/readyz` answers and what a load balancer routes on. It
 * turns "draining" for good once shutdown begins, so that traffic moves away before the process
 * stops listening.
 */
export class Readiness {
  #draining = false
  #last: { readonly at: number; readonly report: Promise<ReadinessReport> } | undefined

  constructor(
    private readonly probe: Probe,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get draining(): boolean {
    return this.#draining
  }

  /** Shutdown has begun: not ready any more, whatever the database says. */
  drain(): void {
    this.#draining = true
  }

  async report(): Promise<ReadinessReport> {
    const now = this.now()
    if (!this.#last || now - this.#last.at >= PROBE_REUSE_MS) {
      const report = this.probe().then((checks): ReadinessReport => {
        const ok = Object.values(checks).every((state) => state === "ok")
        return { ready: ok, status: ok ? "ready" : "unavailable", checks }
      })
      this.#last = { at: now, report }
    }
    const probed = await this.#last.report
    // Draining is told at once, whatever a reused probe said.
    return this.#draining ? { ready: false, status: "draining", checks: probed.checks } : probed
  }
}

const NO_STORE = { "Cache-Control": "no-store" }

/**
 * `GET /livez`: the process runs and its event loop answers (nothing else is asked, so a restart
 * is never triggered by a database outage). `GET /readyz`: 200 when the gateway can serve, else 503
 * with the part that fails. Both are cheap, unauthenticated and carry no personal data.
 */
export function healthRoutes(readiness: Readiness) {
  const app = new Hono()
  app.on(["GET", "HEAD"], "/livez", (c) => c.json({ status: "live" }, 200, NO_STORE))
  app.on(["GET", "HEAD"], "/readyz", async (c) => {
    const report = await readiness.report()
    return c.json({ status: report.status, checks: report.checks }, report.ready ? 200 : 503, NO_STORE)
  })
  return app
}

/** While draining, every answer closes its connection, so that keep-alive clients come back through the load balancer to another gateway. */
export function closeConnectionsWhileDraining(readiness: Readiness): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (readiness.draining) c.header("Connection", "close")
  }
}
