import { createRoute, lazyRouteComponent, redirect, type RouteComponent } from "@tanstack/react-router"
import { doctorSearchParamsOf, parseDoctorSearch } from "../features/public/doctors/searchParams.ts"
import { facilitySearchParamsOf, parseFacilitySearch } from "../features/public/facilities/searchParams.ts"
import { parseDoctorProfileSearch } from "../features/public/profile/searchParams.ts"
import {
  COMING_SOON_TEXTS,
  CONTACT_TEXTS,
  DESIGN_SYSTEM_TEXTS,
  DOCTOR_PROFILE_TEXTS,
  DOCTOR_REQUEST_TEXTS,
  DOCTOR_SEARCH_TEXTS,
  FACILITY_TEXTS,
  LANDING_TEXTS,
  LEGAL_TEXTS,
  PARTNER_TEXTS,
  SERVICE_TEXTS,
} from "../features/public/routeTexts.ts"
import { ensureTexts } from "../i18n/i18n.ts"
import { loadResultsPage } from "./lastPage.ts"
import { idParams } from "./params.ts"
import { rootRoute } from "./root.tsx"
import { serverDrawn } from "./serverDrawn.tsx"

/**
 * A public screen in its own chunk, shown once its texts are loaded. The path is a literal type
 * parameter, so each route keeps its own path in the registered tree and links to it are checked.
 */
const screen = <const P extends string>(path: P, component: RouteComponent, sections: ReadonlyArray<string>) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    component,
    loader: () => ensureTexts(sections),
  })

export const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  component: serverDrawn(lazyRouteComponent(() => import("../features/public/landing/LandingPage.tsx"), "LandingPage")),
  loader: () => ensureTexts(LANDING_TEXTS),
})

/*
 * The data pages' loaders start their query beside the screen's texts and do not wait for it: in
 * the browser the page shows its loading state meanwhile; on the server (src/ssr/serverEntry.tsx)
 * the render waits for the queries, so the HTML carries the data. Query modules stay out of the
 * entry chunk: imported here, when such a page is opened.
 */
const doctorSearchScreen = (path: "/doctors" | "/doctors/search") =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    validateSearch: parseDoctorSearch,
    // Opening the wizard or moving between its steps leaves the results as they are.
    loaderDeps: ({ search: { book: _, booking: __, ...search } }) => search,
    component: serverDrawn(lazyRouteComponent(() => import("../features/public/doctors/DoctorSearchPage.tsx"), "DoctorSearchPage")),
    loader: ({ context, deps }) =>
      Promise.all([
        import("../api/doctors.ts").then(({ doctorSearchQuery }) => {
          const params = doctorSearchParamsOf(deps)
          return loadResultsPage(context.queryClient, params, doctorSearchQuery(params), (results) => results.response.paginationSettings)
        }),
        ensureTexts(DOCTOR_SEARCH_TEXTS),
      ]),
  })

export const doctorProfileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/doctors/$doctorId",
  params: idParams("doctorId"),
  // `?booking=2`: the booking wizard is open on step 2, so Back and Forward move between steps.
  validateSearch: parseDoctorProfileSearch,
  component: serverDrawn(lazyRouteComponent(() => import("../features/public/profile/DoctorProfilePage.tsx"), "DoctorProfilePage")),
  // A refused id skips the loader: this view loads the texts it shows itself.
  notFoundComponent: serverDrawn(
    lazyRouteComponent(
      () => Promise.all([import("../features/public/profile/DoctorProfilePage.tsx"), ensureTexts(DOCTOR_PROFILE_TEXTS)]).then(([screen]) => screen),
      "DoctorNotFound",
    ),
  ),
  loader: ({ context, params }) =>
    Promise.all([
      import("../api/doctors.ts").then(({ prefetchDoctor }) => void prefetchDoctor(context.queryClient, params.doctorId)),
      ensureTexts(DOCTOR_PROFILE_TEXTS),
    ]),
})

const facilitiesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/facilities",
  validateSearch: parseFacilitySearch,
  loaderDeps: ({ search }) => search,
  component: serverDrawn(lazyRouteComponent(() => import("../features/public/facilities/FacilitiesPage.tsx"), "FacilitiesPage")),
  // Without the searcher's position: that is asked for on the page, never at load.
  loader: ({ context, deps }) =>
    Promise.all([
      import("../api/facilities.ts").then(({ facilitySearchQuery }) => {
        const params = facilitySearchParamsOf(deps, null)
        return loadResultsPage(context.queryClient, params, facilitySearchQuery(params), (results) => results.paginationSettings)
      }),
      ensureTexts(FACILITY_TEXTS),
    ]),
})

/** Sign-up happens outside the SPA: the login site's /auth/register, or an address set at build time (VITE_PATIENT_REGISTRATION_URL). */
const registerPatientRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/register/patient",
  beforeLoad: () => {
    throw redirect({ href: import.meta.env.VITE_PATIENT_REGISTRATION_URL || "/auth/register?returnTo=%2Fprofile", reloadDocument: true })
  },
})

const servicePage = lazyRouteComponent(() => import("../features/public/services/ServicePage.tsx"), "ServicePage")
const legalPage = lazyRouteComponent(() => import("../features/public/legal/LegalPage.tsx"), "LegalPage")

/** Public screens of SPEC §2; open to everyone. */
export const publicRoutes = [
  landingRoute,
  registerPatientRoute,
  screen(
    "/register/doctor",
    lazyRouteComponent(() => import("../features/public/doctorRequest/DoctorRequestPage.tsx"), "DoctorRequestPage"),
    DOCTOR_REQUEST_TEXTS,
  ),
  doctorSearchScreen("/doctors"),
  doctorSearchScreen("/doctors/search"),
  doctorProfileRoute,
  screen("/services/patients", servicePage, SERVICE_TEXTS),
  screen("/services/healthcare-professionals", servicePage, SERVICE_TEXTS),
  screen("/services/medical-facilities", servicePage, SERVICE_TEXTS),
  screen("/services/video-consultations", servicePage, SERVICE_TEXTS),
  screen("/services/online-chat", servicePage, SERVICE_TEXTS),
  screen("/services/virtual-assessment", servicePage, SERVICE_TEXTS),
  screen("/services/remote-monitoring", servicePage, SERVICE_TEXTS),
  facilitiesRoute,
  screen(
    "/partners",
    lazyRouteComponent(() => import("../features/public/partners/PartnersPage.tsx"), "PartnersPage"),
    PARTNER_TEXTS,
  ),
  screen(
    "/coming-soon",
    lazyRouteComponent(() => import("../features/public/waitlist/ComingSoonPage.tsx"), "ComingSoonPage"),
    COMING_SOON_TEXTS,
  ),
  screen(
    "/design-system",
    lazyRouteComponent(() => import("../features/public/designSystem/DesignSystemPage.tsx"), "DesignSystemPage"),
    DESIGN_SYSTEM_TEXTS,
  ),
  screen(
    "/contact",
    lazyRouteComponent(() => import("../features/public/contact/ContactPage.tsx"), "ContactPage"),
    CONTACT_TEXTS,
  ),
  screen("/privacy", legalPage, LEGAL_TEXTS),
  screen("/terms", legalPage, LEGAL_TEXTS),
  screen("/about", legalPage, LEGAL_TEXTS),
]
