import { Hono } from "hono"
import type { DoctorPatientDetail } from "../../schemas/doctorPatients.ts"
import * as doctorPatients from "../../schemas/contracts/doctorPatients.ts"
import type { Db } from "../db/client.ts"
import { requireDoctor } from "../http/auth.ts"
import type { AppEnv } from "../http/context.ts"
import { ApiError } from "../http/errors.ts"
import { route } from "../http/contract.ts"
import { patientOfDoctor, patientsOfDoctor } from "../repositories/doctorPatients.ts"
import { loadPatient, patientExists } from "../repositories/patients.ts"
import { requireDoctorSelf } from "./doctorAccount.ts"
import type { DoctorId, PatientId } from "../../schemas/ids.ts"

/**
 * One patient of the doctor, with contacts, addresses and alerts (none while the patient does not
 * share their medical data). A patient who never had an appointment with this doctor is not theirs
 * to see: FORBIDDEN_ACTION.
 */
async function patientOf(db: Db, doctorId: DoctorId, patientId: PatientId): Promise<DoctorPatientDetail> {
  const seen = await patientOfDoctor(db, doctorId, patientId)
  if (!seen) {
    if (!(await patientExists(db, patientId))) throw new ApiError("PATIENT_NOT_FOUND")
    throw new ApiError("FORBIDDEN_ACTION", "This patient has no appointment with you")
  }
  const patient = await loadPatient(db, patientId)
  if (!patient) throw new ApiError("PATIENT_NOT_FOUND")
  return {
    ...seen.patient,
    emergencyContacts: [...patient.emergencyContacts].sort((a, b) => a.priority - b.priority),
    locations: patient.locations,
    medicalAlerts: seen.sharesMedicalData ? patient.medicalAlerts : [],
  }
}

/** A doctor's patients (issue 5): GET /doctors/{id}/patients, /doctors/patients/{id}, /doctors/{id}/patients/{patientId}. */
export function doctorPatientsRoutes() {
  const app = new Hono<AppEnv>()

  route(app, doctorPatients.listDoctorPatients, {
    policy: ({ c, params }) => requireDoctorSelf(c, params.id),
    handle: ({ c, params }) => patientsOfDoctor(c.get("deps").db, params.id),
  })

  route(app, doctorPatients.getDoctorPatient, {
    policy: ({ c, params }) => requireDoctorSelf(c, params.id),
    handle: ({ c, params }) => patientOf(c.get("deps").db, params.id, params.patientId),
  })

  // The same detail for the calling doctor, without their id in the path.
  route(app, doctorPatients.getPatientOfCaller, {
    policy: ({ c }) => requireDoctor(c),
    handle: ({ c, params, granted }) => patientOf(c.get("deps").db, granted.doctorId, params.patientId),
  })

  return app
}
