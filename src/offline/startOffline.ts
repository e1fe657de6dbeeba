import type { QueryClient } from "@tanstack/react-query"
import { roleNameOf } from "../session/roles.ts"
import type { SessionHandle } from "../session/sessionHandle.ts"

/**
 * The offline side of the app (issue 13), loaded after the first render (src/main.tsx) so the
 * landing page's first script carries none of it: installs the service worker once the page has
 * loaded, so its downloads never compete with the first visit's on a slow link (public/ has the
 * manifest; scripts/buildServiceWorker.ts writes /sw.js, which the development server lacks), and
 * from the first time a patient is signed in, keeps her upcoming appointments for offline reading.
 */
export function startOffline(session: SessionHandle, queryClient: QueryClient): void {
  if (import.meta.env.PROD && "serviceWorker" in navigator) {
    const register = () => void navigator.serviceWorker.register("/sw.js").catch((error: unknown) => console.warn("[promed] service worker", error))
    if (document.readyState === "complete") register()
    else window.addEventListener("load", register, { once: true })
  }
  const isPatient = () => {
    const { state, user } = session.view()
    return state === "signedIn" && roleNameOf(user?.roleName) === "patient"
  }
  const keep = () => void import("./keepAppointments.ts").then(({ keepAppointmentsOffline }) => keepAppointmentsOffline(session, queryClient))
  if (isPatient()) return keep()
  const unsubscribe = session.subscribe(() => {
    if (!isPatient()) return
    unsubscribe()
    keep()
  })
}
