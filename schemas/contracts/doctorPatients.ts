import { endpoint } from "../contract.ts"
import { DoctorPatientDetail, DoctorPatientList } from "../doctorPatients.ts"
import { DoctorId, PatientId, uuid } from "../ids.ts"

/*
 * A doctor's patients (issue 5): those who had an appointment with them. Handlers:
 * server/routes/doctorPatients.ts; client: src/api/doctorPatients.ts.
 */

const refusals = ["FORBIDDEN_ACTION", "DOCTOR_NOT_FOUND"] as const

/** Everyone who had an appointment with the doctor. */
export const listDoctorPatients = endpoint({
  method: "GET",
  path: "/doctors/:id/patients",
  params: { id: uuid(DoctorId) },
  response: DoctorPatientList,
  access: ["DOCTOR"],
  errors: refusals,
})

/** One patient of the doctor, with contacts, addresses and alerts. */
export const getDoctorPatient = endpoint({
  method: "GET",
  path: "/doctors/:id/patients/:patientId",
  params: { id: uuid(DoctorId), patientId: uuid(PatientId) },
  response: DoctorPatientDetail,
  access: ["DOCTOR"],
  errors: [...refusals, "PATIENT_NOT_FOUND"],
})

/** The same detail for the calling doctor, without their id in the path. */
export const getPatientOfCaller = endpoint({
  method: "GET",
  path: "/doctors/patients/:patientId",
  params: { patientId: uuid(PatientId) },
  response: DoctorPatientDetail,
  access: ["DOCTOR"],
  errors: [...refusals, "PATIENT_NOT_FOUND"],
})
