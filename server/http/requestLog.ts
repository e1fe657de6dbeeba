import type { MiddlewareHandler } from "hono"

/**
 * One line per request: method, path, status, time. Query strings are never logged: the sign-in
 * landing URL carries a session token, and tokens must not reach logs.
 */
export function requestLog(): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    await next()
    const ms = (performance.now() - started).toFixed(1)
    console.log(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms`)
  }
}
