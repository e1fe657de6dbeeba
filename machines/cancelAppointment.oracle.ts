import type { AnyEventObject } from "xstate"
import { failureCode } from "./testing/specOracle.ts"
import type { AppointmentId } from "../schemas/ids.ts"
import { CHANGE_NOTICE_HOURS } from "../schemas/limits.ts"

/**
 * Cancelling an appointment as SPEC describes it (§4 appointment status: a confirmation with
 * 'Yes, Cancel' and 'No, Keep It', allowed only up to 24 hours before; §7 PUT
 * /appointments/cancel/{id}; §8 CANCELLATION_RESTRICTED, cancel failure logged only; issue 13: every
 * attempt carries one Idempotency-Key, the same for a retry), written apart
 * from `cancelAppointment.machine.ts`.
 */

export type CancelScreen = "detail" | "confirm" | "sending" | "policy" | "failed" | "canceled"

export interface CancelView {
  readonly screen: CancelScreen
  /** The cancel calls, in order: the appointment and the Idempotency-Key by name ("key1", …). */
  readonly requests: ReadonlyArray<unknown>
  /** The failure kept on screen for a retry, by code. */
  readonly failure: string | null
  readonly effects: ReadonlyArray<string>
}

export interface CancelSetting {
  readonly appointmentId: AppointmentId
  readonly appointmentTime: string
  /** The clock of the check, in epoch milliseconds. */
  readonly now: () => number
}

/** The notice SPEC names, pinned as its literal in schemas/validationRules.test.ts. */
const DAY_MS = CHANGE_NOTICE_HOURS * 60 * 60 * 1000

export function cancelAppointmentOracle(setting: CancelSetting) {
  // SPEC §1 FAQ and §4: cancel up to 24 hours before the consultation; exactly 24 h still may.
  const tooLate = () => Date.parse(setting.appointmentTime) - setting.now() < DAY_MS
  const send = (view: CancelView): CancelView => ({
    ...view,
    screen: "sending",
    failure: null,
    // Cancelling this appointment is always the same request: a retry reuses the first key.
    requests: [...view.requests, { appointmentId: setting.appointmentId, key: "key1" }],
  })

  const initial: CancelView = { screen: "detail", requests: [], failure: null, effects: [] }

  function after(view: CancelView, event: AnyEventObject): CancelView {
    const { screen } = view
    switch (event.type) {
      case "cancel.request":
        if (screen !== "detail") return view
        // Inside the notice the policy is explained instead of asking to confirm.
        return { ...view, screen: tooLate() ? "policy" : "confirm" }
      case "cancel.confirm":
        // 'Yes, Cancel' sends; on a failure it is the retry.
        return screen === "confirm" || screen === "failed" ? send(view) : view
      case "cancel.dismiss":
        // 'No, Keep It' (or closing the policy or failure) leaves the appointment as it was.
        return screen === "confirm" || screen === "policy" || screen === "failed" ? { ...view, screen: "detail", failure: null } : view
      case "xstate.done.actor.cancelAppointment": {
        if (screen !== "sending") return view
        // The app refreshes the list and session (and doctors go back to the list).
        const status = (event.output as { status?: string } | undefined)?.status
        return { ...view, screen: "canceled", effects: [...view.effects, `canceled:${status}`] }
      }
      case "xstate.error.actor.cancelAppointment": {
        if (screen !== "sending") return view
        const code = failureCode(event, "UNHANDLED_ERROR")
        // The gateway's own 24 h refusal reads like the local one.
        if (code === "CANCELLATION_RESTRICTED") return { ...view, screen: "policy" }
        // SPEC §8: a cancel failure is logged only.
        return { ...view, screen: "failed", failure: code, effects: [...view.effects, `log:${code}`] }
      }
      default:
        return view
    }
  }

  return { initial, after }
}
