import { Hono } from "hono"
import type { AppEnv } from "../http/context.ts"

/** A doctor's patients (issue 5): GET /doctors/{id}/patients, /doctors/patients/{id}, /doctors/{id}/patients/{patientId}. */
export function doctorPatientsRoutes() {
  const app = new Hono<AppEnv>()
  return app
}
