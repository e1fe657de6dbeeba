import { createRoute, lazyRouteComponent, notFound, type RouteComponent } from "@tanstack/react-router"
import { FacilitiesListSearch } from "../features/manager/managerSearch.ts"
import { ensureTexts } from "../i18n/i18n.ts"
import { requireRoles } from "./guards.ts"
import { roleOutlet } from "./RoleOutlet.tsx"
import { placeholder, welcome } from "./placeholders.tsx"
import { rootRoute } from "./root.tsx"
import { lenientSearch } from "./search/lenient.ts"

/** Manager-only screens, all under /manager (the layout owns the segment: ids are not doubled). */
export const managerLayout = createRoute({
  getParentRoute: () => rootRoute,
  path: "/manager",
  beforeLoad: ({ context, location }) => requireRoles(context, ["manager"], location),
  component: roleOutlet("manager"),
})

/** The path is a literal type parameter so the route keeps it in the registered tree. */
const page = <const P extends string>(path: P, component: RouteComponent) => createRoute({ getParentRoute: () => managerLayout, path, component })

/** /manager itself is no screen (SPEC §2): the not-found page, as before the layout owned the segment. */
const indexRoute = createRoute({
  getParentRoute: () => managerLayout,
  path: "/",
  beforeLoad: () => {
    throw notFound()
  },
})

const profileRoute = createRoute({
  getParentRoute: () => managerLayout,
  path: "profile",
  loader: () => ensureTexts(["manager"]),
  component: lazyRouteComponent(() => import("../features/manager/ManagerProfilePage.tsx"), "ManagerProfilePage"),
})

const settingsRoute = createRoute({
  getParentRoute: () => managerLayout,
  path: "settings",
  loader: () => ensureTexts(["manager"]),
  component: lazyRouteComponent(() => import("../features/manager/ManagerSettingsPage.tsx"), "ManagerSettingsPage"),
})

/** The dashboard link of the profile leads to the doctors' requests to join and the healthcare facilities list. */
const dashboardRoute = createRoute({
  getParentRoute: () => managerLayout,
  path: "dashboard",
  validateSearch: lenientSearch(FacilitiesListSearch),
  loader: () => ensureTexts(["manager", "pagination", "managerDoctorRequests", "specialties"]),
  component: lazyRouteComponent(() => import("../features/manager/FacilitiesListPage.tsx"), "FacilitiesListPage"),
})

// Children are constants, not inline in addChildren: see src/routes/doctor.tsx for why.
export const managerRoutes = managerLayout.addChildren([
  indexRoute,
  profileRoute,
  settingsRoute,
  dashboardRoute,
  page("staff", placeholder("titles.managerStaff")),
])

/** Admin: only its routing exists (SPEC §6): one screen with its own guard. */
export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin",
  beforeLoad: ({ context, location }) => requireRoles(context, ["admin"], location),
  component: welcome("titles.admin"),
})
