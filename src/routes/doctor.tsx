import { createRoute, lazyRouteComponent } from "@tanstack/react-router"
import type { ComponentType } from "react"
import { ensureTexts } from "../i18n/i18n.ts"
import { requireRoles } from "./guards.ts"
import { placeholder } from "./placeholders.tsx"
import { rootRoute } from "./root.tsx"

/** Doctor-only screens: one guard for all of them. */
export const doctorLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: "doctor",
  beforeLoad: ({ context, location }) => requireRoles(context, ["doctor"], location),
})

const page = (path: string, component: () => React.JSX.Element) =>
  createRoute({ getParentRoute: () => doctorLayout, path, component })

/** A lazily loaded doctor screen (its own chunk) whose text sections load before it shows. */
const screen = <M extends Record<string, unknown>>(
  path: string,
  load: () => Promise<M>,
  name: keyof M & string,
  sections: ReadonlyArray<string>,
) =>
  createRoute({
    getParentRoute: () => doctorLayout,
    path,
    loader: () => ensureTexts(sections),
    component: lazyRouteComponent(load as () => Promise<Record<string, ComponentType>>, name),
  })

export const doctorRoutes = doctorLayout.addChildren([
  screen("/doctor/profile", () => import("../features/doctor/profile/DoctorDashboardPage.tsx"), "DoctorDashboardPage", [
    "doctorDashboard",
    "experience",
    "notifications",
  ]),
  screen("/doctor/profile/edit", () => import("../features/doctor/profile/DoctorProfileEditPage.tsx"), "DoctorProfileEditPage", [
    "doctorProfileEdit",
    "doctorDashboard",
  ]),
  screen("/doctor/settings", () => import("../features/doctor/settings/DoctorSettingsPage.tsx"), "DoctorSettingsPage", ["doctorSettings"]),
  page("/doctor/appointments", placeholder("titles.appointments")),
  page("/doctor/appointments/new", placeholder("titles.newAppointment")),
  page("/doctor/appointments/$appointmentId", placeholder("titles.appointment")),
  page("/doctor/appointments/$appointmentId/reschedule", placeholder("titles.reschedule")),
  screen("/doctor/schedule", () => import("../features/doctor/schedule/SchedulePage.tsx"), "SchedulePage", ["schedule", "availability"]),
  page("/doctor/$doctorId/patients", placeholder("titles.patients")),
  page("/doctor/$doctorId/patients/$patientId", placeholder("titles.patient")),
  page("/doctor/patients/$patientId/history", placeholder("titles.patientHistory")),
  page("/doctor/prescriptions/new", placeholder("titles.newPrescription")),
  page("/doctor/prescriptions", placeholder("titles.prescriptions")),
])
