import * as Schema from "effect/Schema"
import { AppointmentList, type Appointment } from "../../schemas/appointment.ts"
import { readOfflineSnapshot } from "./offlineStore.ts"

/** The appointments kept for this token, decoded like an answer of the gateway; anything unreadable counts as nothing kept. */
export function readKeptAppointments(token: string | null): { savedAt: string; appointments: ReadonlyArray<Appointment> } | null {
  const kept = readOfflineSnapshot(token)
  if (!kept) return null
  const exit = Schema.decodeUnknownExit(AppointmentList)(kept.appointments)
  return exit._tag === "Success" ? { savedAt: kept.savedAt, appointments: exit.value } : null
}
