import type { QueryClient } from "@tanstack/react-query"
import type { createAppRouter } from "../router.ts"
import { applyColorScheme } from "./colorScheme.ts"
import { landingAfterSignIn } from "./roles.ts"
import type { SessionHandle } from "./sessionHandle.ts"

type AppRouter = ReturnType<typeof createAppRouter>

/**
 * What the rest of the app does when the session changes: send a newly signed-in user to their
 * role home (the redirect helper), and after a sign-out drop cached data, the user's colour scheme
 * (a session that expired by itself too, not only a sign-out click) and re-check guards.
 */
export function followSession(session: SessionHandle, router: AppRouter, queryClient: QueryClient): () => void {
  let was = session.view().state
  return session.subscribe(() => {
    const { state, user } = session.view()
    const before = was
    was = state
    if (state === before) return
    if (state === "signedIn" && user) {
      const target = landingAfterSignIn(router.state.location.pathname, user.roleName)
      // The address was stripped of the login parameters already; any other parameter is kept (SPEC §2).
      if (target) void router.navigate({ href: `${target}${window.location.search}`, replace: true })
      // Back from an unreachable gateway: the page's guards have not checked the role yet.
      else if (before === "unavailable") void router.invalidate()
      return
    }
    if (state === "signedOut") {
      queryClient.clear()
      applyColorScheme(null)
      // Signing out, or giving up on an unreachable session, starts again from the home page.
      if (before === "loggingOut" || before === "unavailable") void router.navigate({ to: "/" })
      else void router.invalidate()
    }
  })
}
