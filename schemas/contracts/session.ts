import { endpoint } from "../contract.ts"
import { ChangePasswordRequest, OkResponse, SessionResponse, ValidateSessionResponse } from "../session.ts"

/*
 * The session (SPEC §2, §7): checking a token, the signed-in user, signing out, a new password.
 * Handlers: server/routes/session.ts; client: src/api/session.ts. Signing in is the login site's
 * (/auth, server/auth/), outside /api/v1.
 */

/** Whether the bearer token is still a session; a POST that only reads. */
export const validateSession = endpoint({ method: "POST", path: "/validate-session", response: ValidateSessionResponse, access: "signedIn" })

/** The signed-in user with the record of their role and their appointments. */
export const getSession = endpoint({
  method: "GET",
  path: "/session",
  response: SessionResponse,
  access: "signedIn",
  errors: ["USER_NOT_FOUND", "PATIENT_NOT_FOUND", "DOCTOR_NOT_FOUND"],
})

/** Ends the session of the bearer token. */
export const logout = endpoint({ method: "GET", path: "/logout", response: OkResponse, access: "signedIn" })

/** A new password, for patients and doctors only (SPEC §2, §6); every session of the user ends and the calendar feed is revoked (issue 38). Repeated failures: UNAUTHORIZED (429). */
export const changePassword = endpoint({
  method: "POST",
  path: "/account/change-password",
  body: ChangePasswordRequest,
  response: OkResponse,
  access: ["PATIENT", "DOCTOR"],
  errors: ["INVALID_PASSWORD", "UNAUTHORIZED", "USER_NOT_FOUND"],
})
