/**
 * Text sections each public screen loads beyond the core ones. The routes load them; the bundle
 * budget (scripts/bundleBudget.ts) counts them, so both read this list.
 */
export const LANDING_TEXTS = ["landing", "regions", "specialties", "emergency"] as const
export const DOCTOR_SEARCH_TEXTS = ["doctorSearch", "specialties", "regions", "samples", "pagination"] as const
export const DOCTOR_PROFILE_TEXTS = ["doctorProfile", "doctorSearch", "specialties", "facilities", "errors", "slotWaitlist"] as const
export const FACILITY_TEXTS = ["facilities", "map", "pagination"] as const
export const CONTACT_TEXTS = ["contact"] as const
export const SERVICE_TEXTS = ["services"] as const
export const PARTNER_TEXTS = ["partners"] as const
export const COMING_SOON_TEXTS = ["comingSoon", "waitlist"] as const
export const LEGAL_TEXTS = ["legal"] as const
export const DESIGN_SYSTEM_TEXTS = ["designSystem", "pagination"] as const
export const DOCTOR_REQUEST_TEXTS = ["doctorRequest", "specialties"] as const
/** The patient's appointment screens (src/routes/patient.tsx). */
export const APPOINTMENT_TEXTS = ["appointments", "cancellation", "booking", "specialties", "slotWaitlist"] as const
/** The patient's appointment detail also shows its deposit (issue 40); the service worker keeps these for offline. */
export const APPOINTMENT_DETAIL_TEXTS = [...APPOINTMENT_TEXTS, "payment"] as const
/** What the page shows while the session's gateway cannot be reached: the kept appointments and the emergency numbers (issue 13). */
export const OFFLINE_TEXTS = ["offline", "appointments", "emergency", "specialties"] as const
