import { createContext, use, type ReactNode } from "react"
import type { ErrorModalActor } from "./errors/errorModalActor.ts"
import type { SessionActor } from "./session/sessionActor.ts"

export interface AppActors {
  readonly session: SessionActor
  readonly errorModal: ErrorModalActor
}

const AppActorsContext = createContext<AppActors | null>(null)

export function AppActorsProvider({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return <AppActorsContext value={actors}>{children}</AppActorsContext>
}

/** The app-wide actors (session, error modal); components select from them with useSelector. */
export function useAppActors(): AppActors {
  const actors = use(AppActorsContext)
  if (!actors) throw new Error("useAppActors outside AppActorsProvider")
  return actors
}
