import { Hono } from "hono"
import type { AppEnv } from "../http/context.ts"

/** Doctor reviews and reactions (issue 4): GET /reviews/doctor/{id}, POST/PUT/DELETE /reviews, reactions. */
export function reviewsRoutes() {
  const app = new Hono<AppEnv>()
  return app
}
