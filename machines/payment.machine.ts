import { assign, setup, type SnapshotFrom } from "xstate"
import { PAYMENT_LIFE_MINUTES } from "../schemas/limits.ts"
import type { PaymentStatus } from "../schemas/payments.ts"

/** Why a deposit went back to the patient: the appointment was cancelled, or the slot was gone when the money came. */
export type RefundReason = "CANCELLED" | "SLOT_GONE"

export interface PaymentContext {
  /** Set once refunded. */
  readonly refundReason: RefundReason | null
}

/**
 * What happens to a payment. `payment.succeed` says whether the slot is still the payer's to book:
 * held for them, or free and held by no one (the gateway looks, in the transaction, before it sends).
 */
export type PaymentEvent =
  { type: "payment.succeed"; slotFree: boolean } | { type: "payment.fail" } | { type: "payment.expire" } | { type: "payment.refund" } | { type: "payment.keep" }

/** The statuses of schemas/payments.ts, one state each. */
const STATE_OF = {
  PENDING: "pending",
  PAID: "paid",
  FAILED: "failed",
  EXPIRED: "expired",
  REFUNDED: "refunded",
  KEPT: "kept",
} as const satisfies Record<PaymentStatus, string>

const machineSetup = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
  },
  delays: { paymentLife: PAYMENT_LIFE_MINUTES * 60_000 },
  guards: {
    slotFree: ({ event }) => event.type === "payment.succeed" && event.slotFree,
  },
  actions: {
    // Effects: the gateway carries them out (server/payments/ledger.ts); a live actor is given them.
    bookAppointment: () => undefined,
    releaseSlot: () => undefined,
    refundMoney: () => undefined,
    refundBecauseCancelled: assign({ refundReason: "CANCELLED" }),
    refundBecauseSlotGone: assign({ refundReason: "SLOT_GONE" }),
  },
})

/** Money came: the slot is booked if it is still the payer's, else the money goes back at once. */
const success = [
  { guard: "slotFree", target: "paid", actions: "bookAppointment" },
  { target: "refunded", actions: ["refundBecauseSlotGone", "refundMoney"] },
] as const

/**
 * A deposit's life (issue 40): PENDING while the patient pays, the slot held for them; PAID books
 * the appointment; FAILED or EXPIRED releases the slot (the freed-slot waitlist runs). A PAID
 * deposit is REFUNDED when the appointment is cancelled in time (or by the doctor), KEPT when the
 * patient is marked absent.
 *
 * Providers' notices come twice, late and out of order: what a state does not name changes nothing
 * (a failure after the success, a second success, an expiry after the payment). One late notice
 * does change things: money that arrives after FAILED or EXPIRED (the patient approved on the phone
 * as the page gave up) books the slot if it is still free for the payer, and is refunded at once
 * otherwise, as a patient would expect; a success that finds the slot taken while still PENDING is
 * refunded the same way.
 *
 * The gateway runs it as a pure function (`transition`, server/payments/ledger.ts): the payment
 * lives in the database, and the named actions the transition returns are the effects it carries
 * out in the same transaction (book, release the slot, refund through the provider). In a live
 * actor (and in its tests, on a simulated clock) the `after` delay expires the payment by itself.
 */
export const paymentMachine = machineSetup.createMachine({
  id: "payment",
  context: { refundReason: null },
  initial: "pending",
  states: {
    pending: {
      after: { paymentLife: { target: "expired", actions: "releaseSlot" } },
      on: {
        "payment.succeed": success,
        "payment.fail": { target: "failed", actions: "releaseSlot" },
        "payment.expire": { target: "expired", actions: "releaseSlot" },
      },
    },
    paid: {
      on: {
        "payment.refund": { target: "refunded", actions: ["refundBecauseCancelled", "refundMoney"] },
        "payment.keep": "kept",
      },
    },
    failed: { on: { "payment.succeed": success } },
    expired: { on: { "payment.succeed": success } },
    refunded: { type: "final" },
    kept: { type: "final" },
  },
})

export type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>

/** The machine's state for a payment's stored status. */
export const paymentSnapshotOf = (status: PaymentStatus, refundReason: RefundReason | null = null): PaymentSnapshot =>
  paymentMachine.resolveState({ value: STATE_OF[status], context: { refundReason } })

/** The stored status of a machine state. */
export function statusOf(snapshot: PaymentSnapshot): PaymentStatus {
  const found = (Object.keys(STATE_OF) as PaymentStatus[]).find((status) => snapshot.matches(STATE_OF[status]))
  if (!found) throw new Error(`payment machine in no known state: ${JSON.stringify(snapshot.value)}`)
  return found
}

const EFFECTS = ["bookAppointment", "releaseSlot", "refundMoney"] as const
/** The effects a transition asks the gateway for. */
export type PaymentEffect = (typeof EFFECTS)[number]

/** The effects among the actions `transition` returned, in order. */
export const effectsOf = (actions: ReadonlyArray<{ readonly type: string }>): PaymentEffect[] =>
  actions.map((a) => a.type).filter((type): type is PaymentEffect => (EFFECTS as ReadonlyArray<string>).includes(type))
