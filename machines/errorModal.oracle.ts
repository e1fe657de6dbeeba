import type { AnyEventObject } from "xstate"

/**
 * The error modal as SPEC describes it (§4 error modal: opens on an API or generic error, closes
 * by Close or Escape; §8 session-type codes are never shown in the modal and ask the user to sign
 * in again; other codes show a title and description plus field errors), written apart from
 * `errorModal.machine.ts`.
 */

export interface ErrorModalView {
  readonly open: boolean
  /** The error the modal shows (code, message, field errors), or null when it is closed. */
  readonly shown: unknown
  /** Session codes that ended the session instead of opening the modal. */
  readonly sessionEnded: ReadonlyArray<string>
}

/** SPEC §8, the session-type codes, as listed there. */
const SESSION_CODES = new Set([
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
])

export const errorModalOracle = {
  initial: { open: false, shown: null, sessionEnded: [] } as ErrorModalView,

  after(view: ErrorModalView, event: AnyEventObject): ErrorModalView {
    if (event.type === "errorModal.close") return { ...view, open: false, shown: null }
    if (event.type !== "errorModal.show") return view
    const error = event.error as { code: string }
    // The user signs in again instead; whatever the modal showed goes with the session.
    if (SESSION_CODES.has(error.code)) return { open: false, shown: null, sessionEnded: [...view.sessionEnded, error.code] }
    // SPEC is silent on a second error while one shows: there is one modal, it shows the latest.
    return { ...view, open: true, shown: error }
  },
}
