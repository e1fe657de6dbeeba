import { Hono } from "hono"
import type { DoctorPatientDetail } from "../../schemas/doctorPatients.ts"
import { Id } from "../../schemas/fields.ts"
import type { Db } from "../db/client.ts"
import { requireDoctor } from "../http/auth.ts"
import type { AppEnv } from "../http/context.ts"
import { ApiError } from "../http/errors.ts"
import { readParam } from "../http/validate.ts"
import { patientsOfDoctor } from "../repositories/doctorPatients.ts"
import { loadPatient, patientExists } from "../repositories/patients.ts"
import { requireDoctorSelf } from "./doctorAccount.ts"

/**
 * One patient of the doctor, with contacts, addresses and alerts. A patient who never had an
 * appointment with this doctor is not theirs to see: FORBIDDEN_ACTION.
 */
async function patientOf(db: Db, doctorId: string, patientId: string): Promise<DoctorPatientDetail> {
  const [summary] = await patientsOfDoctor(db, doctorId, patientId)
  if (!summary) {
    if (!(await patientExists(db, patientId))) throw new ApiError("PATIENT_NOT_FOUND")
    throw new ApiError("FORBIDDEN_ACTION", "This patient has no appointment with you")
  }
  const patient = await loadPatient(db, patientId)
  if (!patient) throw new ApiError("PATIENT_NOT_FOUND")
  return {
    ...summary,
    emergencyContacts: [...patient.emergencyContacts].sort((a, b) => a.priority - b.priority),
    locations: patient.locations,
    medicalAlerts: patient.medicalAlerts,
  }
}

/** A doctor's patients (issue 5): GET /doctors/{id}/patients, /doctors/patients/{id}, /doctors/{id}/patients/{patientId}. */
export function doctorPatientsRoutes() {
  const app = new Hono<AppEnv>()

  app.get("/doctors/:id/patients", async (c) => {
    const doctorId = readParam(c, "id", Id)
    await requireDoctorSelf(c, doctorId)
    return c.json(await patientsOfDoctor(c.get("deps").db, doctorId))
  })

  app.get("/doctors/:id/patients/:patientId", async (c) => {
    const doctorId = readParam(c, "id", Id)
    const patientId = readParam(c, "patientId", Id)
    await requireDoctorSelf(c, doctorId)
    return c.json(await patientOf(c.get("deps").db, doctorId, patientId))
  })

  // The same detail for the calling doctor, without their id in the path.
  app.get("/doctors/patients/:patientId", async (c) => {
    const patientId = readParam(c, "patientId", Id)
    const caller = await requireDoctor(c)
    return c.json(await patientOf(c.get("deps").db, caller.doctorId, patientId))
  })

  return app
}
