import { Hono } from "hono"
import type { AppEnv } from "../http/context.ts"

/** Patient records (issue 4): profile, settings, emergency contacts, medical records. */
export function patientsRoutes() {
  const app = new Hono<AppEnv>()
  return app
}
