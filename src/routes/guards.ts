import { redirect, type ParsedLocation } from "@tanstack/react-router"
import { waitFor } from "xstate"
import { loginUrl } from "../session/loginUrl.ts"
import { roleNameOf, type RoleName } from "../session/roles.ts"
import type { SessionUser } from "../../schemas/session.ts"
import type { RouterContext } from "./context.ts"

/**
 * The guard of protected routes (SPEC §2): without a valid session, off to the login site (which
 * brings the user back here); with a role not in the list, to /.
 *
 * The return type is written out, not inferred: the body's `redirect({ to })` is checked against
 * the registered router, whose type is built from the routes that call this guard. Left to
 * inference, that loop makes TypeScript give the whole route table up as `any`, and with it
 * every check of links and search parameters.
 */
export async function requireRoles(
  context: RouterContext,
  allowed: ReadonlyArray<RoleName>,
  location: ParsedLocation,
): Promise<{ readonly user: SessionUser | null }> {
  const snapshot = await waitFor(context.session, (s) => !s.hasTag("pending"))
  // Unreachable gateway: the layout shows a retry panel; guards run again once the session answers.
  if (snapshot.hasTag("unreachable")) return { user: null }
  const user = snapshot.hasTag("valid") ? snapshot.context.user : null
  if (!user) {
    throw redirect({ href: new URL(loginUrl(location.href, snapshot.context.language), window.location.origin).href, reloadDocument: true })
  }
  const role = roleNameOf(user.roleName)
  if (!role || !allowed.includes(role)) throw redirect({ to: "/", replace: true })
  return { user }
}
