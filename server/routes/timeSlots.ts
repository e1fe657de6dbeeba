import { Hono } from "hono"
import type { AppEnv } from "../http/context.ts"

/** Public slot reads (issue 3): GET /doctor-availability/{id}/available-time-slots[/date/{date}]. */
export function timeSlotsRoutes() {
  const app = new Hono<AppEnv>()
  return app
}
