import { queryOptions, type QueryClient } from "@tanstack/react-query"
import * as patients from "../../schemas/contracts/patients.ts"
import type { EmergencyContactInput, MedicalRecordInput, Patient, PatientUpdate } from "../../schemas/patient.ts"
import type { PatientSettings } from "../../schemas/settings.ts"
import { callApi } from "./client.ts"
import type { EmergencyContactId, MedicalRecordId, PatientId } from "../../schemas/ids.ts"

export const patientKeys = {
  detail: (id: string) => ["patients", id] as const,
}

/** GET /patients/{id}: the signed-in patient's whole record. */
export const patientQuery = (id: PatientId) =>
  queryOptions({ queryKey: patientKeys.detail(id), queryFn: ({ signal }) => callApi(patients.getPatient, { params: { id }, signal }) })

/** PUT /patients/{id}; the saved record comes back under `data` (SPEC §7). */
export const updatePatient = async (id: PatientId, body: PatientUpdate) => (await callApi(patients.updatePatient, { params: { id }, body })).data

/** Withdraws a sign-in address asked for and not confirmed yet; its mailed link stops working. */
export const withdrawEmailChange = async (id: PatientId) => (await callApi(patients.withdrawEmailChange, { params: { id } })).data

export const updatePatientSettings = (id: PatientId, body: PatientSettings) => callApi(patients.updatePatientSettings, { params: { id }, body })

export const addEmergencyContact = (patientId: PatientId, body: EmergencyContactInput) =>
  callApi(patients.addEmergencyContact, { params: { id: patientId }, body })

export const updateEmergencyContact = (contactId: EmergencyContactId, body: EmergencyContactInput) =>
  callApi(patients.updateEmergencyContact, { params: { id: contactId }, body })

export const deleteEmergencyContact = (patientId: PatientId, contactId: EmergencyContactId) =>
  callApi(patients.deleteEmergencyContact, { params: { id: patientId, contactId } })

export const addMedicalRecord = (patientId: PatientId, body: MedicalRecordInput) => callApi(patients.addMedicalRecord, { params: { id: patientId }, body })

export const deleteMedicalRecord = (patientId: PatientId, recordId: MedicalRecordId) =>
  callApi(patients.deleteMedicalRecord, { params: { id: patientId, recordId } })

/** After a save: the cached record is replaced or refetched. */
export function afterPatientChange(queryClient: QueryClient, patientId: PatientId, saved?: Patient): Promise<void> {
  if (saved) queryClient.setQueryData(patientKeys.detail(patientId), saved)
  return queryClient.invalidateQueries({ queryKey: patientKeys.detail(patientId) })
}
