import { redirect, type ParsedLocation } from "@tanstack/react-router"
import { loginUrl } from "../session/loginUrl.ts"
import { roleNameOf, type RoleName } from "../session/roles.ts"
import { validUserOf } from "../session/sessionView.ts"
import type { RouterContext } from "./context.ts"

/**
 * The guard of protected routes (SPEC §2): without a valid session, off to the login site (which
 * brings the user back here); with a role not in the list, to /.
 */
export async function requireRoles(context: RouterContext, allowed: ReadonlyArray<RoleName>, location: ParsedLocation) {
  const session = await context.session.settled()
  // Unreachable gateway: the layout shows a retry panel; guards run again once the session answers.
  if (session.state === "unavailable") return { user: null }
  const user = validUserOf(session)
  if (!user) {
    throw redirect({ href: new URL(loginUrl(location.href, session.language), window.location.origin).href, reloadDocument: true })
  }
  const role = roleNameOf(user.roleName)
  if (!role || !allowed.includes(role)) throw redirect({ to: "/", replace: true })
  return { user }
}

/**
 * Whether the layout's guard heard the gateway (a user came back): while the session cannot be
 * checked the layout shows the tab's kept copy instead of the page (src/layout/RootLayout.tsx), so
 * a loader waits for no data, whose retries would hold the first paint of a tab opened offline;
 * the loaders run again once the session answers (src/session/sessionEffects.ts).
 */
export const gatewayReached = (user: unknown): boolean => user !== null && user !== undefined
