import type { ContentfulStatusCode } from "hono/utils/http-status"
import type { ErrorCode, FieldError } from "../../schemas/errors.ts"

/** An error the gateway answers as `{ code, message, fields? }` with a fitting status. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string = defaultMessage(code),
    readonly fields?: ReadonlyArray<FieldError>,
    readonly status: ContentfulStatusCode = statusOf(code),
  ) {
    super(message)
    this.name = "ApiError"
  }
}

const STATUS: Partial<Record<ErrorCode, ContentfulStatusCode>> = {
  NOT_FOUND: 404,
  VALIDATION_ERROR: 400,
  INVALID_PAYLOAD: 400,
  INVALID_PARAMETER: 400,
  ID_NULL: 400,
  INVALID_PASSWORD: 400,
  INVALID_VISIBILITY_SETTING: 400,
  UNAUTHORIZED: 401,
  BAD_CREDENTIALS: 401,
  ACCOUNT_NOT_ACTIVATED: 403,
  FORBIDDEN_ACTION: 403,
  ROLE_NOT_MATCH: 403,
  DOCTOR_SELF_REVIEW_NOT_ALLOWED: 403,
  MISSING_APPOINTMENT_WITH_DOCTOR: 403,
  USER_LOCATION_MISMATCH: 403,
  DUPLICATE_ENTRY: 409,
  USER_ALREADY_EXISTS: 409,
  SPECIALITY_ALREADY_EXISTS: 409,
  DUPLICATE_EMERGENCY_CONTACT_PHONE_NUMBER: 409,
  DUPLICATE_REACTION: 409,
  DUPLICATE_HEALTHCARE_FACILITY_PROFESSIONAL: 409,
  TIME_SLOT_ALREADY_BOOKED: 409,
  AVAILABILITY_ALREADY_EXISTS: 409,
  SPECIALTY_IN_USE: 409,
  ROLE_IN_USE: 409,
  HEALTHCARE_FACILITY_IN_USE: 409,
  CANCELLATION_RESTRICTED: 422,
  // An Idempotency-Key already used for another request (server/http/idempotency.ts).
  INVALID_KEY: 422,
  BUSINESS_ERROR: 422,
  MAX_LOCATION_LIMIT_REACHED: 422,
  MISSING_HEALTHCARE_FACILITY_MANAGER: 422,
  TIMEOUT_ERROR: 504,
  SERVER_ERROR: 500,
  UNEXPECTED_ERROR: 500,
}

export function statusOf(code: ErrorCode): ContentfulStatusCode {
  const explicit = STATUS[code]
  if (explicit) return explicit
  if (code.endsWith("_NOT_FOUND")) return code.includes("TOKEN") || code === "SESSION_NOT_FOUND" ? 401 : 404
  if (code.includes("TOKEN") || code.includes("SESSION") || code.includes("JWT")) return 401
  return 400
}

function defaultMessage(code: ErrorCode): string {
  return code
    .toLowerCase()
    .replace(/_/g, " ")
    .replace(/^./, (c) => c.toUpperCase())
}

export const notFound = (code: ErrorCode = "NOT_FOUND") => new ApiError(code)
export const forbidden = (message = "This action is not allowed") => new ApiError("FORBIDDEN_ACTION", message)
export const validationError = (fields: ReadonlyArray<FieldError>, message = "The request is not valid") => new ApiError("VALIDATION_ERROR", message, fields)
