import { createRoute } from "@tanstack/react-router"
import { requireRoles } from "./guards.ts"
import { placeholder, welcome } from "./placeholders.tsx"
import { rootRoute } from "./root.tsx"

/** Manager-only screens. */
export const managerLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: "manager",
  beforeLoad: ({ context, location }) => requireRoles(context, ["manager"], location),
})

const page = (path: string, component: () => React.JSX.Element) =>
  createRoute({ getParentRoute: () => managerLayout, path, component })

export const managerRoutes = managerLayout.addChildren([
  page("/manager/profile", welcome("titles.managerProfile")),
  page("/manager/settings", placeholder("titles.settings")),
  page("/manager/dashboard", placeholder("titles.managerDashboard")),
  page("/manager/staff", placeholder("titles.managerStaff")),
])

/** Admin: only its routing exists (SPEC §6). */
export const adminLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: "admin",
  beforeLoad: ({ context, location }) => requireRoles(context, ["admin"], location),
})

export const adminRoutes = adminLayout.addChildren([
  createRoute({ getParentRoute: () => adminLayout, path: "/admin", component: welcome("titles.admin") }),
])
