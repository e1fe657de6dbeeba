import type { QueryClient } from "@tanstack/react-query"
import { useSyncExternalStore } from "react"
import { roleNameOf } from "../session/roles.ts"
import type { SessionActor } from "../session/sessionActor.ts"

/**
 * Installs the service worker (public/ has the manifest; scripts/buildServiceWorker.ts writes
 * /sw.js) once the page has loaded, so its downloads never compete with the first visit's on a slow
 * link. The development server has no /sw.js.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return
  const register = () => void navigator.serviceWorker.register("/sw.js").catch((error: unknown) => console.warn("[promed] service worker", error))
  if (document.readyState === "complete") register()
  else window.addEventListener("load", register, { once: true })
}

/** From the first time a patient is signed in, the tab keeps their upcoming appointments for offline reading (loaded then, never for visitors). */
export function keepPatientDataOffline(session: SessionActor, queryClient: QueryClient): void {
  const isPatient = (snapshot: ReturnType<SessionActor["getSnapshot"]>) =>
    snapshot.matches("signedIn") && roleNameOf(snapshot.context.user?.roleName) === "patient"
  const start = () => void import("./keepAppointments.ts").then(({ keepAppointmentsOffline }) => keepAppointmentsOffline(session, queryClient))
  if (isPatient(session.getSnapshot())) return start()
  const subscription = session.subscribe((snapshot) => {
    if (!isPatient(snapshot)) return
    subscription.unsubscribe()
    start()
  })
}

const subscribeOnline = (onChange: () => void) => {
  window.addEventListener("online", onChange)
  window.addEventListener("offline", onChange)
  return () => {
    window.removeEventListener("online", onChange)
    window.removeEventListener("offline", onChange)
  }
}

/** Whether the browser says it has a network (true on the server). */
export const useOnline = (): boolean =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  )
