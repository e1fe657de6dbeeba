import pg from "pg"
import { sqlStateOf } from "../http/errorLog.ts"
import { scoped } from "../observability/log.ts"
import { isDatabaseUnavailable } from "./unavailable.ts"

const log = scoped("db")

/** The database cannot be used at all: the process stops with this one sentence (exit code 2). */
export class DatabaseStartError extends Error {
  override readonly name = "DatabaseStartError"
}

/** Where a PostgreSQL URL points, for a log line or a message: host, port and database, never the password. */
export function describeDatabase(url: string): { host: string; database: string; user: string; where: string } {
  const parsed = URL.parse(url)
  const socket = parsed?.searchParams.get("host")
  const host = socket || `${parsed?.hostname || "localhost"}:${parsed?.port || "5432"}`
  const database = decodeURIComponent(parsed?.pathname.slice(1) || "") || decodeURIComponent(parsed?.username || "")
  const user = decodeURIComponent(parsed?.username || "")
  return { host, database, user, where: `${host}/${database}` }
}

/**
 * SQLSTATEs that waiting will not cure: a wrong password or user (28P01, 28000, which is also "no
 * pg_hba.conf entry") or a database that does not exist (3D000).
 */
const FATAL: Record<string, (d: ReturnType<typeof describeDatabase>) => string> = {
  "28P01": (d) => `PostgreSQL at ${d.where} refused the password of user "${d.user}" (check DATABASE_URL).`,
  "28000": (d) => `PostgreSQL at ${d.where} does not let user "${d.user}" in (its pg_hba.conf or the user name; check DATABASE_URL).`,
  "3D000": (d) => `PostgreSQL at ${d.host} has no database "${d.database}" (create it, or check DATABASE_URL).`,
}

/** The reason of a failed attempt, for the log: a SQLSTATE or socket code, never a message (it may quote the URL). */
function reasonOf(error: unknown): string {
  const state = sqlStateOf(error)
  if (state) return state
  const code = (error as { code?: unknown }).code
  if (typeof code === "string") return code
  return error instanceof Error && /timeout/i.test(error.message) ? "timeout" : error instanceof Error ? error.name : "unknown"
}

/** Delays between attempts: 0.5 s, doubling, at most 5 s. */
export const waitDelayMs = (attempt: number) => Math.min(5_000, 500 * 2 ** (attempt - 1))

export interface WaitOptions {
  /** How long to keep trying, in milliseconds (DATABASE_WAIT_S). */
  readonly waitMs: number
  readonly sleep?: (ms: number) => Promise<void>
  readonly now?: () => number
}

/**
 * Waits until PostgreSQL at `url` takes a connection and answers a query, trying again with backoff
 * while it is out of reach (a gateway and its database usually start together, in any order), one
 * log line per failed attempt. Throws a DatabaseStartError at once when waiting cannot help (a
 * wrong password, no such database), or when `waitMs` has passed.
 */
export async function waitForDatabase(url: string, options: WaitOptions): Promise<void> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const now = options.now ?? Date.now
  const target = describeDatabase(url)
  const deadline = now() + options.waitMs
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 })
    // A connection lost while we try is reported here as well as to the caller: heard, not fatal.
    client.on("error", () => {})
    try {
      await client.connect()
      await client.query("SELECT 1")
      if (attempt > 1) log.info({ host: target.host, database: target.database, attempt }, `PostgreSQL at ${target.where} answers`)
      return
    } catch (error) {
      const fatal = FATAL[sqlStateOf(error) ?? ""]
      if (fatal) throw new DatabaseStartError(fatal(target))
      if (!isDatabaseUnavailable(error)) throw new DatabaseStartError(`PostgreSQL at ${target.where} cannot be used (${reasonOf(error)}).`)
      const delay = waitDelayMs(attempt)
      if (now() + delay > deadline) {
        const seconds = Math.round(options.waitMs / 1000)
        throw new DatabaseStartError(`PostgreSQL at ${target.where} did not answer within ${seconds} s (DATABASE_WAIT_S); last: ${reasonOf(error)}.`)
      }
      log.warn(
        { host: target.host, database: target.database, attempt, reason: reasonOf(error), retryInMs: delay },
        `waiting for PostgreSQL at ${target.where} (${reasonOf(error)}), attempt ${attempt}, next in ${delay / 1000} s`,
      )
      await sleep(delay)
    } finally {
      await client.end().catch(() => {})
    }
  }
}
