import { sqlStateOf } from "../http/errorLog.ts"

/**
 * SQLSTATEs that say the database cannot be reached or cannot take writes right now, whatever the
 * request was: class 08 (connection exceptions), the server shutting down or starting up (57P01
 * admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now), too many connections (53300),
 * and a standby that is not promoted yet (25006 read_only_sql_transaction, met during a failover
 * until the endpoint points at the new primary).
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "25006"])

/** Socket errors of the connection to the database (the address refused, gone, or silent). */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "ECONNABORTED"])

/**
 * What node-postgres and pg-pool say when a connection is lost or cannot be had: they carry no
 * code, only these messages (pg/lib/client.js, pg-pool/index.js).
 */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^Client was closed and is not queryable$/,
  /^Query read timeout$/,
]

/**
 * Whether an error (or one of its causes: Drizzle wraps the driver's) means the database is out of
 * reach rather than that the request or the code is wrong. Such a failure is an outage: the
 * gateway answers 503 with Retry-After (never 500), the job worker tries again later.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const sqlState = sqlStateOf(error)
  if (sqlState !== undefined && (sqlState.startsWith("08") || UNAVAILABLE_SQLSTATES.has(sqlState))) return true
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === "string" && SOCKET_CODES.has(code)) return true
    const message = e instanceof Error ? e.message : undefined
    if (message !== undefined && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true
    // AggregateError: a host name with several addresses, every one refused.
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true
  }
  return false
}

/** The Retry-After of an outage answer, in seconds: about what a restart or a failover takes to be over. */
export const OUTAGE_RETRY_AFTER_S = 2
