import { createRoute, lazyRouteComponent, notFound, type RouteComponent } from "@tanstack/react-router"
// Loaded with the screens that use it, so the appointments client stays out of the entry chunk.
const appointmentsApi = () => import("../api/appointments.ts")
import { AppointmentsSearch } from "../features/appointments-shared/appointmentFilters.ts"
import { PatientsSearch } from "../features/doctor/patients/patientSearch.ts"
import { ensureTexts } from "../i18n/i18n.ts"
import { gatewayReached, requireRoles } from "./guards.ts"
import { roleOutlet } from "./RoleOutlet.tsx"
import { parseNewAppointmentSearch } from "../features/doctor/appointments/newAppointmentSearch.ts"
import { idParams } from "./params.ts"
import { rootRoute } from "./root.tsx"
import { lenientSearch } from "./search/lenient.ts"

/** Texts of the doctor's appointment screens (the role-neutral pieces need theirs too). */
const APPOINTMENT_TEXTS = ["doctorAppointments", "doctorPatients", "doctorPayments", "appointments", "cancellation", "notifications"] as const

/** SPEC §8: an appointment that cannot be fetched (or whose id cannot be one) shows the not-found view. */
const appointmentNotFound = lazyRouteComponent(
  // With its texts: a refused id skips the loader that would have loaded them.
  () => Promise.all([import("../features/doctor/appointments/DoctorAppointmentDetailPage.tsx"), ensureTexts(APPOINTMENT_TEXTS)]).then(([screen]) => screen),
  "DoctorAppointmentNotFound",
)

/**
 * Doctor-only screens, all under /doctor: one guard for all of them. The layout owns the
 * segment, so route ids read as the addresses do (`/doctor/appointments`, not doubled).
 */
export const doctorLayout = createRoute({
  getParentRoute: () => rootRoute,
  path: "/doctor",
  beforeLoad: ({ context, location }) => requireRoles(context, ["doctor"], location),
  component: roleOutlet("doctor"),
})

/*
 * Each child is its own constant, never written inline in `addChildren([...])`: inline, the
 * child's `getParentRoute` is typed from the call it sits in, and TypeScript gives the whole
 * route table up as `any` (every link would compile). The path is a literal type parameter of
 * the factory for the same reason: a `string` path would open links to any text.
 */

/** /doctor itself is no screen (SPEC §2): the not-found page, as before the layout owned the segment. */
const indexRoute = createRoute({
  getParentRoute: () => doctorLayout,
  path: "/",
  beforeLoad: () => {
    throw notFound()
  },
})

/** A lazily loaded doctor screen (its own chunk) whose text sections load before it shows. */
const screen = <const P extends string>(path: P, component: RouteComponent, sections: ReadonlyArray<string>) =>
  createRoute({
    getParentRoute: () => doctorLayout,
    path,
    loader: () => ensureTexts(sections),
    component,
  })

const dashboardRoute = screen(
  "profile",
  lazyRouteComponent(() => import("../features/doctor/profile/DoctorDashboardPage.tsx"), "DoctorDashboardPage"),
  ["doctorDashboard", "experience", "notifications", "specialties", "slotWaitlist"],
)

const profileEditRoute = screen(
  "profile/edit",
  lazyRouteComponent(() => import("../features/doctor/profile/DoctorProfileEditPage.tsx"), "DoctorProfileEditPage"),
  ["doctorProfileEdit", "doctorDashboard", "photo", "uploads"],
)

const settingsRoute = screen(
  "settings",
  lazyRouteComponent(() => import("../features/doctor/settings/DoctorSettingsPage.tsx"), "DoctorSettingsPage"),
  ["doctorSettings", "calendarFeed", "sessions"],
)

const appointmentsRoute = createRoute({
  getParentRoute: () => doctorLayout,
  path: "appointments",
  validateSearch: lenientSearch(AppointmentsSearch),
  loader: async ({ context }) => {
    const { appointmentsQuery } = await appointmentsApi()
    await Promise.all([ensureTexts(APPOINTMENT_TEXTS), gatewayReached(context.user) ? context.queryClient.prefetchQuery(appointmentsQuery()) : undefined])
  },
  component: lazyRouteComponent(() => import("../features/doctor/appointments/DoctorAppointmentsPage.tsx"), "DoctorAppointmentsPage"),
})

const newAppointmentRoute = createRoute({
  getParentRoute: () => doctorLayout,
  path: "appointments/new",
  validateSearch: parseNewAppointmentSearch,
  loader: () => ensureTexts([...APPOINTMENT_TEXTS, "booking"]),
  component: lazyRouteComponent(() => import("../features/doctor/appointments/NewAppointmentPage.tsx"), "NewAppointmentPage"),
})

const appointmentRoute = createRoute({
  getParentRoute: () => doctorLayout,
  path: "appointments/$appointmentId",
  params: idParams("appointmentId"),
  loader: async ({ context, params }) => {
    const [{ appointmentQuery, appointmentNotificationsQuery }] = await Promise.all([appointmentsApi(), ensureTexts([...APPOINTMENT_TEXTS, "notificationLog"])])
    // What was sent is warmed beside the appointment, not waited for: the page shows without it.
    void context.queryClient.prefetchQuery(appointmentNotificationsQuery(params.appointmentId))
    if (gatewayReached(context.user)) await context.queryClient.ensureQueryData(appointmentQuery(params.appointmentId))
  },
  component: lazyRouteComponent(() => import("../features/doctor/appointments/DoctorAppointmentDetailPage.tsx"), "DoctorAppointmentDetailPage"),
  errorComponent: appointmentNotFound,
  notFoundComponent: appointmentNotFound,
})

const rescheduleRoute = createRoute({
  getParentRoute: () => doctorLayout,
  path: "appointments/$appointmentId/reschedule",
  params: idParams("appointmentId"),
  loader: async ({ context, params }) => {
    const [{ appointmentQuery }] = await Promise.all([appointmentsApi(), ensureTexts([...APPOINTMENT_TEXTS, "booking"])])
    if (gatewayReached(context.user)) await context.queryClient.ensureQueryData(appointmentQuery(params.appointmentId))
  },
  component: lazyRouteComponent(() => import("../features/doctor/appointments/DoctorReschedulePage.tsx"), "DoctorReschedulePage"),
  errorComponent: appointmentNotFound,
  notFoundComponent: appointmentNotFound,
})

const scheduleRoute = screen(
  "schedule",
  lazyRouteComponent(() => import("../features/doctor/schedule/SchedulePage.tsx"), "SchedulePage"),
  ["schedule", "availability"],
)

const patientsRoute = createRoute({
  getParentRoute: () => doctorLayout,
  path: "$doctorId/patients",
  params: idParams("doctorId"),
  validateSearch: lenientSearch(PatientsSearch),
  loader: () => ensureTexts(["doctorPatients"]),
  component: lazyRouteComponent(() => import("../features/doctor/patients/PatientsPage.tsx"), "PatientsPage"),
})

const patientRoute = createRoute({
  getParentRoute: () => doctorLayout,
  path: "$doctorId/patients/$patientId",
  params: idParams("doctorId", "patientId"),
  loader: () => ensureTexts(["doctorPatients", "errors"]),
  component: lazyRouteComponent(() => import("../features/doctor/patients/PatientDetailPage.tsx"), "PatientDetailPage"),
})

const patientHistoryRoute = createRoute({
  getParentRoute: () => doctorLayout,
  path: "patients/$patientId/history",
  params: idParams("patientId"),
  loader: () => ensureTexts(["patientHistory"]),
  component: lazyRouteComponent(() => import("../features/doctor/patients/PatientHistoryPage.tsx"), "PatientHistoryPage"),
})

const prescriptionNewRoute = screen(
  "prescriptions/new",
  lazyRouteComponent(() => import("../features/doctor/prescriptions/PrescriptionNewPage.tsx"), "PrescriptionNewPage"),
  ["prescription"],
)

const prescriptionsRoute = screen(
  "prescriptions",
  lazyRouteComponent(() => import("../features/doctor/prescriptions/PrescriptionsPage.tsx"), "PrescriptionsPage"),
  ["prescription"],
)

/** /doctor/payments (issue 40): loaded by its screen, not warmed here (the landing's shell carries this table). */
const paymentsRoute = screen(
  "payments",
  lazyRouteComponent(() => import("../features/doctor/payments/DoctorPaymentsPage.tsx"), "DoctorPaymentsPage"),
  ["doctorPayments"],
)

export const doctorRoutes = doctorLayout.addChildren([
  indexRoute,
  dashboardRoute,
  profileEditRoute,
  settingsRoute,
  appointmentsRoute,
  newAppointmentRoute,
  appointmentRoute,
  rescheduleRoute,
  scheduleRoute,
  patientsRoute,
  patientRoute,
  patientHistoryRoute,
  prescriptionNewRoute,
  prescriptionsRoute,
  paymentsRoute,
])
