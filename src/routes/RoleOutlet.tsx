import { Outlet } from "@tanstack/react-router"
import { useRoleName } from "../session/useSession.ts"
import type { RoleName } from "../session/roles.ts"

/**
 * The screens of a role's layout, drawn only while the session holds a user of that role. The
 * guard checks on arrival; this covers the moment after a sign-out, before the way home has
 * loaded, when the screens would otherwise run again without a user (no patient id).
 */
export const roleOutlet = (role: RoleName) =>
  function RoleOutlet() {
    return useRoleName() === role ? <Outlet /> : null
  }
