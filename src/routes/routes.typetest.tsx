/**
 * Type test of the route table, checked by `npm run typecheck` (never run): each
 * `@ts-expect-error` line must fail to compile, so if the registered tree ever loses its types
 * again (every link then compiles) those lines turn into "unused directive" errors and the
 * typecheck fails. The forms right beside them must keep compiling.
 */
import { getRouteApi, Link, redirect, useNavigate, type RegisteredRouter } from "@tanstack/react-router"
import { APPOINTMENT_LIST } from "../features/appointments-shared/AppointmentLink.tsx"
import { roleHome, roleSettings } from "../session/roles.ts"
import { testIds } from "../../schemas/testIds.ts"

const UUID = "00000000-0000-4000-8000-000000000000"

export function LinksAreChecked() {
  return (
    <>
      <Link to="/doctors">ok</Link>
      <Link to="/doctor/appointments/$appointmentId" params={{ appointmentId: testIds.appointment(UUID) }}>
        ok
      </Link>
      <Link to="/doctors" search={{ keyword: "cardio", page: 2 }}>
        ok
      </Link>
      {/* @ts-expect-error an unknown route */}
      <Link to="/nope">unknown</Link>
      {/* @ts-expect-error a path parameter is missing */}
      <Link to="/appointments/$appointmentId">missing id</Link>
      {/* @ts-expect-error a field the route's search does not have */}
      <Link to="/doctors" search={{ notAField: 1 }}>
        unknown field
      </Link>
    </>
  )
}

export function useNavigationIsChecked() {
  const navigate = useNavigate()
  return [
    () => navigate({ to: "/appointments/$appointmentId", params: { appointmentId: testIds.appointment(UUID) } }),
    () => navigate({ to: "/doctor/appointments", search: { status: "CONFIRMED" } }),
    () => navigate({ to: "/facilities", search: { view: "map" } }),
    // @ts-expect-error an unknown route
    () => navigate({ to: "/this/route/does/not/exist" }),
    // @ts-expect-error $appointmentId is not given
    () => navigate({ to: "/doctor/appointments/$appointmentId" }),
    // @ts-expect-error the parameter is named appointmentId
    () => navigate({ to: "/doctor/appointments/$appointmentId", params: { id: UUID } }),
    // @ts-expect-error a field the route's search does not have
    () => navigate({ to: "/doctor/appointments", search: { notAField: 1 } }),
    // @ts-expect-error a value the route's search refuses (views are list, map or both)
    () => navigate({ to: "/facilities", search: { view: "grid" } }),
  ]
}

export const redirectsAreChecked = [
  () => redirect({ to: "/doctor/profile" }),
  // @ts-expect-error an unknown route
  () => redirect({ to: "/doctor/dashboard" }),
]

// Route ids read as their addresses: layouts own their segment (/doctor, /manager) or are pathless
// and named with a leading underscore (/_patient, /_account); no id is doubled.
export const routeApis = [getRouteApi("/doctor/appointments"), getRouteApi("/manager/dashboard"), getRouteApi("/_patient/appointments")]
// @ts-expect-error the doubled id of the old table
export const doubled = getRouteApi("/doctor/doctor/appointments")

// Destinations computed elsewhere stay literal paths of the table, so links to them are checked
// too (a plain `string` would be accepted by any Link).
type RoutePath = keyof RegisteredRouter["routesByPath"]
export const computedDestinations: ReadonlyArray<RoutePath> = [roleHome("doctor"), roleSettings("patient"), APPOINTMENT_LIST.doctor]
