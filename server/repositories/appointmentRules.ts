import { Temporal } from "temporal-polyfill"
import type { AppointmentStatus } from "../../schemas/enums.ts"
import type { DoctorSettings } from "../../schemas/settings.ts"

/** Cancel or change is allowed up to this many hours before the consultation (SPEC §1 FAQ, §9). */
export const CHANGE_NOTICE_HOURS = 24

/**
 * The status a new booking gets. SPEC §4: new bookings are CONFIRMED; the doctor's
 * autoConfirmAppointments setting is read here so it can be given a meaning later in one place.
 */
export function initialStatusFor(_settings: Pick<DoctorSettings, "autoConfirmAppointments"> | null): AppointmentStatus {
  return "CONFIRMED"
}

/** True while an appointment at `appointmentTime` may still be cancelled or rescheduled. */
export function changeAllowed(appointmentTime: Date, now: Temporal.Instant = Temporal.Now.instant()): boolean {
  const at = Temporal.Instant.fromEpochMilliseconds(appointmentTime.getTime())
  return now.until(at).total({ unit: "hours" }) >= CHANGE_NOTICE_HOURS
}

/** A PostgreSQL unique violation (23505), whether the driver error is wrapped (Drizzle) or not. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const candidate = e as { code?: unknown; constraint?: unknown; message?: unknown }
    if (candidate.code === "23505") {
      if (!constraint) return true
      const named = typeof candidate.constraint === "string" ? candidate.constraint : typeof candidate.message === "string" ? candidate.message : ""
      return named.includes(constraint)
    }
  }
  return false
}
