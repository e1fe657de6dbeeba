import type { Role } from "../../schemas/enums.ts"

export type RoleName = Lowercase<Role>

/** Role names compare in lower case (SPEC §2). */
export const roleNameOf = (role: string | null | undefined): RoleName | null => (role ? (role.toLowerCase() as RoleName) : null)

/**
 * Where each role lands: patient /profile, doctor /doctor/profile, manager /manager/profile, admin
 * /admin. The return type is left to inference: the literal paths let links to it be route-checked.
 */
export function roleHome(role: string | null | undefined) {
  switch (roleNameOf(role)) {
    case "patient":
      return "/profile"
    case "doctor":
      return "/doctor/profile"
    case "manager":
      return "/manager/profile"
    case "admin":
      return "/admin"
    default:
      return "/"
  }
}

/** Settings destination per role; admin goes to /admin, unknown roles to /. */
export function roleSettings(role: string | null | undefined) {
  switch (roleNameOf(role)) {
    case "patient":
      return "/profile/settings"
    case "doctor":
      return "/doctor/settings"
    case "manager":
      return "/manager/settings"
    case "admin":
      return "/admin"
    default:
      return "/"
  }
}

/**
 * The redirect helper of SPEC §2: once the session is valid, being on / sends the user to their
 * role home. A deeper page asked for before signing in is kept (the login parameters are already
 * gone from the address by then). Returns where to go, or null to stay.
 */
export function landingAfterSignIn(pathname: string, role: string): string | null {
  return pathname === "/" ? roleHome(role) : null
}
