import { assign, setup } from "xstate"
import type { PatientId } from "../schemas/ids.ts"
import { OFFER_MINUTES } from "../schemas/slotWaitlist.ts"

/** Someone waiting for the slot's doctor, whose range the slot fits, in line order. */
export interface WaitingEntry {
  readonly entryId: string
  readonly patientId: PatientId
}

export interface SlotOfferContext {
  /** Who still waits behind the current offer, first in line first. */
  readonly line: ReadonlyArray<WaitingEntry>
  /** Who holds the offer now. */
  readonly current: WaitingEntry | null
  /** Every entry the slot was offered to, in order. */
  readonly offeredTo: ReadonlyArray<string>
  /** The entry whose patient booked the slot through the offer. */
  readonly bookedBy: string | null
}

export type SlotOfferEvent = { type: "offer.accept" } | { type: "offer.decline" } | { type: "offer.expire" }

/**
 * The life of one freed slot's offers (issue 14): the slot is offered to the first in line and held
 * for them OFFER_MINUTES; accepting books it; declining, or letting the time run out, passes it to
 * the next in line; when no one is left the slot is open to everyone.
 *
 * The gateway runs it as a pure function (`transition`, server/waitlist/offers.ts): the offers live
 * in the database, the expiry is a job at the offer's end that sends `offer.expire`. In a live actor
 * (and in its tests, on a simulated clock) the `after` delay ends the offer by itself.
 */
export const slotOfferMachine = setup({
  types: {
    input: {} as { line: ReadonlyArray<WaitingEntry> },
    context: {} as SlotOfferContext,
    events: {} as SlotOfferEvent,
  },
  delays: { offerTime: OFFER_MINUTES * 60_000 },
  guards: {
    someoneWaits: ({ context }) => context.line.length > 0,
  },
  actions: {
    offerToFirstInLine: assign(({ context }) => ({
      current: context.line[0] ?? null,
      line: context.line.slice(1),
      offeredTo: context.line[0] ? [...context.offeredTo, context.line[0].entryId] : context.offeredTo,
    })),
    endOffer: assign({ current: null }),
    book: assign(({ context }) => ({ bookedBy: context.current?.entryId ?? null })),
  },
}).createMachine({
  id: "slotOffer",
  context: ({ input }) => ({ line: input.line, current: null, offeredTo: [], bookedBy: null }),
  initial: "passing",
  states: {
    /** Deciding who is next: the first in line, or no one. */
    passing: {
      always: [{ guard: "someoneWaits", target: "offered", actions: "offerToFirstInLine" }, { target: "open" }],
    },
    offered: {
      after: { offerTime: "expired" },
      on: {
        "offer.accept": { target: "accepted", actions: "book" },
        "offer.decline": "declined",
        "offer.expire": "expired",
      },
    },
    declined: { always: { target: "passing", actions: "endOffer" } },
    expired: { always: { target: "passing", actions: "endOffer" } },
    accepted: { type: "final" },
    /** No one left in line: the slot is free for anyone to book. */
    open: { type: "final" },
  },
})
