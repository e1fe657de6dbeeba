import { endpoint } from "../contract.ts"
import { Doctor, DoctorUpdate } from "../doctor.ts"
import { DoctorId, uuid } from "../ids.ts"
import { DoctorSettings, DoctorSettingsUpdate } from "../settings.ts"

/*
 * A doctor's own profile and settings (issue 5). Handlers: server/routes/doctorAccount.ts; client:
 * src/api/doctorAccount.ts. Only that doctor: another doctor is told FORBIDDEN_ACTION.
 */

/** Saves the doctor form; the answer is the saved profile. */
export const updateDoctor = endpoint({
  method: "PUT",
  path: "/doctors/:id",
  params: { id: uuid(DoctorId) },
  body: DoctorUpdate,
  response: Doctor,
  access: ["DOCTOR"],
  errors: ["FORBIDDEN_ACTION", "DOCTOR_NOT_FOUND"],
})

/** Saves the doctor's settings; the appointments notification stays on (SPEC §4). */
export const updateDoctorSettings = endpoint({
  method: "PUT",
  path: "/doctors/:id/settings",
  params: { id: uuid(DoctorId) },
  body: DoctorSettingsUpdate,
  response: DoctorSettings,
  access: ["DOCTOR"],
  errors: ["FORBIDDEN_ACTION", "DOCTOR_NOT_FOUND", "DOCTOR_SETTINGS_NOT_FOUND"],
})
