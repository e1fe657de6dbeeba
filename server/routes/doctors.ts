import { Hono } from "hono"
import type { AppEnv } from "../http/context.ts"

/** Doctor search and public profile (issue 3): POST /doctors/search, GET /doctors/{id}. */
export function doctorsRoutes() {
  const app = new Hono<AppEnv>()
  return app
}
