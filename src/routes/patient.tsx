import { createRoute, lazyRouteComponent, type RouteComponent } from "@tanstack/react-router"
import type { QueryClient } from "@tanstack/react-query"
import type { SessionUser } from "../../schemas/session.ts"
// The query factories load with the first patient screen, not with the landing page's shell.
const appointmentsApi = () => import("../api/appointments.ts")
const patientsApi = () => import("../api/patients.ts")
const slotWaitlistsApi = () => import("../api/slotWaitlists.ts")
import { AppointmentsSearch } from "../features/appointments-shared/appointmentFilters.ts"
import { RescheduleSearch } from "../features/appointments-shared/rescheduleSearch.ts"
import { APPOINTMENT_DETAIL_TEXTS, APPOINTMENT_TEXTS } from "../features/public/routeTexts.ts"
import { ensureTexts } from "../i18n/i18n.ts"
import { gatewayReached, requireRoles } from "./guards.ts"
import { roleOutlet } from "./RoleOutlet.tsx"
import { idParams } from "./params.ts"
import { placeholder } from "./placeholders.tsx"
import { lenientSearch } from "./search/lenient.ts"
import { rootRoute } from "./root.tsx"

/** Patient-only screens: one guard for all of them. */
export const patientLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: "_patient",
  beforeLoad: ({ context, location }) => requireRoles(context, ["patient"], location),
  component: roleOutlet("patient"),
})

/** The path is a literal type parameter so the route keeps it in the registered tree. */
const page = <const P extends string>(path: P, component: RouteComponent) => createRoute({ getParentRoute: () => patientLayout, path, component })

const PROFILE_TEXTS = [
  "patientProfile",
  "appointments",
  // The appointment cards name the doctors' specialties (issue 39: they were in French in Arabic).
  "specialties",
  "notifications",
  "dependants",
  "medicalAlerts",
  "emergencyContacts",
  "medicalRecords",
  "patientSettings",
  "photo",
  "uploads",
] as const

/** Warms the patient record; nothing to warm while the gateway is unreachable (no user yet). */
async function warmPatient(queryClient: QueryClient, user: SessionUser | null) {
  const id = user?.metadata.patient?.id
  if (id) await queryClient.ensureQueryData((await patientsApi()).patientQuery(id))
}

const profileRoute = createRoute({
  getParentRoute: () => patientLayout,
  path: "/profile",
  loader: async ({ context }) => {
    void appointmentsApi().then(({ appointmentsQuery }) => context.queryClient.prefetchQuery(appointmentsQuery()))
    await Promise.all([ensureTexts(PROFILE_TEXTS), warmPatient(context.queryClient, context.user)])
  },
  component: lazyRouteComponent(() => import("../features/patient/profile/ProfilePage.tsx"), "ProfilePage"),
})

const profileEditRoute = createRoute({
  getParentRoute: () => patientLayout,
  path: "/profile/edit",
  loader: async ({ context }) => {
    await Promise.all([ensureTexts(PROFILE_TEXTS), warmPatient(context.queryClient, context.user)])
  },
  component: lazyRouteComponent(() => import("../features/patient/profile/ProfileEditPage.tsx"), "ProfileEditPage"),
})

const settingsRoute = createRoute({
  getParentRoute: () => patientLayout,
  path: "/profile/settings",
  loader: async ({ context }) => {
    await Promise.all([ensureTexts(["patientSettings", "calendarFeed", "sessions"]), warmPatient(context.queryClient, context.user).catch(() => undefined)])
  },
  component: lazyRouteComponent(() => import("../features/patient/profile/SettingsPage.tsx"), "SettingsPage"),
})

const appointmentsRoute = createRoute({
  getParentRoute: () => patientLayout,
  path: "/appointments",
  validateSearch: lenientSearch(AppointmentsSearch),
  loader: async ({ context }) => {
    if (!gatewayReached(context.user)) return ensureTexts(APPOINTMENT_TEXTS)
    const [{ appointmentsQuery }, { slotWaitlistsQuery }] = await Promise.all([appointmentsApi(), slotWaitlistsApi()])
    await Promise.all([
      ensureTexts(APPOINTMENT_TEXTS),
      context.queryClient.prefetchQuery(appointmentsQuery()),
      context.queryClient.prefetchQuery(slotWaitlistsQuery()),
    ])
  },
  component: lazyRouteComponent(() => import("../features/patient/appointments/AppointmentsPage.tsx"), "AppointmentsPage"),
})

/** The not-found view, with its texts: a refused id skips the loader that would have loaded them. */
const detailNotFound = lazyRouteComponent(
  () => Promise.all([import("../features/patient/appointments/AppointmentDetailPage.tsx"), ensureTexts(APPOINTMENT_TEXTS)]).then(([screen]) => screen),
  "AppointmentNotFound",
)

const appointmentRoute = createRoute({
  getParentRoute: () => patientLayout,
  path: "/appointments/$appointmentId",
  params: idParams("appointmentId"),
  loader: async ({ context, params }) => {
    // Issue 40: the detail shows the deposit paid for it, if any (its card reads it, so the shell carries no more).
    const [{ appointmentQuery }] = await Promise.all([appointmentsApi(), ensureTexts(APPOINTMENT_DETAIL_TEXTS)])
    if (gatewayReached(context.user)) await context.queryClient.ensureQueryData(appointmentQuery(params.appointmentId))
  },
  component: lazyRouteComponent(() => import("../features/patient/appointments/AppointmentDetailPage.tsx"), "AppointmentDetailPage"),
  errorComponent: detailNotFound,
  notFoundComponent: detailNotFound,
})

const rescheduleRoute = createRoute({
  getParentRoute: () => patientLayout,
  path: "/appointments/$appointmentId/reschedule",
  params: idParams("appointmentId"),
  // `slot`: a waitlist offer's slot to preselect (issue 14); any other value is dropped.
  validateSearch: lenientSearch(RescheduleSearch),
  loader: async ({ context, params }) => {
    const [{ appointmentQuery }] = await Promise.all([appointmentsApi(), ensureTexts(APPOINTMENT_TEXTS)])
    if (gatewayReached(context.user)) await context.queryClient.ensureQueryData(appointmentQuery(params.appointmentId))
  },
  component: lazyRouteComponent(() => import("../features/patient/appointments/ReschedulePage.tsx"), "ReschedulePage"),
  errorComponent: detailNotFound,
  notFoundComponent: detailNotFound,
})

/** Issue 40: where the provider's checkout sends the browser back, to learn how the deposit went. */
const paymentReturnRoute = createRoute({
  getParentRoute: () => patientLayout,
  path: "/payments/$paymentId",
  params: idParams("paymentId"),
  loader: () => ensureTexts(["payment"]),
  component: lazyRouteComponent(() => import("../features/payments/PaymentReturnPage.tsx"), "PaymentReturnPage"),
})

const medicalRecordsRoute = createRoute({
  getParentRoute: () => patientLayout,
  path: "/medical-records",
  loader: async ({ context }) => {
    await Promise.all([ensureTexts(PROFILE_TEXTS), warmPatient(context.queryClient, context.user)])
  },
  component: lazyRouteComponent(() => import("../features/patient/records/MedicalRecordsPage.tsx"), "MedicalRecordsPage"),
})

// Children are constants, not inline in addChildren: see src/routes/doctor.tsx for why.
export const patientRoutes = patientLayout.addChildren([
  profileRoute,
  profileEditRoute,
  settingsRoute,
  appointmentsRoute,
  appointmentRoute,
  rescheduleRoute,
  paymentReturnRoute,
  medicalRecordsRoute,
  page("/prescriptions", placeholder("titles.prescriptions")),
  page("/favorite-doctors", placeholder("titles.favoriteDoctors")),
])

/** Patients and doctors; managers are sent to / (SPEC §2). */
export const accountLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: "_account",
  beforeLoad: ({ context, location }) => requireRoles(context, ["patient", "doctor"], location),
})

const changePasswordRoute = createRoute({
  getParentRoute: () => accountLayout,
  path: "/change-password",
  loader: () => ensureTexts(["changePassword"]),
  component: lazyRouteComponent(() => import("../features/account/ChangePasswordPage.tsx"), "ChangePasswordPage"),
})
const exportDataRoute = createRoute({ getParentRoute: () => accountLayout, path: "/export-data", component: placeholder("titles.exportData") })
const deleteAccountRoute = createRoute({ getParentRoute: () => accountLayout, path: "/delete-account", component: placeholder("titles.deleteAccount") })

export const accountRoutes = accountLayout.addChildren([changePasswordRoute, exportDataRoute, deleteAccountRoute])
