import type { Context } from "hono"
import { routePath } from "hono/route"
import { log } from "../observability/log.ts"

/**
 * PostgreSQL data exceptions that only bad input can cause (SQLSTATE class 22): a NUL or invalid
 * UTF-8, an untranslatable character, a date or number out of range, text that is not a uuid.
 * The schemas refuse all of these first; this is the back-stop that keeps them from ever being a 500.
 */
const BAD_INPUT_SQLSTATES = new Set(["22021", "22P05", "22007", "22008", "22P02", "22003", "22001"])

interface ErrorFacts {
  readonly name: string
  readonly sqlState?: string
  readonly constraint?: string
  readonly frames: ReadonlyArray<string>
}

/** The database error code of an error or of one of its causes (Drizzle wraps the driver's error). */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code
  }
  return undefined
}

export const isBadInputFromDatabase = (error: unknown) => BAD_INPUT_SQLSTATES.has(sqlStateOf(error) ?? "")

/**
 * What a log may say about a failure: its kind, database code and constraint, and where it was
 * thrown. Never its message: a failed query's message carries the values it was given (a
 * patient's email, phone, date of birth), and so can a driver's.
 */
export function errorFacts(error: unknown): ErrorFacts {
  const constraint = (function find(e: unknown, depth: number): string | undefined {
    if (!e || depth > 5) return undefined
    const value = (e as { constraint?: unknown }).constraint
    return typeof value === "string" ? value : find((e as { cause?: unknown }).cause, depth + 1)
  })(error, 0)
  const stack = error instanceof Error && typeof error.stack === "string" ? error.stack : ""
  const frames = stack
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 4)
    .map((line) => line.trim())
  const sqlState = sqlStateOf(error)
  return {
    name: error instanceof Error ? error.name : typeof error,
    ...(sqlState ? { sqlState } : {}),
    ...(constraint ? { constraint } : {}),
    frames,
  }
}

/** The route template that answered (`/api/v1/patients/:id`), or the bare path for the app's pages. */
export function routeOf(c: Context): string {
  const template = routePath(c)
  if (template && template !== "/*" && template !== "*") return template
  // Nothing of the gateway or storage matched: its first segment, never the path (see requestLog.ts).
  const surface = /^\/(api|v0)(\/|$)/.exec(c.req.path)
  return surface ? `/${surface[1]}/*` : c.req.path
}

/** Logs an unexpected failure of a request with its id, route template and facts, nothing personal. */
export function logFailure(scope: string, c: Context, error: unknown, level: "error" | "warn" = "error"): void {
  const { name, ...facts } = errorFacts(error)
  const requestId = c.get("requestId") as string | undefined
  log[level]({ scope, requestId, method: c.req.method, route: routeOf(c), error: name, ...facts }, "request failed")
}
