import { queryOptions } from "@tanstack/react-query"
import * as doctorPatients from "../../schemas/contracts/doctorPatients.ts"
import { callApi } from "./client.ts"
import type { DoctorId, PatientId } from "../../schemas/ids.ts"

export const doctorPatientKeys = {
  list: (doctorId: DoctorId) => ["doctorPatients", doctorId] as const,
  detail: (doctorId: DoctorId, patientId: PatientId) => ["doctorPatients", doctorId, patientId] as const,
}

/** GET /doctors/{id}/patients: everyone who had an appointment with the doctor. */
export const doctorPatientsQuery = (doctorId: DoctorId) =>
  queryOptions({
    queryKey: doctorPatientKeys.list(doctorId),
    queryFn: ({ signal }) => callApi(doctorPatients.listDoctorPatients, { params: { id: doctorId }, signal }),
  })

/** GET /doctors/{id}/patients/{patientId}; FORBIDDEN_ACTION or PATIENT_NOT_FOUND never change on retry. */
export const doctorPatientQuery = (doctorId: DoctorId, patientId: PatientId) =>
  queryOptions({
    queryKey: doctorPatientKeys.detail(doctorId, patientId),
    queryFn: ({ signal }) => callApi(doctorPatients.getDoctorPatient, { params: { id: doctorId, patientId }, signal }),
    retry: false,
  })
