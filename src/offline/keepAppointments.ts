import type { QueryClient } from "@tanstack/react-query"
import type { Appointment } from "../../schemas/appointment.ts"
import { isUpcoming } from "../features/appointments-shared/appointmentFilters.ts"
import { roleNameOf } from "../session/roles.ts"
import type { SessionActor } from "../session/sessionActor.ts"
import { saveOfflineSnapshot } from "./offlineStore.ts"

/** `appointmentKeys.list()` of src/api/appointments.ts, spelled here so visitors do not load that module (a unit test holds them equal). */
export const APPOINTMENT_LIST_KEY = ["appointments", "list"] as const

const isListKey = (key: ReadonlyArray<unknown>) => key.length === APPOINTMENT_LIST_KEY.length && APPOINTMENT_LIST_KEY.every((part, i) => key[i] === part)

/** The upcoming ones, soonest first, as of `nowMs`. */
export const upcomingOf = (list: ReadonlyArray<Appointment>, nowMs: number): Appointment[] =>
  list.filter((a) => isUpcoming(a, nowMs)).sort((x, y) => x.appointmentTime.localeCompare(y.appointmentTime))

/**
 * Each time a signed-in patient's appointment list arrives, its upcoming appointments are kept for
 * the tab (saveOfflineSnapshot) with the time they were fetched. Doctors' and managers' lists are never kept.
 */
export function keepAppointmentsOffline(session: SessionActor, queryClient: QueryClient): () => void {
  const keep = () => {
    const snapshot = session.getSnapshot()
    const token = snapshot.context.sessionToken
    if (!snapshot.matches("signedIn") || !token || roleNameOf(snapshot.context.user?.roleName) !== "patient") return
    const state = queryClient.getQueryState<ReadonlyArray<Appointment>>(APPOINTMENT_LIST_KEY)
    if (state?.status !== "success" || !state.data) return
    saveOfflineSnapshot({ token, savedAt: new Date(state.dataUpdatedAt).toISOString(), appointments: upcomingOf(state.data, state.dataUpdatedAt) })
  }
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === "updated" && event.action.type === "success" && isListKey(event.query.queryKey as ReadonlyArray<unknown>)) keep()
  })
  keep()
  return unsubscribe
}
