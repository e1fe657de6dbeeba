import type { AnyEventObject } from "xstate"
import { failureCode } from "./testing/specOracle.ts"

/**
 * One entry of "My waitlists" as issue 14 describes it, written apart from
 * `slotWaitlistEntry.machine.ts`: a live offer can be taken (the slot opens for booking, or the
 * appointment's move) or declined (it passes to the next in line, the entry keeps waiting); Leave
 * asks "Quitter la liste d'attente ?" with Leave and Stay, and leaving ends the entry. While an
 * action runs the card's buttons wait for it; a failure is told and the list read again, and a
 * failed Leave leaves its question open for another try.
 */

export interface EntryView {
  /** The action under way, its button showing it. */
  readonly busy: "take" | "decline" | "leave" | null
  /** The leave question is open. */
  readonly asking: boolean
  /** The entry is gone from the list. */
  readonly left: boolean
  /** What was asked of the gateway (or the app), in order. */
  readonly calls: ReadonlyArray<string>
  /** What the user was told, in order. */
  readonly effects: ReadonlyArray<string>
}

export function slotWaitlistEntryOracle(setting: { readonly entryId: string }) {
  const initial: EntryView = { busy: null, asking: false, left: false, calls: [], effects: [] }
  const idle = (view: EntryView) => view.busy === null && !view.asking && !view.left

  function after(view: EntryView, event: AnyEventObject): EntryView {
    switch (event.type) {
      case "waitlist.take":
        return idle(view) ? { ...view, busy: "take", calls: [...view.calls, `take:${(event.offer as { id: string }).id}`] } : view
      case "waitlist.decline":
        return idle(view) ? { ...view, busy: "decline", calls: [...view.calls, `decline:${(event.offer as { id: string }).id}`] } : view
      case "waitlist.leave":
        return idle(view) ? { ...view, asking: true } : view
      case "waitlist.stay":
        return view.asking && view.busy === null ? { ...view, asking: false } : view
      case "waitlist.confirmLeave":
        return view.asking && view.busy === null ? { ...view, busy: "leave", calls: [...view.calls, `leave:${setting.entryId}`] } : view
      case "xstate.done.actor.takeOffer":
        // The slot opened elsewhere (the wizard or the reschedule page): nothing more to say here.
        return view.busy === "take" ? { ...view, busy: null } : view
      case "xstate.done.actor.declineOffer":
        return view.busy === "decline" ? { ...view, busy: null, effects: [...view.effects, "declined"] } : view
      case "xstate.done.actor.leaveWaitlist":
        return view.busy === "leave" ? { ...view, busy: null, asking: false, left: true, effects: [...view.effects, "left"] } : view
      case "xstate.error.actor.takeOffer":
      case "xstate.error.actor.declineOffer":
      case "xstate.error.actor.leaveWaitlist": {
        const kind = event.type.slice("xstate.error.actor.".length)
        const expected = { takeOffer: "take", declineOffer: "decline", leaveWaitlist: "leave" }[kind]
        if (view.busy !== expected) return view
        return { ...view, busy: null, effects: [...view.effects, `failed:${failureCode(event, "UNHANDLED_ERROR")}`] }
      }
      default:
        return view
    }
  }

  return { initial, after }
}
