import type { MiddlewareHandler } from "hono"
import { routeOf } from "./errorLog.ts"

/**
 * One line per request: method, route template, status, time. Query strings are never logged (the
 * sign-in landing URL carries a session token), nor are paths of the gateway and storage: a
 * template names the route, and a stored file's name can say more about a patient than an id.
 */
export function requestLog(): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    await next()
    const ms = (performance.now() - started).toFixed(1)
    console.log(`${c.req.method} ${routeOf(c)} ${c.res.status} ${ms}ms`)
  }
}
