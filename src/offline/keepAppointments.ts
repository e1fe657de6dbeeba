import type { QueryClient } from "@tanstack/react-query"
import type { Appointment } from "../../schemas/appointment.ts"
import { upcomingConfirmed } from "../features/appointments-shared/appointmentFilters.ts"
import { roleNameOf } from "../session/roles.ts"
import type { SessionHandle } from "../session/sessionHandle.ts"
import { readKeptAppointments } from "./keptAppointments.ts"
import { saveOfflineSnapshot } from "./offlineStore.ts"

/** `appointmentKeys.list()` of src/api/appointments.ts, spelled here so visitors do not load that module (a unit test holds them equal). */
export const APPOINTMENT_LIST_KEY = ["appointments", "list"] as const

const isListKey = (key: ReadonlyArray<unknown>) => key.length === APPOINTMENT_LIST_KEY.length && APPOINTMENT_LIST_KEY.every((part, i) => key[i] === part)

/** A failure with no answer at all (no network, gateway unreachable), as src/api/client.ts reports it. */
const isUnanswered = (error: unknown) => typeof error === "object" && error !== null && "status" in error && error.status === null

/**
 * Each time a signed-in patient's appointment list arrives, its upcoming confirmed appointments are kept for
 * the tab (saveOfflineSnapshot) with the time they were fetched. Doctors' and managers' lists are never kept.
 * When the list cannot be fetched for want of a network and the page has none (a screen opened
 * offline in a live tab), the kept one stands in for it, dated from its fetch.
 */
export function keepAppointmentsOffline(session: SessionHandle, queryClient: QueryClient): () => void {
  const patientToken = () => {
    const { state, sessionToken, user } = session.view()
    return state === "signedIn" && sessionToken && roleNameOf(user?.roleName) === "patient" ? sessionToken : null
  }
  const keep = () => {
    const token = patientToken()
    if (!token) return
    const state = queryClient.getQueryState<ReadonlyArray<Appointment>>(APPOINTMENT_LIST_KEY)
    if (state?.status !== "success" || !state.data) return
    // Upcoming means still to happen: a cancelled one is not (SPEC §4's states), as on the profile and the bell.
    saveOfflineSnapshot({ token, savedAt: new Date(state.dataUpdatedAt).toISOString(), appointments: upcomingConfirmed(state.data, state.dataUpdatedAt) })
  }
  const standIn = () => {
    const state = queryClient.getQueryState(APPOINTMENT_LIST_KEY)
    if (state?.data !== undefined || !isUnanswered(state?.error)) return
    const kept = readKeptAppointments(patientToken())
    if (kept) queryClient.setQueryData(APPOINTMENT_LIST_KEY, kept.appointments, { updatedAt: Date.parse(kept.savedAt) })
  }
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || !isListKey(event.query.queryKey as ReadonlyArray<unknown>)) return
    if (event.action.type === "success") keep()
    else if (event.action.type === "error") standIn()
  })
  keep()
  return unsubscribe
}
