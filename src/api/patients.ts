import { queryOptions, type QueryClient } from "@tanstack/react-query"
import {
  EmergencyContact,
  MedicalRecord,
  Patient,
  PatientUpdateResponse,
  type EmergencyContactInput,
  type MedicalRecordInput,
  type PatientUpdate,
} from "../../schemas/patient.ts"
import { OkResponse } from "../../schemas/session.ts"
import { PatientSettings } from "../../schemas/settings.ts"
import { apiRequest } from "./client.ts"

export const patientKeys = {
  detail: (id: string) => ["patients", id] as const,
}

const at = (id: string) => `/patients/${encodeURIComponent(id)}`

/** GET /patients/{id}: the signed-in patient's whole record. */
export const patientQuery = (id: string) => queryOptions({ queryKey: patientKeys.detail(id), queryFn: ({ signal }) => apiRequest(Patient, at(id), { signal }) })

/** PUT /patients/{id}; the saved record comes back under `data` (SPEC §7). */
export const updatePatient = async (id: string, body: PatientUpdate) => (await apiRequest(PatientUpdateResponse, at(id), { method: "PUT", body })).data

/** Withdraws a sign-in address asked for and not confirmed yet; its mailed link stops working. */
export const withdrawEmailChange = async (id: string) => (await apiRequest(PatientUpdateResponse, `${at(id)}/email-change`, { method: "DELETE" })).data

export const updatePatientSettings = (id: string, body: PatientSettings) => apiRequest(PatientSettings, `${at(id)}/settings`, { method: "PUT", body })

export const addEmergencyContact = (patientId: string, body: EmergencyContactInput) =>
  apiRequest(EmergencyContact, `${at(patientId)}/emergency-contacts`, { method: "POST", body })

export const updateEmergencyContact = (contactId: string, body: EmergencyContactInput) =>
  apiRequest(EmergencyContact, `/patients/emergency-contacts/${encodeURIComponent(contactId)}`, { method: "PUT", body })

export const addMedicalRecord = (patientId: string, body: MedicalRecordInput) =>
  apiRequest(MedicalRecord, `${at(patientId)}/medical-records`, { method: "POST", body })

export const deleteMedicalRecord = (patientId: string, recordId: string) =>
  apiRequest(OkResponse, `${at(patientId)}/medical-records/${encodeURIComponent(recordId)}`, { method: "DELETE" })

/** After a save: the cached record is replaced or refetched. */
export function afterPatientChange(queryClient: QueryClient, patientId: string, saved?: Patient): Promise<void> {
  if (saved) queryClient.setQueryData(patientKeys.detail(patientId), saved)
  return queryClient.invalidateQueries({ queryKey: patientKeys.detail(patientId) })
}
