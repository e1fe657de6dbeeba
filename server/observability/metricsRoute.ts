import { createHash, timingSafeEqual } from "node:crypto"
import { Hono } from "hono"
import type { Metrics } from "./metrics.ts"

const digest = (text: string) => createHash("sha256").update(text).digest()

/** Whether an Authorization header is `Bearer <token>`, compared in constant time (of equal-length digests). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(header ?? "")?.[1] ?? ""
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0
}

/**
 * `GET /metrics`: the Prometheus text for a scraper that sends `Authorization: Bearer <METRICS_TOKEN>`;
 * 401 for anyone else, and 404, as for any unknown path, when no token is set (metrics off).
 */
export function metricsRoutes(metrics: Metrics | undefined, token: string | undefined) {
  const app = new Hono()
  app.get("/metrics", async (c) => {
    c.header("Cache-Control", "no-store")
    if (!metrics || !token) return c.text("Not found", 404)
    if (!bearerMatches(c.req.header("authorization"), token)) {
      return c.text("Unauthorized", 401, { "WWW-Authenticate": 'Bearer realm="metrics"' })
    }
    return c.body(await metrics.scrape(), 200, { "Content-Type": metrics.contentType })
  })
  return app
}
