import { Hono } from "hono"
import type { AppEnv } from "../http/context.ts"

/** Appointments of patients and doctors (issue 4): book, list, detail, reschedule, cancel. */
export function appointmentsRoutes() {
  const app = new Hono<AppEnv>()
  return app
}
