import type { AnyEventObject } from "xstate"
import type { PaymentStatus } from "../schemas/payments.ts"
import { enabledWhen } from "./testing/enabled.ts"

/**
 * A deposit's life as issue 40 describes it, written apart from `payment.machine.ts`: PENDING while
 * the patient pays; PAID makes the appointment; FAILED or EXPIRED (15 minutes) makes none and ends
 * the slot's hold; a PAID deposit is REFUNDED on a timely cancel, KEPT on a no-show. Notices that
 * come twice, late or out of order change nothing, except money that comes after FAILED or EXPIRED
 * (or finds the slot taken): it books the slot if the slot is still free for the payer, and is
 * refunded at once otherwise.
 */

export interface PaymentView {
  readonly status: PaymentStatus
  /** Appointments made from the payment (never more than one). */
  readonly bookings: number
  /** Times the slot's hold was ended for others. */
  readonly releases: number
  /** Refunds asked of the provider (never more than one). */
  readonly refunds: number
  readonly refundReason: "CANCELLED" | "SLOT_GONE" | null
  /** The notices and decisions still awaited. */
  readonly enabled: ReadonlyArray<string>
  /** Nothing can change the payment any more. */
  readonly finished: boolean
}

const AFTER_LIFE = "xstate.after.paymentLife.payment.pending"

function settled(view: Omit<PaymentView, "enabled" | "finished">): PaymentView {
  const pending = view.status === "PENDING"
  const unpaid = view.status === "FAILED" || view.status === "EXPIRED"
  return {
    ...view,
    enabled: enabledWhen({
      "payment.succeed": pending || unpaid,
      "payment.fail": pending,
      "payment.expire": pending,
      [AFTER_LIFE]: pending,
      "payment.refund": view.status === "PAID",
      "payment.keep": view.status === "PAID",
    }),
    finished: view.status === "REFUNDED" || view.status === "KEPT",
  }
}

/** The expected view of a new payment, and how each event changes it. */
export function paymentOracle() {
  return {
    initial: settled({ status: "PENDING", bookings: 0, releases: 0, refunds: 0, refundReason: null }),
    after(view: PaymentView, event: AnyEventObject): PaymentView {
      const { status } = view
      switch (event.type) {
        case "payment.succeed": {
          if (status !== "PENDING" && status !== "FAILED" && status !== "EXPIRED") return view
          const slotFree = (event as { slotFree?: boolean }).slotFree === true
          return slotFree
            ? settled({ ...view, status: "PAID", bookings: view.bookings + 1 })
            : settled({ ...view, status: "REFUNDED", refunds: view.refunds + 1, refundReason: "SLOT_GONE" })
        }
        case "payment.fail":
          return status === "PENDING" ? settled({ ...view, status: "FAILED", releases: view.releases + 1 }) : view
        case "payment.expire":
        // The 15 minutes ran out (the delayed event, on the clock).
        case AFTER_LIFE:
          return status === "PENDING" ? settled({ ...view, status: "EXPIRED", releases: view.releases + 1 }) : view
        case "payment.refund":
          return status === "PAID" ? settled({ ...view, status: "REFUNDED", refunds: view.refunds + 1, refundReason: "CANCELLED" }) : view
        case "payment.keep":
          return status === "PAID" ? settled({ ...view, status: "KEPT" }) : view
        default:
          return view
      }
    },
  }
}
