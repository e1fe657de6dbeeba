/**
 * Value lists the app reads at start (the routes' address checks), apart from their schemas in
 * enums.ts and common.ts, which re-export them: importing those modules runs every schema they
 * define, and loads effect/Schema with them.
 */
export const SERVICE_CODES = ["CLINIC", "ONLINE", "HOME"] as const

export const APPOINTMENT_STATUSES = ["CONFIRMED", "CANCELED", "COMPLETE"] as const

/** A patient's standing in a doctor's list (SPEC §2: active or inactive). */
export const PATIENT_STATUSES = ["ACTIVE", "INACTIVE"] as const

/** Page sizes offered by every paginated list (SPEC §9). */
export const PAGE_SIZES = [5, 10, 25, 50, 100] as const
