/**
 * The error codes of SPEC §8 as plain lists, without their schemas (schemas/errors.ts): what the
 * app needs at start (the session and error modal machines, the API's error class) stays free of
 * effect/Schema, which loads with the first screen that calls the gateway.
 */
/** Session-type codes: never shown in the error modal; the user is asked to sign in again (SPEC §8). */
export const SESSION_ERROR_CODES = [
  "SESSION_EXPIRED",
  "EXPIRED_JWT_TOKEN_ERROR",
  "EXPIRED_JWT_TOKEN",
  "SESSION_NOT_FOUND",
  "TOKEN_NOT_FOUND",
  "INVALID_TOKEN",
  "INVALID_JWT_TOKEN_ERROR",
  "INVALID_JWT_TOKEN",
  "UNSUPPORTED_JWT_TOKEN",
  "MALFORMED_JWT_TOKEN",
  "INVALID_JWT_SIGNATURE",
  "JWT_TOKEN_REVOKED",
  "INVALID_REFRESH_TOKEN",
  "JWT_TOKEN_NOT_FOUND",
  "INVALID_SESSION",
] as const

/** Every other code of SPEC §8, plus the client-side UNHANDLED_ERROR and UNEXPECTED_ERROR. */
export const APP_ERROR_CODES = [
  "UNHANDLED_ERROR",
  "UNEXPECTED_ERROR",
  "NETWORK_ERROR",
  "UNAUTHORIZED",
  "NOT_FOUND",
  "VALIDATION_ERROR",
  "DUPLICATE_ENTRY",
  "SERVER_ERROR",
  "TIMEOUT_ERROR",
  "BUSINESS_ERROR",
  "PATIENT_NOT_FOUND",
  "MANAGER_NOT_FOUND",
  "DOCTOR_NOT_FOUND",
  "DOCTOR_SELF_REVIEW_NOT_ALLOWED",
  "CANCELLATION_RESTRICTED",
  "PROVIDED_SERVICE_NOT_FOUND",
  "APPOINTMENT_NOT_FOUND",
  "USER_NOT_FOUND",
  "USER_SETTINGS_NOT_FOUND",
  "DOCTOR_SETTINGS_NOT_FOUND",
  "PATIENT_SETTINGS_NOT_FOUND",
  "INVALID_VISIBILITY_SETTING",
  "USER_ALREADY_EXISTS",
  "SPECIALITY_ALREADY_EXISTS",
  "ID_NULL",
  "INVALID_PAYLOAD",
  "INVALID_PARAMETER",
  "INVALID_PASSWORD",
  "ROLE_NOT_FOUND",
  "EMERGENCY_CONTACT_NOT_FOUND",
  "DUPLICATE_EMERGENCY_CONTACT_PHONE_NUMBER",
  "ROLE_NOT_MATCH",
  "INVALID_KEY",
  "BAD_CREDENTIALS",
  "ACCOUNT_NOT_ACTIVATED",
  "SPECIALITY_NOT_FOUND",
  "FORBIDDEN_ACTION",
  "SPECIALTY_IN_USE",
  "ROLE_IN_USE",
  "REVIEW_NOT_FOUND",
  "REACTION_NOT_FOUND",
  "DUPLICATE_REACTION",
  "DUPLICATE_HEALTHCARE_FACILITY_PROFESSIONAL",
  "HEALTHCARE_FACILITY_NOT_FOUND",
  "HEALTHCARE_FACILITY_IN_USE",
  "TIME_SLOT_NOT_FOUND",
  "TIME_SLOT_ALREADY_BOOKED",
  "AVAILABILITY_NOT_FOUND",
  "AVAILABILITY_ALREADY_EXISTS",
  "TIMESLOT_NOT_FOUND",
  "MISSING_APPOINTMENT_WITH_DOCTOR",
  "MISSING_HEALTHCARE_FACILITY_MANAGER",
  "USER_LOCATION_MISMATCH",
  "MAX_LOCATION_LIMIT_REACHED",
] as const

export const ERROR_CODES = [...SESSION_ERROR_CODES, ...APP_ERROR_CODES] as const
export type ErrorCode = (typeof ERROR_CODES)[number]
export type SessionErrorCode = (typeof SESSION_ERROR_CODES)[number]

const sessionCodes: ReadonlySet<string> = new Set(SESSION_ERROR_CODES)
export const isSessionErrorCode = (code: string): code is SessionErrorCode => sessionCodes.has(code)

const allCodes: ReadonlySet<unknown> = new Set(ERROR_CODES)
export const isErrorCode = (code: unknown): code is ErrorCode => allCodes.has(code)
