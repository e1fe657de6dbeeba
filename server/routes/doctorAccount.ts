import { Hono } from "hono"
import type { AppEnv } from "../http/context.ts"

/** A doctor's own profile and settings (issue 5): PUT /doctors/{id}, PUT /doctors/{id}/settings. */
export function doctorAccountRoutes() {
  const app = new Hono<AppEnv>()
  return app
}
