import * as doctorAccount from "../../schemas/contracts/doctorAccount.ts"
import type { DoctorUpdate } from "../../schemas/doctor.ts"
import type { DoctorSettingsUpdate } from "../../schemas/settings.ts"
import { callApi } from "./client.ts"
import type { DoctorId } from "../../schemas/ids.ts"

/** PUT /doctors/{id}/settings; SPEC §8: a missing id fails with 'doctor id required'. */
export function saveDoctorSettings(doctorId: DoctorId | undefined, settings: DoctorSettingsUpdate) {
  if (!doctorId) return Promise.reject(new Error("doctor id required"))
  return callApi(doctorAccount.updateDoctorSettings, { params: { id: doctorId }, body: settings })
}

/** PUT /doctors/{id}: the doctor form; the answer is the saved profile. */
export function saveDoctorProfile(doctorId: DoctorId | undefined, profile: DoctorUpdate) {
  if (!doctorId) return Promise.reject(new Error("doctor id required"))
  return callApi(doctorAccount.updateDoctor, { params: { id: doctorId }, body: profile })
}
