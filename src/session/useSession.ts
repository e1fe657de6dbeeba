import { useSelector } from "@xstate/react"
import { useAppActors } from "../appContext.tsx"
import { sessionStatusOf } from "../../machines/session.machine.ts"
import { roleNameOf } from "./roles.ts"

/** The signed-in user, or null. */
export function useSessionUser() {
  const { session } = useAppActors()
  return useSelector(session, (s) => s.context.user)
}

/** VALID_SESSION, INVALID_SESSION, or null while it is being checked. */
export function useSessionStatus() {
  const { session } = useAppActors()
  return useSelector(session, sessionStatusOf)
}

/** The user's role in lower case, or null for visitors. */
export function useRoleName() {
  const { session } = useAppActors()
  return useSelector(session, (s) => roleNameOf(s.context.user?.roleName))
}

export function useSessionLanguage() {
  const { session } = useAppActors()
  return useSelector(session, (s) => s.context.language)
}
