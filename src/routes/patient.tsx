import { createRoute, lazyRouteComponent } from "@tanstack/react-router"
import * as Schema from "effect/Schema"
import { appointmentQuery, appointmentsQuery } from "../api/appointments.ts"
import { AppointmentsSearch } from "../features/appointments-shared/appointmentFilters.ts"
import { ensureTexts } from "../i18n/i18n.ts"
import { requireRoles } from "./guards.ts"
import { placeholder, welcome } from "./placeholders.tsx"
import { rootRoute } from "./root.tsx"

/** Patient-only screens: one guard for all of them. */
export const patientLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: "patient",
  beforeLoad: ({ context, location }) => requireRoles(context, ["patient"], location),
})

const page = (path: string, component: () => React.JSX.Element) =>
  createRoute({ getParentRoute: () => patientLayout, path, component })

const APPOINTMENT_TEXTS = ["appointments", "cancellation", "booking"] as const

const appointmentsRoute = createRoute({
  getParentRoute: () => patientLayout,
  path: "/appointments",
  validateSearch: Schema.toStandardSchemaV1(AppointmentsSearch),
  loader: async ({ context }) => {
    await Promise.all([ensureTexts(APPOINTMENT_TEXTS), context.queryClient.prefetchQuery(appointmentsQuery())])
  },
  component: lazyRouteComponent(() => import("../features/patient/appointments/AppointmentsPage.tsx"), "AppointmentsPage"),
})

const detailNotFound = lazyRouteComponent(() => import("../features/patient/appointments/AppointmentDetailPage.tsx"), "AppointmentNotFound")

const appointmentRoute = createRoute({
  getParentRoute: () => patientLayout,
  path: "/appointments/$appointmentId",
  loader: async ({ context, params }) => {
    await ensureTexts(APPOINTMENT_TEXTS)
    await context.queryClient.ensureQueryData(appointmentQuery(params.appointmentId))
  },
  component: lazyRouteComponent(() => import("../features/patient/appointments/AppointmentDetailPage.tsx"), "AppointmentDetailPage"),
  errorComponent: detailNotFound,
})

const rescheduleRoute = createRoute({
  getParentRoute: () => patientLayout,
  path: "/appointments/$appointmentId/reschedule",
  loader: async ({ context, params }) => {
    await ensureTexts(APPOINTMENT_TEXTS)
    await context.queryClient.ensureQueryData(appointmentQuery(params.appointmentId))
  },
  component: lazyRouteComponent(() => import("../features/patient/appointments/ReschedulePage.tsx"), "ReschedulePage"),
  errorComponent: detailNotFound,
})

export const patientRoutes = patientLayout.addChildren([
  page("/profile", welcome("titles.patientProfile")),
  page("/profile/edit", placeholder("titles.profileEdit")),
  page("/profile/settings", placeholder("titles.settings")),
  appointmentsRoute,
  appointmentRoute,
  rescheduleRoute,
  page("/medical-records", placeholder("titles.medicalRecords")),
  page("/prescriptions", placeholder("titles.prescriptions")),
  page("/favorite-doctors", placeholder("titles.favoriteDoctors")),
])

/** Patients and doctors; managers are sent to / (SPEC §2). */
export const accountLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: "account",
  beforeLoad: ({ context, location }) => requireRoles(context, ["patient", "doctor"], location),
})

export const accountRoutes = accountLayout.addChildren([
  createRoute({ getParentRoute: () => accountLayout, path: "/change-password", component: placeholder("titles.changePassword") }),
  createRoute({ getParentRoute: () => accountLayout, path: "/export-data", component: placeholder("titles.exportData") }),
  createRoute({ getParentRoute: () => accountLayout, path: "/delete-account", component: placeholder("titles.deleteAccount") }),
])
