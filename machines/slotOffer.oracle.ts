import type { AnyEventObject } from "xstate"
import type { WaitingEntry } from "./slotOffer.machine.ts"
import { enabledWhen } from "./testing/enabled.ts"

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
  /** The answers still awaited: accept, decline, the gateway's expiry job, the 15 minutes running out. */
  readonly enabled: ReadonlyArray<string>
  /** The slot's offers are over: booked through an offer, or open to all. */
  readonly finished: boolean
}

const OFFER_ANSWERS = ["offer.accept", "offer.decline", "offer.expire", "xstate.after.offerTime.slotOffer.offered"]

/** What follows from who holds the offer and whether it was booked. */
function settled(view: Omit<SlotOfferView, "enabled" | "finished">): SlotOfferView {
  const held = view.heldFor !== null
  return { ...view, enabled: enabledWhen(Object.fromEntries(OFFER_ANSWERS.map((type) => [type, held]))), finished: view.bookedBy !== null || view.openToAll }
}

/** The expected view for a slot freed while `line` waits, and how each event changes it. */
export function slotOfferOracle(line: ReadonlyArray<WaitingEntry>) {
  const waiting = [...line]
  const passOn = (view: SlotOfferView): SlotOfferView => {
    const next = waiting.shift()
    return settled(
      next ? { ...view, heldFor: next.entryId, offeredTo: [...view.offeredTo, next.entryId], openToAll: false } : { ...view, heldFor: null, openToAll: true },
    )
  }
  return {
    initial: passOn(settled({ heldFor: null, offeredTo: [], bookedBy: null, openToAll: false })),
    after(view: SlotOfferView, event: AnyEventObject): SlotOfferView {
      // Nothing changes once booked, or once open to all: no offer runs to answer.
      if (view.heldFor === null) return view
      switch (event.type) {
        case "offer.accept":
          return settled({ ...view, heldFor: null, bookedBy: view.heldFor, openToAll: false })
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
