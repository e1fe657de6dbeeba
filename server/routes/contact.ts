import { Hono } from "hono"
import type { AppEnv } from "../http/context.ts"

/** The contact email function and its outbox (issue 3). */
export function contactRoutes() {
  const app = new Hono<AppEnv>()
  return app
}
