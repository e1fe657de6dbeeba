import { Temporal } from "temporal-polyfill"
import type { Appointment } from "../../../../schemas/appointment.ts"

export interface DashboardStats {
  /** Confirmed appointments on today's date (in each appointment's zone). */
  readonly today: number
  readonly appointments: number
  readonly patients: number
  /** Share of finished appointments among finished and cancelled ones, or null before any. */
  readonly completionRate: number | null
}

/**
 * The statistics row of the doctor's dashboard, computed from the doctor's own appointments
 * rather than the placeholders of SPEC §3 (8 today, 120, 85, 98%).
 */
export function dashboardStats(appointments: ReadonlyArray<Appointment>, now: Temporal.Instant = Temporal.Now.instant()): DashboardStats {
  const today = appointments.filter(
    (a) =>
      a.status === "CONFIRMED" &&
      Temporal.Instant.from(a.appointmentTime).toZonedDateTimeISO(a.timeZone).toPlainDate().equals(now.toZonedDateTimeISO(a.timeZone).toPlainDate()),
  ).length
  const complete = appointments.filter((a) => a.status === "COMPLETE").length
  const canceled = appointments.filter((a) => a.status === "CANCELED").length
  return {
    today,
    appointments: appointments.length,
    patients: new Set(appointments.map((a) => a.patientId)).size,
    completionRate: complete + canceled === 0 ? null : Math.round((complete * 100) / (complete + canceled)),
  }
}
