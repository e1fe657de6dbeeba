import { QueryClient } from "@tanstack/react-query"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { sessionMachine } from "../../machines/session.machine.ts"
import { patientUser, validSession } from "../../machines/testing/fixtures.ts"
import type { Appointment } from "../../schemas/appointment.ts"
import type { SessionResponse } from "../../schemas/session.ts"
import { testIds } from "../../schemas/testIds.ts"
import { appointmentKeys } from "../api/appointments.ts"
import { ApiRequestError } from "../api/client.ts"
import { handleOver } from "../session/testing.ts"
import { tokenStore } from "../session/tokenStore.ts"
import { APPOINTMENT_LIST_KEY, keepAppointmentsOffline } from "./keepAppointments.ts"
import { readOfflineSnapshot } from "./offlineStore.ts"

/**
 * Issue 13, "Offline": the signed-in patient's upcoming appointments, as last fetched, stay readable
 * in her tab, with the time they were fetched; no one else's list is kept, and the session's end
 * takes the copy with the token.
 */

/** The tab's session storage, in memory (the unit tests run in Node). */
class MemoryStorage {
  private readonly items = new Map<string, string>()
  get length() {
    return this.items.size
  }
  key = (i: number) => [...this.items.keys()][i] ?? null
  getItem = (key: string) => this.items.get(key) ?? null
  setItem = (key: string, value: string) => void this.items.set(key, String(value))
  removeItem = (key: string) => void this.items.delete(key)
  clear = () => this.items.clear()
}

const TOKEN = "patient-token-0123456789abcdef"
const FETCHED_AT = Date.parse("2026-11-23T12:00:00Z")
const appointment = (id: string, appointmentTime: string): Appointment => ({
  id: testIds.appointment(id),
  doctorId: testIds.doctor("6f0c1b4e-0000-4000-8000-0000000000d1"),
  doctor: { firstName: "Moussa", lastName: "Ndiaye", photoUrl: null, specialties: [{ code: "GENERAL_MEDICINE", label: "Médecine générale" }] },
  patientId: testIds.patient("6f0c1b4e-0000-4000-8000-0000000000a1"),
  patient: {
    id: testIds.patient("6f0c1b4e-0000-4000-8000-0000000000a1"),
    firstName: "Awa",
    lastName: "Diop",
    email: null,
    phoneNumber: null,
    dateOfBirth: null,
    civility: null,
    dependant: null,
  },
  appointmentTime,
  timeZone: "Africa/Dakar",
  appointmentType: "CLINIC",
  status: "CONFIRMED",
  healthcareFacilityId: null,
  reason: "Contrôle",
  location: null,
  timeSlotId: null,
  createdAt: "2026-11-01T10:00:00Z",
  noShow: false,
})
// Fetched at noon on the 23rd: one done that morning, one the next day, one in a week.
const LIST = [
  appointment("in-a-week", "2026-11-30T09:00:00Z"),
  appointment("this-morning", "2026-11-23T08:00:00Z"),
  appointment("tomorrow", "2026-11-24T10:30:00Z"),
]

const doctorUser: SessionResponse = { ...patientUser, id: testIds.user("6f0c1b4e-0000-4000-8000-000000000003"), email: "doctor@demo.sn", roleName: "DOCTOR" }

async function signedIn(user: SessionResponse) {
  const session = createActor(
    sessionMachine.provide({
      actors: {
        validateSession: fromPromise(async () => validSession),
        fetchSession: fromPromise(async () => user),
        logout: fromPromise(async () => {}),
      },
    }),
    { input: { urlToken: null, storedToken: TOKEN, arrivedFromLogin: false, language: "fr" } },
  )
  const handle = await handleOver(session)
  await waitFor(session, (s) => s.matches("signedIn"))
  return handle
}

const stops: Array<() => void> = []
beforeEach(() => vi.stubGlobal("sessionStorage", new MemoryStorage()))
afterEach(() => {
  stops.splice(0).forEach((stop) => stop())
  vi.unstubAllGlobals()
})

describe("keeping a patient's appointments for offline reading", () => {
  it("watches the list the appointment screens fetch", () => {
    expect([...APPOINTMENT_LIST_KEY]).toEqual([...appointmentKeys.list()])
  })

  it("keeps the upcoming ones, soonest first, with the time the list was fetched, for the session's token only", async () => {
    const session = await signedIn(patientUser)
    const queryClient = new QueryClient()
    stops.push(keepAppointmentsOffline(session, queryClient), () => session.stop())
    queryClient.setQueryData(appointmentKeys.list(), LIST, { updatedAt: FETCHED_AT })

    const kept = readOfflineSnapshot(TOKEN)
    expect(kept?.savedAt).toBe("2026-11-23T12:00:00.000Z")
    expect(kept?.appointments.map((a) => (a as Appointment).id)).toEqual(["tomorrow", "in-a-week"])
    // Another session of the tab (another user signed in later) reads nothing of it.
    expect(readOfflineSnapshot("another-token")).toBeNull()
  })

  it("keeps no cancelled appointment among the upcoming ones (SPEC §4: CANCELED is not ahead of her)", async () => {
    const session = await signedIn(patientUser)
    const queryClient = new QueryClient()
    stops.push(keepAppointmentsOffline(session, queryClient), () => session.stop())
    const cancelled = { ...appointment("cancelled-friday", "2026-11-27T09:00:00Z"), status: "CANCELED" as const }
    queryClient.setQueryData(appointmentKeys.list(), [...LIST, cancelled], { updatedAt: FETCHED_AT })
    expect(readOfflineSnapshot(TOKEN)?.appointments.map((a) => (a as Appointment).id)).toEqual(["tomorrow", "in-a-week"])
  })

  it("replaces the copy when the list is fetched again", async () => {
    const session = await signedIn(patientUser)
    const queryClient = new QueryClient()
    stops.push(keepAppointmentsOffline(session, queryClient), () => session.stop())
    queryClient.setQueryData(appointmentKeys.list(), LIST, { updatedAt: FETCHED_AT })
    queryClient.setQueryData(appointmentKeys.list(), [LIST[0]!], { updatedAt: FETCHED_AT + 3_600_000 })

    const kept = readOfflineSnapshot(TOKEN)
    expect(kept?.savedAt).toBe("2026-11-23T13:00:00.000Z")
    expect(kept?.appointments.map((a) => (a as Appointment).id)).toEqual(["in-a-week"])
  })

  it("keeps a list fetched before it started (the first screen can be faster than this module)", async () => {
    const session = await signedIn(patientUser)
    const queryClient = new QueryClient()
    queryClient.setQueryData(appointmentKeys.list(), LIST, { updatedAt: FETCHED_AT })
    stops.push(keepAppointmentsOffline(session, queryClient), () => session.stop())
    expect(readOfflineSnapshot(TOKEN)?.appointments).toHaveLength(2)
  })

  it("stands in for the list when a screen opened offline cannot fetch it, dated from its fetch", async () => {
    const session = await signedIn(patientUser)
    const online = new QueryClient()
    stops.push(keepAppointmentsOffline(session, online))
    online.setQueryData(appointmentKeys.list(), LIST, { updatedAt: FETCHED_AT })

    // Later, the list is no longer in memory and the network is gone.
    const offline = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    stops.push(keepAppointmentsOffline(session, offline), () => session.stop())
    await offline.prefetchQuery({
      queryKey: appointmentKeys.list(),
      queryFn: () => Promise.reject(new ApiRequestError("NETWORK_ERROR", "Failed to fetch", null)),
    })
    expect(offline.getQueryData<Appointment[]>(appointmentKeys.list())?.map((a) => a.id)).toEqual(["tomorrow", "in-a-week"])
    expect(offline.getQueryState(appointmentKeys.list())?.dataUpdatedAt).toBe(FETCHED_AT)
  })

  it("does not stand in for an answer of the gateway (an error it sent is shown as such)", async () => {
    const session = await signedIn(patientUser)
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    stops.push(keepAppointmentsOffline(session, queryClient), () => session.stop())
    queryClient.setQueryData(appointmentKeys.list(), LIST, { updatedAt: FETCHED_AT })
    queryClient.removeQueries({ queryKey: appointmentKeys.list() })
    await queryClient.prefetchQuery({
      queryKey: appointmentKeys.list(),
      queryFn: () => Promise.reject(new ApiRequestError("SERVER_ERROR", "down", 500)),
    })
    expect(queryClient.getQueryData(appointmentKeys.list())).toBeUndefined()
  })

  it("never keeps a doctor's list (their patients' appointments)", async () => {
    const session = await signedIn(doctorUser)
    const queryClient = new QueryClient()
    stops.push(keepAppointmentsOffline(session, queryClient), () => session.stop())
    queryClient.setQueryData(appointmentKeys.list(), LIST, { updatedAt: FETCHED_AT })
    expect(readOfflineSnapshot(TOKEN)).toBeNull()
    expect(sessionStorage.length).toBe(0)
  })

  it("forgetting the token (sign-out, expiry, refusal) forgets the copy", async () => {
    const session = await signedIn(patientUser)
    const queryClient = new QueryClient()
    stops.push(keepAppointmentsOffline(session, queryClient), () => session.stop())
    tokenStore.write(TOKEN)
    queryClient.setQueryData(appointmentKeys.list(), LIST, { updatedAt: FETCHED_AT })
    expect(readOfflineSnapshot(TOKEN)).not.toBeNull()

    tokenStore.clear()
    expect(readOfflineSnapshot(TOKEN)).toBeNull()
    expect(sessionStorage.length).toBe(0)
  })
})
