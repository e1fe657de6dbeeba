import { Temporal } from "temporal-polyfill"
import type { AppointmentStatus } from "../../schemas/enums.ts"
import type { DoctorSettings } from "../../schemas/settings.ts"
import { changeAllowed as changeAllowedAt } from "../../schemas/limits.ts"

/**
 * The status a new booking gets. SPEC §4: new bookings are CONFIRMED; the doctor's
 * autoConfirmAppointments setting is read here so it can be given a meaning later in one place.
 */
export function initialStatusFor(_settings: Pick<DoctorSettings, "autoConfirmAppointments"> | null): AppointmentStatus {
  return "CONFIRMED"
}

/** True while an appointment at `appointmentTime` may still be cancelled or rescheduled (the screens' own rule, schemas/limits.ts). */
export function changeAllowed(appointmentTime: Date, now: Temporal.Instant = Temporal.Now.instant()): boolean {
  return changeAllowedAt(appointmentTime.getTime(), now.epochMilliseconds)
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
