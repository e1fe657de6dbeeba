import { createRoute, lazyRouteComponent } from "@tanstack/react-router"
import * as Schema from "effect/Schema"
import type { ComponentType } from "react"
import { PatientsSearch } from "../features/doctor/patients/patientSearch.ts"
import { ensureTexts } from "../i18n/i18n.ts"
import { requireRoles } from "./guards.ts"
import { placeholder } from "./placeholders.tsx"
import { rootRoute } from "./root.tsx"

/** /doctor/appointments/new?patientId=: the patient the doctor books for (TanStack may parse it as a number). */
const NewAppointmentSearch = Schema.Struct({ patientId: Schema.optionalKey(Schema.Union([Schema.String, Schema.Number])) })

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
  createRoute({
    getParentRoute: () => doctorLayout,
    path: "/doctor/appointments/new",
    validateSearch: Schema.toStandardSchemaV1(NewAppointmentSearch),
    component: placeholder("titles.newAppointment"),
  }),
  page("/doctor/appointments/$appointmentId", placeholder("titles.appointment")),
  page("/doctor/appointments/$appointmentId/reschedule", placeholder("titles.reschedule")),
  screen("/doctor/schedule", () => import("../features/doctor/schedule/SchedulePage.tsx"), "SchedulePage", ["schedule", "availability"]),
  createRoute({
    getParentRoute: () => doctorLayout,
    path: "/doctor/$doctorId/patients",
    validateSearch: Schema.toStandardSchemaV1(PatientsSearch),
    loader: () => ensureTexts(["doctorPatients"]),
    component: lazyRouteComponent(() => import("../features/doctor/patients/PatientsPage.tsx"), "PatientsPage"),
  }),
  screen("/doctor/$doctorId/patients/$patientId", () => import("../features/doctor/patients/PatientDetailPage.tsx"), "PatientDetailPage", [
    "doctorPatients",
    "errors",
  ]),
  screen("/doctor/patients/$patientId/history", () => import("../features/doctor/patients/PatientHistoryPage.tsx"), "PatientHistoryPage", ["patientHistory"]),
  screen("/doctor/prescriptions/new", () => import("../features/doctor/prescriptions/PrescriptionNewPage.tsx"), "PrescriptionNewPage", ["prescription"]),
  screen("/doctor/prescriptions", () => import("../features/doctor/prescriptions/PrescriptionsPage.tsx"), "PrescriptionsPage", ["prescription"]),
])
