import type { AnyEventObject } from "xstate"
import type { AppointmentId } from "../schemas/ids.ts"
import { failureCode } from "./testing/specOracle.ts"

/**
 * Marking a patient absent as issue 40 describes it: from a past appointment's detail the doctor
 * asks, confirms in a dialog (or keeps the appointment as it was), and PUT
 * /appointments/{id}/no-show is sent; once it answers the detail says "Patient absent"; a failure
 * stays in the dialog with a retry. Written apart from `noShowMark.machine.ts`.
 */

export type NoShowScreen = "detail" | "confirm" | "sending" | "failed" | "absent"

export interface NoShowView {
  readonly screen: NoShowScreen
  /** The no-show calls, in order, by appointment. */
  readonly requests: ReadonlyArray<AppointmentId>
  /** The failure shown in the dialog, by code. */
  readonly failure: string | null
  readonly effects: ReadonlyArray<string>
}

export function noShowMarkOracle(appointmentId: AppointmentId) {
  const initial: NoShowView = { screen: "detail", requests: [], failure: null, effects: [] }
  const send = (view: NoShowView): NoShowView => ({ ...view, screen: "sending", failure: null, requests: [...view.requests, appointmentId] })

  function after(view: NoShowView, event: AnyEventObject): NoShowView {
    const { screen } = view
    switch (event.type) {
      case "noShow.request":
        // Nothing is sent before the doctor confirms: marking cannot be undone.
        return screen === "detail" ? { ...view, screen: "confirm" } : view
      case "noShow.confirm":
        // The dialog's confirm, or its retry after a failure.
        return screen === "confirm" || screen === "failed" ? send(view) : view
      case "noShow.dismiss":
        return screen === "confirm" || screen === "failed" ? { ...view, screen: "detail", failure: null } : view
      case "xstate.done.actor.markNoShow": {
        if (screen !== "sending") return view
        const noShow = (event.output as { noShow?: boolean } | undefined)?.noShow
        return { ...view, screen: "absent", effects: [...view.effects, `marked:${noShow}`] }
      }
      case "xstate.error.actor.markNoShow": {
        if (screen !== "sending") return view
        const code = failureCode(event, "UNHANDLED_ERROR")
        return { ...view, screen: "failed", failure: code, effects: [...view.effects, `log:${code}`] }
      }
      default:
        return view
    }
  }

  return { initial, after }
}
