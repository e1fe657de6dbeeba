import type { AnyEventObject } from "xstate"
import { failureCode } from "./testing/specOracle.ts"

/**
 * The page a patient comes back to from the provider's checkout (issue 40), written apart from
 * `paymentReturn.machine.ts`. The issue: on success the appointment is made CONFIRMED with the
 * payment PAID and the browser goes to it; on failure or expiry (FAILED, EXPIRED) there is no
 * appointment and the slot is free again; a payment still PENDING waits for the provider's word;
 * issue 37: a 503 is Promed briefly unavailable, to be tried again.
 */

export type PaymentReturnScreen =
  /** Reading the payment, or waiting to read it again: "checking your payment". */
  | "checking"
  /** "Deposit paid": on the way to the appointment. */
  | "paid"
  /** "Payment refused": no appointment, the slot free again, back to the doctor to choose again. */
  | "refused"
  /** The time to pay ran out: no appointment. */
  | "expired"
  /** Still PENDING after a while: waiting for the operator's confirmation, with Retry. */
  | "waitingOperator"
  /** 503: Promed briefly unavailable, with Retry. */
  | "unavailable"
  /** No answer or another failure, with Retry. */
  | "failed"
  /** No such payment for this patient. */
  | "missing"

export interface PaymentReturnView {
  readonly screen: PaymentReturnScreen
  /** GET /payments/{id} calls made, in order (the payment's id each time). */
  readonly reads: ReadonlyArray<string>
  /** Effects the app was asked for: the appointment opened (`open:<appointmentId>`). */
  readonly effects: ReadonlyArray<string>
}

export interface PaymentReturnSetting {
  readonly paymentId: string
  /** PENDING reads before the page stops waiting on its own ("after a while"). */
  readonly patience: number
}

interface PaymentSeen {
  readonly status: string
  readonly appointmentId: string | null
}

export function paymentReturnOracle(setting: PaymentReturnSetting) {
  // The page opens reading the payment the provider sent the browser back with.
  const read = (view: PaymentReturnView): PaymentReturnView => ({ ...view, screen: "checking", reads: [...view.reads, setting.paymentId] })
  const initial = read({ screen: "checking", reads: [], effects: [] })
  /** PENDING reads since the page opened or Retry was pressed. */
  let pendingReads = 0
  /** A read is on its way (otherwise the page is waiting to read again). */
  let reading = true

  function after(view: PaymentReturnView, event: AnyEventObject): PaymentReturnView {
    switch (event.type) {
      case "xstate.done.actor.readPayment": {
        if (view.screen !== "checking" || !reading) return view
        reading = false
        const payment = event.output as PaymentSeen
        // Paid (and perhaps refunded or kept since): the appointment exists; the patient goes to it.
        if (["PAID", "REFUNDED", "KEPT"].includes(payment.status) && payment.appointmentId !== null)
          return { ...view, screen: "paid", effects: [...view.effects, `open:${payment.appointmentId}`] }
        if (payment.status === "FAILED") return { ...view, screen: "refused" }
        if (payment.status === "EXPIRED") return { ...view, screen: "expired" }
        pendingReads += 1
        return pendingReads >= setting.patience ? { ...view, screen: "waitingOperator" } : view
      }
      case "xstate.after.pollDelay.paymentReturn.waiting":
        if (view.screen !== "checking" || reading) return view
        reading = true
        return read(view)
      case "xstate.error.actor.readPayment": {
        if (view.screen !== "checking" || !reading) return view
        reading = false
        const error = (event.error ?? {}) as { status?: unknown }
        const code = failureCode(event, "UNHANDLED_ERROR")
        if (code === "SERVER_ERROR" && error.status === 503) return { ...view, screen: "unavailable" }
        if (code === "NOT_FOUND" || code === "FORBIDDEN_ACTION") return { ...view, screen: "missing" }
        return { ...view, screen: "failed" }
      }
      case "payment.retry":
        if (!["waitingOperator", "unavailable", "failed"].includes(view.screen)) return view
        // Retry reads it again, and waits as long again for a PENDING one.
        pendingReads = 0
        reading = true
        return read(view)
      default:
        return view
    }
  }

  return { initial, after }
}
