import { createContext, use, type ReactNode } from "react"
import { LazyActor } from "./actors/lazyActor.ts"
import type { ErrorModalActor } from "./errors/errorModalActor.ts"
import type { Language } from "./i18n/languages.ts"
import { readAddress } from "./session/address.ts"
import { SessionHandle } from "./session/sessionHandle.ts"
import { tokenStore } from "./session/tokenStore.ts"
import { nextTask } from "./ui/whenIdle.ts"

export interface AppActors {
  readonly session: SessionHandle
  readonly errorModal: LazyActor<ErrorModalActor>
}

/** The app-wide actors, each loaded when first needed (a visitor's first page needs neither). */
export function createAppActors(language: Language): AppActors {
  const session = new SessionHandle(language, async () => {
    // A tab with a token checks it at once: the session's calls download beside the machine, not after it.
    if (tokenStore.read() !== null || readAddress(window.location.search).urlToken !== null) void import("./api/session.ts")
    const { createSessionActor } = await import("./session/sessionActor.ts")
    // Its module makes the machines as it is evaluated; the actor and its first state are another
    // task's work, rather than one of 27 ms on a phone's main thread.
    await nextTask()
    return createSessionActor(language)
  })
  const errorModal = new LazyActor(async () => (await import("./errors/errorModalActor.ts")).createErrorModalActor(session))
  return { session, errorModal }
}

const AppActorsContext = createContext<AppActors | null>(null)

export function AppActorsProvider({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return <AppActorsContext value={actors}>{children}</AppActorsContext>
}

/** The app-wide actors (session, error modal); components read them narrowly (useSessionView, useLazySelector). */
export function useAppActors(): AppActors {
  const actors = use(AppActorsContext)
  if (!actors) throw new Error("useAppActors outside AppActorsProvider")
  return actors
}
