import type { Context } from "hono"
import { OUTAGE_RETRY_AFTER_S } from "../db/unavailable.ts"
import { logFailure } from "./errorLog.ts"

/** The API's body of an outage answer: the spec's SERVER_ERROR, with words that say it passes. */
export const OUTAGE_BODY = { code: "SERVER_ERROR", message: "Promed is briefly unavailable: try again in a moment" } as const

/**
 * Answers a request that failed because the database is out of reach: 503 with Retry-After, so
 * that a client, the booking wizard and a load balancer can tell an outage (retry soon) from a bug
 * (500). Logged as a warning, with the route and the failure's facts only.
 */
export function outageAnswer(c: Context, error: unknown, body: object = OUTAGE_BODY): Response {
  logFailure("outage", c, error, "warn")
  return c.json(body, 503, { "Retry-After": String(OUTAGE_RETRY_AFTER_S) })
}
