import { Doctor, type DoctorUpdate } from "../../schemas/doctor.ts"
import { DoctorSettings, type DoctorSettingsUpdate } from "../../schemas/settings.ts"
import { apiRequest } from "./client.ts"

/** PUT /doctors/{id}/settings; SPEC §8: a missing id fails with 'doctor id required'. */
export function saveDoctorSettings(doctorId: string | undefined, settings: DoctorSettingsUpdate) {
  if (!doctorId) return Promise.reject(new Error("doctor id required"))
  return apiRequest(DoctorSettings, `/doctors/${encodeURIComponent(doctorId)}/settings`, { method: "PUT", body: settings })
}

/** PUT /doctors/{id}: the doctor form; the answer is the saved profile. */
export function saveDoctorProfile(doctorId: string | undefined, profile: DoctorUpdate) {
  if (!doctorId) return Promise.reject(new Error("doctor id required"))
  return apiRequest(Doctor, `/doctors/${encodeURIComponent(doctorId)}`, { method: "PUT", body: profile })
}
