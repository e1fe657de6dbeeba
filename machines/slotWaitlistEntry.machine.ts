import { fromPromise, setup } from "xstate"
import type { ApiErrorBody } from "../schemas/errors.ts"
import type { SlotOffer } from "../schemas/slotWaitlist.ts"
import { errorBodyOf } from "./shared/rejections.ts"

export interface SlotWaitlistEntryInput {
  readonly entryId: string
}

export type SlotWaitlistEntryEvent =
  | { type: "waitlist.take"; offer: SlotOffer }
  | { type: "waitlist.decline"; offer: SlotOffer }
  | { type: "waitlist.leave" }
  | { type: "waitlist.stay" }
  | { type: "waitlist.confirmLeave" }

/**
 * One entry of "My waitlists" (issue 14): Take opens the offered slot (the wizard, or the
 * appointment's reschedule page), Decline passes it on, Leave asks first. One action at a time;
 * a failure is said (a toast) and the list refreshed, a failed Leave keeps its confirmation open.
 */
export const slotWaitlistEntryMachine = setup({
  types: {
    context: {} as SlotWaitlistEntryInput,
    events: {} as SlotWaitlistEntryEvent,
    input: {} as SlotWaitlistEntryInput,
  },
  actors: {
    takeOffer: fromPromise<unknown, { offer: SlotOffer }>(async () => {
      throw new Error("takeOffer not provided")
    }),
    declineOffer: fromPromise<unknown, { offer: SlotOffer }>(async () => {
      throw new Error("declineOffer not provided")
    }),
    leaveWaitlist: fromPromise<unknown, { entryId: string }>(async () => {
      throw new Error("leaveWaitlist not provided")
    }),
  },
  actions: {
    /** Says the offer went to the next in line and refreshes the list; provided by the app. */
    onDeclined: () => {},
    /** Says the patient left and refreshes the list; provided by the app. */
    onLeft: () => {},
    /** Says the action failed and refreshes the list (the entry or its offer may have changed); provided by the app. */
    onFailed: (_, _params: { error: ApiErrorBody }) => {},
  },
}).createMachine({
  id: "slotWaitlistEntry",
  context: ({ input }) => ({ ...input }),
  initial: "idle",
  states: {
    idle: {
      on: {
        "waitlist.take": "taking",
        "waitlist.decline": "declining",
        "waitlist.leave": "confirmingLeave",
      },
    },
    taking: {
      invoke: {
        id: "takeOffer",
        src: "takeOffer",
        input: ({ event }) => ({ offer: (event as Extract<SlotWaitlistEntryEvent, { type: "waitlist.take" }>).offer }),
        onDone: "idle",
        onError: { target: "idle", actions: { type: "onFailed", params: ({ event }) => ({ error: errorBodyOf(event.error) }) } },
      },
    },
    declining: {
      invoke: {
        id: "declineOffer",
        src: "declineOffer",
        input: ({ event }) => ({ offer: (event as Extract<SlotWaitlistEntryEvent, { type: "waitlist.decline" }>).offer }),
        onDone: { target: "idle", actions: "onDeclined" },
        onError: { target: "idle", actions: { type: "onFailed", params: ({ event }) => ({ error: errorBodyOf(event.error) }) } },
      },
    },
    confirmingLeave: {
      on: {
        "waitlist.stay": "idle",
        "waitlist.confirmLeave": "leaving",
      },
    },
    leaving: {
      invoke: {
        id: "leaveWaitlist",
        src: "leaveWaitlist",
        input: ({ context }) => ({ entryId: context.entryId }),
        onDone: { target: "left", actions: "onLeft" },
        onError: { target: "confirmingLeave", actions: { type: "onFailed", params: ({ event }) => ({ error: errorBodyOf(event.error) }) } },
      },
    },
    left: { type: "final" },
  },
})
