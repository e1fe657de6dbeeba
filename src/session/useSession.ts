import { useSyncExternalStore } from "react"
import { useAppActors } from "../appContext.tsx"
import { roleNameOf } from "./roles.ts"
import { statusOfView, type SessionView } from "./sessionView.ts"

/** A part of the session; it must stay the same value while the session does (a field, not a new object). */
export function useSessionView<T>(select: (view: SessionView) => T): T {
  const { session } = useAppActors()
  const read = () => select(session.view())
  return useSyncExternalStore(session.subscribe, read, read)
}

/** The signed-in user, or null. */
export const useSessionUser = () => useSessionView((view) => view.user)

/** VALID_SESSION, INVALID_SESSION, or null while it is being checked. */
export const useSessionStatus = () => useSessionView(statusOfView)

/** The user's role in lower case, or null for visitors. */
export const useRoleName = () => useSessionView((view) => roleNameOf(view.user?.roleName))

export const useSessionLanguage = () => useSessionView((view) => view.language)
