import { Hono } from "hono"
import type { AppEnv } from "../http/context.ts"

/** A doctor's availability (issue 5): GET/POST /doctor-availability/{id}, DELETE .../availability/{availabilityId}. */
export function availabilityRoutes() {
  const app = new Hono<AppEnv>()
  return app
}
