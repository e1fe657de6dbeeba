import type { AnyEventObject } from "xstate"
import { enabledWhen } from "./testing/enabled.ts"
import { SPEC_SESSION_CODES } from "./testing/specSessionCodes.ts"

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
  /** What the user can do: an error can always come; Close (or Escape) only while the modal shows. */
  readonly enabled: ReadonlyArray<string>
}

const enabled = (open: boolean) => enabledWhen({ "errorModal.show": true, "errorModal.close": open })

export const errorModalOracle = {
  initial: { open: false, shown: null, sessionEnded: [], enabled: enabled(false) } as ErrorModalView,

  after(view: ErrorModalView, event: AnyEventObject): ErrorModalView {
    if (event.type === "errorModal.close") return { ...view, open: false, shown: null, enabled: enabled(false) }
    if (event.type !== "errorModal.show") return view
    const error = event.error as { code: string }
    // The user signs in again instead; whatever the modal showed goes with the session.
    if (SPEC_SESSION_CODES.has(error.code)) return { open: false, shown: null, sessionEnded: [...view.sessionEnded, error.code], enabled: enabled(false) }
    // SPEC is silent on a second error while one shows: there is one modal, it shows the latest.
    return { ...view, open: true, shown: error, enabled: enabled(true) }
  },
}
