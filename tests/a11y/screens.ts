import type { APIRequestContext } from "@playwright/test"

export type Who = "visitor" | "patient" | "doctor" | "manager"

export interface Screen {
  name: string
  who: Who
  /** The address, or a function of seeded ids. */
  path: string | ((ids: SeededIds) => string)
  /** A piece of text (French) or role that says the screen is there, before scanning. */
  ready?: string
}

export interface SeededIds {
  doctorId: string
  doctorOwnId: string
  appointmentId: string
  patientOfDoctor: string
  /** One of the doctor's appointments (its detail lists what was sent about it). */
  doctorAppointmentId: string
}

const EMAILS: Record<Exclude<Who, "visitor">, string> = {
  patient: "patient@demo.sn",
  doctor: "doctor@demo.sn",
  manager: "manager@demo.sn",
}

export async function tokenFor(request: APIRequestContext, who: Exclude<Who, "visitor">): Promise<string> {
  const response = await request.post("/auth/token", { data: { email: EMAILS[who], password: "Passw0rd!" } })
  return ((await response.json()) as { token: string }).token
}

/** Ids the screens need, read through the gateway as the app would. */
export async function seededIds(request: APIRequestContext): Promise<SeededIds> {
  const search = await (
    await request.post("/api/v1/doctors/search", { data: { paginationSettings: { offset: 0, limit: 1 }, query: { keyword: "Moussa Ndiaye" } } })
  ).json()
  const doctorToken = await tokenFor(request, "doctor")
  const doctorSession = await (await request.get("/api/v1/session", { headers: { Authorization: `Bearer ${doctorToken}` } })).json()
  const patientToken = await tokenFor(request, "patient")
  const appointments = await (await request.get("/api/v1/appointments", { headers: { Authorization: `Bearer ${patientToken}` } })).json()
  return {
    doctorId: search.data[0].id,
    doctorOwnId: doctorSession.metadata.doctor.id,
    appointmentId: appointments[0].id,
    patientOfDoctor: doctorSession.appointments[0].patientId,
    doctorAppointmentId: doctorSession.appointments[0].id,
  }
}

/** Every public screen, and the main screens of patients, doctors and managers. */
export const SCREENS: ReadonlyArray<Screen> = [
  { name: "landing", who: "visitor", path: "/" },
  { name: "doctor search", who: "visitor", path: "/doctors?specialties=CARDIOLOGY" },
  { name: "doctor profile", who: "visitor", path: (ids) => `/doctors/${ids.doctorId}` },
  { name: "facility directory", who: "visitor", path: "/facilities" },
  { name: "facility map", who: "visitor", path: "/facilities?view=both" },
  { name: "contact", who: "visitor", path: "/contact" },
  { name: "doctor registration", who: "visitor", path: "/register/doctor" },
  { name: "partners", who: "visitor", path: "/partners" },
  { name: "services for patients", who: "visitor", path: "/services/patients" },
  { name: "services for professionals", who: "visitor", path: "/services/healthcare-professionals" },
  { name: "services for facilities", who: "visitor", path: "/services/medical-facilities" },
  { name: "video consultations", who: "visitor", path: "/services/video-consultations" },
  { name: "online chat", who: "visitor", path: "/services/online-chat" },
  { name: "virtual assessment", who: "visitor", path: "/services/virtual-assessment" },
  { name: "remote monitoring", who: "visitor", path: "/services/remote-monitoring" },
  { name: "privacy", who: "visitor", path: "/privacy" },
  { name: "terms", who: "visitor", path: "/terms" },
  { name: "about", who: "visitor", path: "/about" },
  { name: "coming soon", who: "visitor", path: "/coming-soon" },
  { name: "design system", who: "visitor", path: "/design-system" },
  { name: "not found", who: "visitor", path: "/no/such/page" },
  { name: "patient dashboard", who: "patient", path: "/profile" },
  { name: "patient profile edit", who: "patient", path: "/profile/edit" },
  { name: "patient settings", who: "patient", path: "/profile/settings" },
  { name: "patient appointments", who: "patient", path: "/appointments" },
  { name: "patient appointment", who: "patient", path: (ids) => `/appointments/${ids.appointmentId}` },
  { name: "medical records", who: "patient", path: "/medical-records" },
  { name: "change password", who: "patient", path: "/change-password" },
  { name: "doctor dashboard", who: "doctor", path: "/doctor/profile" },
  { name: "doctor schedule", who: "doctor", path: "/doctor/schedule" },
  { name: "doctor appointments", who: "doctor", path: "/doctor/appointments" },
  { name: "doctor appointment", who: "doctor", path: (ids) => `/doctor/appointments/${ids.doctorAppointmentId}` },
  { name: "doctor patients", who: "doctor", path: (ids) => `/doctor/${ids.doctorOwnId}/patients` },
  { name: "doctor patient", who: "doctor", path: (ids) => `/doctor/${ids.doctorOwnId}/patients/${ids.patientOfDoctor}` },
  { name: "doctor profile edit", who: "doctor", path: "/doctor/profile/edit" },
  { name: "doctor settings", who: "doctor", path: "/doctor/settings" },
  { name: "new prescription", who: "doctor", path: "/doctor/prescriptions/new" },
  { name: "manager profile", who: "manager", path: "/manager/profile" },
  { name: "manager dashboard", who: "manager", path: "/manager/dashboard" },
]
