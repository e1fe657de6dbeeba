import { createRoute, lazyRouteComponent } from "@tanstack/react-router"
import * as Schema from "effect/Schema"
import type { ComponentType } from "react"
// Loaded with the screens that use it, so the appointments client stays out of the entry chunk.
const appointmentsApi = () => import("../api/appointments.ts")
import { AppointmentsSearch } from "../features/appointments-shared/appointmentFilters.ts"
import { PatientsSearch } from "../features/doctor/patients/patientSearch.ts"
import { ensureTexts } from "../i18n/i18n.ts"
import { requireRoles } from "./guards.ts"
import { rootRoute } from "./root.tsx"

/** Texts of the doctor's appointment screens (the role-neutral pieces need theirs too). */
const APPOINTMENT_TEXTS = ["doctorAppointments", "doctorPatients", "appointments", "cancellation", "notifications"] as const

/** SPEC §8: an appointment that cannot be fetched shows the not-found view. */
const appointmentNotFound = lazyRouteComponent(
  () => import("../features/doctor/appointments/DoctorAppointmentDetailPage.tsx"),
  "DoctorAppointmentNotFound",
)

/** /doctor/appointments/new?patientId=: the patient the doctor books for (TanStack may parse it as a number). */
const NewAppointmentSearch = Schema.Struct({ patientId: Schema.optionalKey(Schema.Union([Schema.String, Schema.Number])) })

/** Doctor-only screens: one guard for all of them. */
export const doctorLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: "doctor",
  beforeLoad: ({ context, location }) => requireRoles(context, ["doctor"], location),
})

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
    "photo",
    "uploads",
  ]),
  screen("/doctor/settings", () => import("../features/doctor/settings/DoctorSettingsPage.tsx"), "DoctorSettingsPage", ["doctorSettings"]),
  createRoute({
    getParentRoute: () => doctorLayout,
    path: "/doctor/appointments",
    validateSearch: Schema.toStandardSchemaV1(AppointmentsSearch),
    loader: async ({ context }) => {
      const { appointmentsQuery } = await appointmentsApi()
      await Promise.all([ensureTexts(APPOINTMENT_TEXTS), context.queryClient.prefetchQuery(appointmentsQuery())])
    },
    component: lazyRouteComponent(() => import("../features/doctor/appointments/DoctorAppointmentsPage.tsx"), "DoctorAppointmentsPage"),
  }),
  createRoute({
    getParentRoute: () => doctorLayout,
    path: "/doctor/appointments/new",
    validateSearch: Schema.toStandardSchemaV1(NewAppointmentSearch),
    loader: () => ensureTexts([...APPOINTMENT_TEXTS, "booking"]),
    component: lazyRouteComponent(() => import("../features/doctor/appointments/NewAppointmentPage.tsx"), "NewAppointmentPage"),
  }),
  createRoute({
    getParentRoute: () => doctorLayout,
    path: "/doctor/appointments/$appointmentId",
    loader: async ({ context, params }) => {
      const [{ appointmentQuery }] = await Promise.all([appointmentsApi(), ensureTexts(APPOINTMENT_TEXTS)])
      await context.queryClient.ensureQueryData(appointmentQuery(params.appointmentId))
    },
    component: lazyRouteComponent(() => import("../features/doctor/appointments/DoctorAppointmentDetailPage.tsx"), "DoctorAppointmentDetailPage"),
    errorComponent: appointmentNotFound,
  }),
  createRoute({
    getParentRoute: () => doctorLayout,
    path: "/doctor/appointments/$appointmentId/reschedule",
    loader: async ({ context, params }) => {
      const [{ appointmentQuery }] = await Promise.all([appointmentsApi(), ensureTexts([...APPOINTMENT_TEXTS, "booking"])])
      await context.queryClient.ensureQueryData(appointmentQuery(params.appointmentId))
    },
    component: lazyRouteComponent(() => import("../features/doctor/appointments/DoctorReschedulePage.tsx"), "DoctorReschedulePage"),
    errorComponent: appointmentNotFound,
  }),
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
