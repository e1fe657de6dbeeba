import { createRoute, lazyRouteComponent, type RouteComponent } from "@tanstack/react-router"
import * as Schema from "effect/Schema"
import { FacilitiesListSearch } from "../features/manager/managerSearch.ts"
import { ensureTexts } from "../i18n/i18n.ts"
import { requireRoles } from "./guards.ts"
import { placeholder, welcome } from "./placeholders.tsx"
import { rootRoute } from "./root.tsx"

/** Manager-only screens. */
export const managerLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: "manager",
  beforeLoad: ({ context, location }) => requireRoles(context, ["manager"], location),
})

const page = (path: string, component: RouteComponent) =>
  createRoute({ getParentRoute: () => managerLayout, path, component })

export const managerRoutes = managerLayout.addChildren([
  createRoute({
    getParentRoute: () => managerLayout,
    path: "/manager/profile",
    loader: () => ensureTexts(["manager"]),
    component: lazyRouteComponent(() => import("../features/manager/ManagerProfilePage.tsx"), "ManagerProfilePage"),
  }),
  createRoute({
    getParentRoute: () => managerLayout,
    path: "/manager/settings",
    loader: () => ensureTexts(["manager"]),
    component: lazyRouteComponent(() => import("../features/manager/ManagerSettingsPage.tsx"), "ManagerSettingsPage"),
  }),
  // The dashboard link of the profile leads to the healthcare facilities list.
  createRoute({
    getParentRoute: () => managerLayout,
    path: "/manager/dashboard",
    validateSearch: Schema.toStandardSchemaV1(FacilitiesListSearch),
    loader: () => ensureTexts(["manager"]),
    component: lazyRouteComponent(() => import("../features/manager/FacilitiesListPage.tsx"), "FacilitiesListPage"),
  }),
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
