import type { AnyEventObject } from "xstate"
import type { WaitingEntry } from "./slotOffer.machine.ts"

/**
 * A freed slot's offers as issue 14 describes them, written apart from `slotOffer.machine.ts`: the
 * first in line is offered the slot, held 15 minutes; accepting books it; declining or the time
 * running out passes it to the next in line; with no one left the slot is open to all.
 */

export interface SlotOfferView {
  /** The entry that holds the offer now (the slot held for its patient), or null. */
  readonly heldFor: string | null
  /** Every entry offered the slot so far, in order. */
  readonly offeredTo: ReadonlyArray<string>
  /** The entry whose patient booked it, once booked. */
  readonly bookedBy: string | null
  /** Anyone may book the slot: no offer runs and it is not booked. */
  readonly openToAll: boolean
}

/** The expected view for a slot freed while `line` waits, and how each event changes it. */
export function slotOfferOracle(line: ReadonlyArray<WaitingEntry>) {
  const waiting = [...line]
  const passOn = (view: SlotOfferView): SlotOfferView => {
    const next = waiting.shift()
    return next
      ? { ...view, heldFor: next.entryId, offeredTo: [...view.offeredTo, next.entryId], openToAll: false }
      : { ...view, heldFor: null, openToAll: true }
  }
  return {
    initial: passOn({ heldFor: null, offeredTo: [], bookedBy: null, openToAll: false }),
    after(view: SlotOfferView, event: AnyEventObject): SlotOfferView {
      // Nothing changes once booked, or once open to all: no offer runs to answer.
      if (view.heldFor === null) return view
      switch (event.type) {
        case "offer.accept":
          return { ...view, heldFor: null, bookedBy: view.heldFor, openToAll: false }
        case "offer.decline":
        case "offer.expire":
        // The 15 minutes ran out (the delayed event, on the clock).
        case "xstate.after.offerTime.slotOffer.offered":
          return passOn(view)
        default:
          return view
      }
    },
  }
}
