import { Hono } from "hono"
import type { AppEnv } from "../http/context.ts"
import { sessionRoutes } from "./session.ts"

/** Every gateway route under /api/v1, one module per resource. */
export function apiRoutes() {
  const app = new Hono<AppEnv>()
  app.route("/", sessionRoutes())
  return app
}
