import { queryOptions } from "@tanstack/react-query"
import { DoctorPatientDetail, DoctorPatientList } from "../../schemas/doctorPatients.ts"
import { apiRequest } from "./client.ts"

export const doctorPatientKeys = {
  list: (doctorId: string) => ["doctorPatients", doctorId] as const,
  detail: (doctorId: string, patientId: string) => ["doctorPatients", doctorId, patientId] as const,
}

/** GET /doctors/{id}/patients: everyone who had an appointment with the doctor. */
export const doctorPatientsQuery = (doctorId: string) =>
  queryOptions({
    queryKey: doctorPatientKeys.list(doctorId),
    queryFn: ({ signal }) => apiRequest(DoctorPatientList, `/doctors/${encodeURIComponent(doctorId)}/patients`, { signal }),
  })

/** GET /doctors/{id}/patients/{patientId}; FORBIDDEN_ACTION or PATIENT_NOT_FOUND never change on retry. */
export const doctorPatientQuery = (doctorId: string, patientId: string) =>
  queryOptions({
    queryKey: doctorPatientKeys.detail(doctorId, patientId),
    queryFn: ({ signal }) => apiRequest(DoctorPatientDetail, `/doctors/${encodeURIComponent(doctorId)}/patients/${encodeURIComponent(patientId)}`, { signal }),
    retry: false,
  })
