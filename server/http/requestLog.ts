import type { MiddlewareHandler } from "hono"
import { log } from "../observability/log.ts"
import type { AppEnv } from "./context.ts"
import { routeOf } from "./errorLog.ts"

/**
 * One JSON line per request: its id, method, route template, status and time. Query strings are
 * never logged (the sign-in landing URL carries a session token), nor are paths of the gateway and
 * storage: a template names the route, and a stored file's name can say more about a patient than
 * an id.
 */
export function requestLog(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now()
    await next()
    const ms = Math.round((performance.now() - started) * 10) / 10
    log.info({ scope: "http", requestId: c.get("requestId"), method: c.req.method, route: routeOf(c), status: c.res.status, ms }, "request")
  }
}
