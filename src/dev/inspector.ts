import type { InspectionEvent } from "xstate"

type Inspect = (event: InspectionEvent) => void
let inspect: Inspect | undefined

/**
 * In development, `?inspect` connects every machine to the Stately inspector. Production builds
 * drop this module's import of @statelyai/inspect entirely (import.meta.env.DEV is false).
 */
export async function startInspector(): Promise<void> {
  if (!import.meta.env.DEV || !new URLSearchParams(window.location.search).has("inspect")) return
  const { createBrowserInspector } = await import("@statelyai/inspect")
  inspect = createBrowserInspector().inspect as Inspect
}

/** The inspection callback to pass to `createActor` / `useActorRef`, when inspecting. */
export const inspector = (): Inspect | undefined => inspect
