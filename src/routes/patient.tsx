import { createRoute } from "@tanstack/react-router"
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

export const patientRoutes = patientLayout.addChildren([
  page("/profile", welcome("titles.patientProfile")),
  page("/profile/edit", placeholder("titles.profileEdit")),
  page("/profile/settings", placeholder("titles.settings")),
  page("/appointments", placeholder("titles.appointments")),
  page("/appointments/$appointmentId", placeholder("titles.appointment")),
  page("/appointments/$appointmentId/reschedule", placeholder("titles.reschedule")),
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
