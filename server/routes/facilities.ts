import { Hono } from "hono"
import type { AppEnv } from "../http/context.ts"

/** Healthcare facility directory (issue 3): POST /healthcare-facilities/search. */
export function facilitiesRoutes() {
  const app = new Hono<AppEnv>()
  return app
}
