import { assign, fromPromise, setup } from "xstate"
import type { ApiErrorBody } from "../schemas/errors.ts"
import type { AppointmentId, PaymentId } from "../schemas/ids.ts"
import type { Payment } from "../schemas/payments.ts"
import { isBrieflyUnavailable } from "../src/api/requestError.ts"
import { errorBodyOf } from "./shared/rejections.ts"

/** How often a payment still PENDING is read again: the provider's webhook usually lands within seconds. */
export const PAYMENT_POLL_MS = 2000

/** Reads of a PENDING payment before the page says it waits for the operator (about 30 s). */
export const PENDING_PATIENCE = 15

export interface PaymentReturnInput {
  readonly paymentId: PaymentId
  /** Reads before saying the operator has not confirmed yet; PENDING_PATIENCE unless a test shortens it. */
  readonly patience?: number
}

export interface PaymentReturnContext {
  readonly paymentId: PaymentId
  readonly patience: number
  /** The payment as last read. */
  payment: Payment | null
  /** Reads that found it still PENDING since the page opened or the user retried. */
  pendingReads: number
}

export type PaymentReturnEvent = { type: "payment.retry" }

/**
 * The page the provider sends the browser back to after paying a deposit (issue 40):
 * GET /payments/{id} until the payment is final. PAID makes the appointment (the webhook did, in
 * one transaction with the payment): the patient is told and goes to it. FAILED and EXPIRED made
 * none and freed the slot. Still PENDING after a while: the operator has not confirmed yet (retry).
 */
export const paymentReturnMachine = setup({
  types: {
    context: {} as PaymentReturnContext,
    events: {} as PaymentReturnEvent,
    input: {} as PaymentReturnInput,
  },
  actors: {
    readPayment: fromPromise<Payment, { paymentId: PaymentId }>(async () => {
      throw new Error("readPayment not provided")
    }),
  },
  actions: {
    /** A read that found the payment still PENDING. */
    keepPending: assign({
      payment: (_, params: { payment: Payment }) => params.payment,
      pendingReads: ({ context }) => context.pendingReads + 1,
    }),
    /** Says the deposit is paid and opens the appointment it made (/appointments/{id}); provided by the app. */
    openAppointment: (_, _params: { appointmentId: AppointmentId }) => {},
  },
  guards: {
    /** Paid, and perhaps since refunded or kept: the appointment exists. */
    paid: (_, params: { payment: Payment }) => params.payment.appointmentId !== null && ["PAID", "REFUNDED", "KEPT"].includes(params.payment.status),
    refused: (_, params: { payment: Payment }) => params.payment.status === "FAILED",
    expired: (_, params: { payment: Payment }) => params.payment.status === "EXPIRED",
    /** This PENDING read is not yet the last one the page waits for. */
    patienceLeft: ({ context }) => context.pendingReads + 1 < context.patience,
    unavailable: (_, params: { error: ApiErrorBody }) => isBrieflyUnavailable(params.error),
    missing: (_, params: { error: ApiErrorBody }) => params.error.code === "NOT_FOUND" || params.error.code === "FORBIDDEN_ACTION",
  },
  delays: {
    pollDelay: PAYMENT_POLL_MS,
  },
}).createMachine({
  id: "paymentReturn",
  context: ({ input }) => ({ paymentId: input.paymentId, patience: input.patience ?? PENDING_PATIENCE, payment: null, pendingReads: 0 }),
  initial: "reading",
  states: {
    reading: {
      invoke: {
        id: "readPayment",
        src: "readPayment",
        input: ({ context }) => ({ paymentId: context.paymentId }),
        onDone: [
          {
            guard: { type: "paid", params: ({ event }) => ({ payment: event.output }) },
            target: "paid",
            actions: assign({ payment: ({ event }) => event.output }),
          },
          {
            guard: { type: "refused", params: ({ event }) => ({ payment: event.output }) },
            target: "refused",
            actions: assign({ payment: ({ event }) => event.output }),
          },
          {
            guard: { type: "expired", params: ({ event }) => ({ payment: event.output }) },
            target: "expired",
            actions: assign({ payment: ({ event }) => event.output }),
          },
          // Still PENDING: read again in a moment, or after a while say the operator has not confirmed.
          { guard: "patienceLeft", target: "waiting", actions: { type: "keepPending", params: ({ event }) => ({ payment: event.output }) } },
          { target: "stillPending", actions: { type: "keepPending", params: ({ event }) => ({ payment: event.output }) } },
        ],
        onError: [
          { guard: { type: "unavailable", params: ({ event }) => ({ error: errorBodyOf(event.error) }) }, target: "unavailable" },
          { guard: { type: "missing", params: ({ event }) => ({ error: errorBodyOf(event.error) }) }, target: "missing" },
          { target: "failed" },
        ],
      },
    },
    /** The operator has not confirmed after a while: said, with Retry (the confirmation may still come). */
    stillPending: {
      on: { "payment.retry": { target: "reading", actions: assign({ pendingReads: 0 }) } },
    },
    /** Waiting a moment before reading it again. */
    waiting: {
      after: { pollDelay: "reading" },
    },
    paid: {
      type: "final",
      entry: { type: "openAppointment", params: ({ context }) => ({ appointmentId: context.payment!.appointmentId! }) },
    },
    /** The patient refused, or the operator did: no appointment, the slot is free again. */
    refused: { type: "final" },
    /** The 15 minutes ran out before the payment was approved: no appointment, the slot is free again. */
    expired: { type: "final" },
    /** No such payment for this user. */
    missing: { type: "final" },
    /** Promed is briefly unavailable (503): try again in a moment. */
    unavailable: { on: { "payment.retry": "reading" } },
    /** No answer, or another failure: try again. */
    failed: { on: { "payment.retry": "reading" } },
  },
})
