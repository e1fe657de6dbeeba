import { Temporal } from "temporal-polyfill"
import { describe, expect, it } from "vitest"
import type { Appointment } from "../../../../schemas/appointment.ts"
import { dashboardStats } from "./dashboardStats.ts"

const at = (appointmentTime: string, status: Appointment["status"], patientId: string, timeZone = "Africa/Dakar") =>
  ({ appointmentTime, status, patientId, timeZone }) as Appointment

describe("dashboard statistics", () => {
  const now = Temporal.Instant.from("2026-11-21T10:00:00Z")

  it("counts today's confirmed appointments in their own zone, all appointments, distinct patients and completion", () => {
    const stats = dashboardStats(
      [
        at("2026-11-21T08:30:00Z", "CONFIRMED", "p1"),
        at("2026-11-21T16:00:00Z", "CANCELED", "p2"),
        // 23:30 UTC on the 20th is already the 21st in N'Djamena.
        at("2026-11-20T23:30:00Z", "CONFIRMED", "p2", "Africa/Ndjamena"),
        at("2026-11-20T09:00:00Z", "CONFIRMED", "p3"),
        at("2026-10-02T09:00:00Z", "COMPLETE", "p1"),
        at("2026-09-02T09:00:00Z", "COMPLETE", "p3"),
        at("2026-08-02T09:00:00Z", "COMPLETE", "p3"),
      ],
      now,
    )
    expect(stats).toEqual({ today: 2, appointments: 7, patients: 3, completionRate: 75 })
  })

  it("has no completion rate before anything finished or was cancelled", () => {
    expect(dashboardStats([], now)).toEqual({ today: 0, appointments: 0, patients: 0, completionRate: null })
  })
})
