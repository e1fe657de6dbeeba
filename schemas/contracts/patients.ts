import { endpoint } from "../contract.ts"
import { EmergencyContactId, MedicalRecordId, PatientId, uuid } from "../ids.ts"
import { EmergencyContact, EmergencyContactInput, MedicalRecord, MedicalRecordInput, Patient, PatientUpdate, PatientUpdateResponse } from "../patient.ts"
import { OkResponse } from "../session.ts"
import { PatientSettings } from "../settings.ts"

/*
 * Patient records (SPEC §3, §7): profile, settings, emergency contacts, medical records.
 * Handlers: server/routes/patients.ts; client: src/api/patients.ts. A patient reads and writes
 * only their own record: any other id is FORBIDDEN_ACTION.
 */

const own = ["FORBIDDEN_ACTION", "PATIENT_NOT_FOUND"] as const

export const getPatient = endpoint({
  method: "GET",
  path: "/patients/:id",
  params: { id: uuid(PatientId) },
  response: Patient,
  access: ["PATIENT"],
  errors: own,
})

/** The profile; a new sign-in address needs the current password and a confirmation by mail. The record comes back under `data`. */
export const updatePatient = endpoint({
  method: "PUT",
  path: "/patients/:id",
  params: { id: uuid(PatientId) },
  body: PatientUpdate,
  response: PatientUpdateResponse,
  access: ["PATIENT"],
  errors: [...own, "INVALID_PASSWORD", "UNAUTHORIZED", "USER_NOT_FOUND", "BUSINESS_ERROR", "USER_ALREADY_EXISTS"],
})

/** Withdraws a sign-in address asked for and not confirmed yet; its link stops working. */
export const withdrawEmailChange = endpoint({
  method: "DELETE",
  path: "/patients/:id/email-change",
  params: { id: uuid(PatientId) },
  response: PatientUpdateResponse,
  access: ["PATIENT"],
  errors: own,
})

export const updatePatientSettings = endpoint({
  method: "PUT",
  path: "/patients/:id/settings",
  params: { id: uuid(PatientId) },
  body: PatientSettings,
  response: PatientSettings,
  access: ["PATIENT"],
  errors: own,
})

export const addEmergencyContact = endpoint({
  method: "POST",
  path: "/patients/:id/emergency-contacts",
  params: { id: uuid(PatientId) },
  body: EmergencyContactInput,
  response: EmergencyContact,
  status: 201,
  access: ["PATIENT"],
  // BUSINESS_ERROR: already COLLECTION_CAPS.emergencyContacts of them.
  errors: [...own, "DUPLICATE_EMERGENCY_CONTACT_PHONE_NUMBER", "BUSINESS_ERROR"],
})

/** By the contact's id; the handler checks it is the caller's. */
export const updateEmergencyContact = endpoint({
  method: "PUT",
  path: "/patients/emergency-contacts/:id",
  params: { id: uuid(EmergencyContactId) },
  body: EmergencyContactInput,
  response: EmergencyContact,
  access: ["PATIENT"],
  errors: [...own, "EMERGENCY_CONTACT_NOT_FOUND", "DUPLICATE_EMERGENCY_CONTACT_PHONE_NUMBER"],
})

/** Removes one of the caller's own emergency contacts; another patient's is FORBIDDEN_ACTION. */
export const deleteEmergencyContact = endpoint({
  method: "DELETE",
  path: "/patients/:id/emergency-contacts/:contactId",
  params: { id: uuid(PatientId), contactId: uuid(EmergencyContactId) },
  response: OkResponse,
  access: ["PATIENT"],
  errors: [...own, "EMERGENCY_CONTACT_NOT_FOUND"],
})

/** Attachments must be the patient's own stored files. */
export const addMedicalRecord = endpoint({
  method: "POST",
  path: "/patients/:id/medical-records",
  params: { id: uuid(PatientId) },
  body: MedicalRecordInput,
  response: MedicalRecord,
  status: 201,
  access: ["PATIENT"],
  // BUSINESS_ERROR: already COLLECTION_CAPS.medicalRecords of them.
  errors: [...own, "BUSINESS_ERROR"],
})

export const deleteMedicalRecord = endpoint({
  method: "DELETE",
  path: "/patients/:id/medical-records/:recordId",
  params: { id: uuid(PatientId), recordId: uuid(MedicalRecordId) },
  response: OkResponse,
  access: ["PATIENT"],
  errors: [...own, "NOT_FOUND"],
})
