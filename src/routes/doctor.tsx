import { createRoute } from "@tanstack/react-router"
import { requireRoles } from "./guards.ts"
import { placeholder, welcome } from "./placeholders.tsx"
import { rootRoute } from "./root.tsx"

/** Doctor-only screens: one guard for all of them. */
export const doctorLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: "doctor",
  beforeLoad: ({ context, location }) => requireRoles(context, ["doctor"], location),
})

const page = (path: string, component: () => React.JSX.Element) =>
  createRoute({ getParentRoute: () => doctorLayout, path, component })

export const doctorRoutes = doctorLayout.addChildren([
  page("/doctor/profile", welcome("titles.doctorDashboard")),
  page("/doctor/profile/edit", placeholder("titles.profileEdit")),
  page("/doctor/settings", placeholder("titles.settings")),
  page("/doctor/appointments", placeholder("titles.appointments")),
  page("/doctor/appointments/new", placeholder("titles.newAppointment")),
  page("/doctor/appointments/$appointmentId", placeholder("titles.appointment")),
  page("/doctor/appointments/$appointmentId/reschedule", placeholder("titles.reschedule")),
  page("/doctor/schedule", placeholder("titles.schedule")),
  page("/doctor/$doctorId/patients", placeholder("titles.patients")),
  page("/doctor/$doctorId/patients/$patientId", placeholder("titles.patient")),
  page("/doctor/patients/$patientId/history", placeholder("titles.patientHistory")),
  page("/doctor/prescriptions/new", placeholder("titles.newPrescription")),
  page("/doctor/prescriptions", placeholder("titles.prescriptions")),
])
