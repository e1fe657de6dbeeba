import type { Doctor } from "../../../../schemas/doctor.ts"
import type { FacilityTimeZone } from "../../../../schemas/enums.ts"
import type { DoctorSettings } from "../../../../schemas/settings.ts"
import { zoneOfCountry } from "../../../../schemas/timeZone.ts"
import { useSessionUser } from "../../../session/useSession.ts"

export interface DoctorSession {
  readonly doctor: Doctor
  /** Null only if the gateway sent none (it creates the defaults on first read). */
  readonly settings: DoctorSettings | null
  /** The zone of the doctor's practice, for "today". */
  readonly timeZone: FacilityTimeZone
}

const isDoctorSettings = (settings: unknown): settings is DoctorSettings => typeof settings === "object" && settings !== null && "doctorSettingsId" in settings

/** The signed-in doctor's record; the doctor layout's guard makes sure there is one. */
export function useDoctorSession(): DoctorSession {
  const user = useSessionUser()
  const doctor = user?.metadata.doctor
  if (!doctor) throw new Error("useDoctorSession outside a doctor session")
  const primary = doctor.locations.find((l) => l.isPrimary) ?? doctor.locations[0]
  return { doctor, settings: isDoctorSettings(user.settings) ? user.settings : null, timeZone: zoneOfCountry(primary?.country) }
}
