import type { QueryClient } from "@tanstack/react-query"
import type { createAppRouter } from "../router.ts"
import { applyColorScheme } from "./colorScheme.ts"
import { landingAfterSignIn } from "./roles.ts"
import type { SessionActor } from "./sessionActor.ts"

type AppRouter = ReturnType<typeof createAppRouter>

/**
 * What the rest of the app does when the session changes: send a newly signed-in user to their
 * role home (the redirect helper), and after a sign-out drop cached data, the user's colour scheme
 * (a session that expired by itself too, not only a sign-out click) and re-check guards.
 */
export function followSession(session: SessionActor, router: AppRouter, queryClient: QueryClient): () => void {
  let previous = session.getSnapshot()
  const subscription = session.subscribe((snapshot) => {
    const was = previous
    previous = snapshot
    if (snapshot.matches("signedIn") && !was.matches("signedIn") && snapshot.context.user) {
      const target = landingAfterSignIn(router.state.location.pathname, snapshot.context.user.roleName)
      // The address was stripped of the login parameters already; any other parameter is kept (SPEC §2).
      if (target) void router.navigate({ href: `${target}${window.location.search}`, replace: true })
      // Back from an unreachable gateway: the page's guards have not checked the role yet.
      else if (was.matches("unavailable")) void router.invalidate()
      return
    }
    if (snapshot.matches("signedOut") && !was.matches("signedOut")) {
      queryClient.clear()
      applyColorScheme(null)
      // Signing out, or giving up on an unreachable session, starts again from the home page.
      if (was.matches("loggingOut") || was.matches("unavailable")) void router.navigate({ to: "/" })
      else void router.invalidate()
    }
  })
  return () => subscription.unsubscribe()
}
