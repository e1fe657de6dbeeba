import { createRoute } from "@tanstack/react-router"
import { placeholder } from "./placeholders.tsx"
import { rootRoute } from "./root.tsx"

const page = (path: string, titleKey: string) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: placeholder(titleKey) })

export const landingRoute = page("/", "titles.home")

/** Public screens of SPEC §2; open to everyone. */
export const publicRoutes = [
  landingRoute,
  page("/register/patient", "titles.registerPatient"),
  page("/register/doctor", "titles.registerDoctor"),
  page("/doctors", "titles.doctors"),
  page("/doctors/search", "titles.doctors"),
  page("/doctors/$doctorId", "titles.doctorProfile"),
  page("/services/patients", "titles.servicesPatients"),
  page("/services/healthcare-professionals", "titles.servicesProfessionals"),
  page("/services/medical-facilities", "titles.servicesFacilities"),
  page("/services/video-consultations", "titles.servicesVideo"),
  page("/services/online-chat", "titles.servicesChat"),
  page("/services/virtual-assessment", "titles.servicesAssessment"),
  page("/services/remote-monitoring", "titles.servicesMonitoring"),
  page("/facilities", "titles.facilities"),
  page("/partners", "titles.partners"),
  page("/design-system", "titles.designSystem"),
  page("/contact", "titles.contact"),
  page("/privacy", "titles.privacy"),
  page("/terms", "titles.terms"),
  page("/about", "titles.about"),
]
