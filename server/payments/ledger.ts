import { and, eq, sql } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import { transition } from "xstate"
import { effectsOf, paymentMachine, paymentSnapshotOf, statusOf, type PaymentEvent } from "../../machines/payment.machine.ts"
import type { AppointmentId, PaymentId } from "../../schemas/ids.ts"
import type { PaymentMethod } from "../../schemas/payments.ts"
import type { Db } from "../db/client.ts"
import { payments, paymentEvents, receiptNumbers, timeSlots } from "../db/schema.ts"
import { enqueue } from "../jobs/queue.ts"
import { offerSlotIn } from "../waitlist/offers.ts"

/*
 * Every change of a payment (issue 40) goes through here: the payment statechart
 * (machines/payment.machine.ts) run as a pure function from the stored status, one ledger row
 * (payment_events, append-only) per event, and the effects the transition names carried out in the
 * same transaction: the appointment booked, the slot released to the waitlist, a refund owed.
 */

export type PaymentRow = typeof payments.$inferSelect

/** Sends a payment's refund through its provider, and tells the patient. */
export const PAYMENT_REFUND_JOB = "payments.refund"
/** At a payment's end: a payment still PENDING is asked of its provider and settled. */
export const PAYMENT_RECONCILE_JOB = "payments.reconcile"

/** The payment, locked until the transaction ends: its events are applied one at a time. */
export async function lockPayment(tx: Db, id: PaymentId): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for("update")
  return row
}

export interface PaymentStep {
  readonly now: Temporal.Instant
  /** The provider's notice this event comes from: at most once in the ledger. */
  readonly providerEventId?: string
  /** How the patient paid, when the provider says. */
  readonly method?: PaymentMethod | null
  readonly detail?: Record<string, unknown>
  /** Books the payment's appointment (the `bookAppointment` effect); the webhook's booking code. */
  readonly book?: (tx: Db) => Promise<AppointmentId>
}

/** "PM-2026-000123": the year and the next number of the receipt sequence. */
async function nextReceiptNumber(tx: Db, now: Temporal.Instant): Promise<string> {
  const result = (await tx.execute<{ n: string | number }>(sql.raw(`SELECT nextval('${receiptNumbers.seqName}') AS n`))) as {
    rows: Array<{ n: string | number }>
  }
  const year = now.toZonedDateTimeISO("UTC").year
  return `PM-${year}-${String(result.rows[0]!.n).padStart(6, "0")}`
}

/** True when the provider's notice is in the ledger already: its second delivery changes nothing. */
export async function seenNotice(tx: Db, providerEventId: string): Promise<boolean> {
  const [row] = await tx.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.providerEventId, providerEventId)).limit(1)
  return Boolean(row)
}

/**
 * Applies one event to a locked payment: the statechart decides the next status and the effects,
 * which are carried out here, in the caller's transaction; the ledger gains the event's row even
 * when it changes nothing (a late or second notice), so every notice seen is kept. Answers the
 * payment as it now is.
 */
export async function applyPaymentEvent(tx: Db, payment: PaymentRow, event: PaymentEvent, step: PaymentStep): Promise<PaymentRow> {
  const [next, actions] = transition(paymentMachine, paymentSnapshotOf(payment.status), event)
  const status = statusOf(next)
  const at = new Date(step.now.epochMilliseconds)
  const changes: Partial<typeof payments.$inferInsert> = {}
  if (status !== payment.status) changes.status = status
  for (const effect of effectsOf(actions)) {
    if (effect === "bookAppointment") {
      if (!step.book) throw new Error("a payment's success needs its booking")
      changes.appointmentId = await step.book(tx)
    } else if (effect === "releaseSlot") {
      await releaseHold(tx, payment, step.now)
    } else {
      changes.refundedAt = at
      await enqueue(tx, { kind: PAYMENT_REFUND_JOB, payload: { paymentId: payment.id }, dedupeKey: `${PAYMENT_REFUND_JOB}:${payment.id}` })
    }
  }
  // Money came (booked, or refunded at once for want of the slot): it has a receipt.
  if (event.type === "payment.succeed" && status !== payment.status) {
    Object.assign(changes, { paidAt: at, method: step.method ?? payment.method, receiptNumber: await nextReceiptNumber(tx, step.now) })
  }
  const [updated] = Object.keys(changes).length > 0 ? await tx.update(payments).set(changes).where(eq(payments.id, payment.id)).returning() : [payment]
  await tx.insert(paymentEvents).values({
    paymentId: payment.id,
    event: event.type,
    fromStatus: payment.status,
    toStatus: status,
    providerEventId: step.providerEventId ?? null,
    amount: payment.amount,
    detail: { ...step.detail, ...(next.context.refundReason ? { refundReason: next.context.refundReason } : {}) },
    at,
  })
  return updated!
}

/** The payer's hold of the slot ends; the freed slot is offered to the waitlist in this transaction (as a cancellation's is). */
async function releaseHold(tx: Db, payment: PaymentRow, now: Temporal.Instant): Promise<void> {
  await tx
    .update(timeSlots)
    .set({ heldBy: null, heldUntil: null })
    .where(and(eq(timeSlots.id, payment.timeSlotId), eq(timeSlots.heldBy, payment.payerId)))
  await offerSlotIn(tx, payment.timeSlotId, now)
}

/** The PAID deposit of an appointment, locked; undefined when it has none. */
async function paidDepositOf(tx: Db, appointmentId: AppointmentId): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.appointmentId, appointmentId), eq(payments.status, "PAID")))
    .for("update")
  return row
}

/** In a cancellation's transaction: its paid deposit is refunded in full (a timely cancel by the patient, any cancel by the doctor). */
export async function refundOnCancel(tx: Db, appointmentId: AppointmentId, now: Temporal.Instant): Promise<void> {
  const payment = await paidDepositOf(tx, appointmentId)
  if (payment) await applyPaymentEvent(tx, payment, { type: "payment.refund" }, { now, detail: { cause: "cancelled" } })
}

/** In a no-show's transaction: its paid deposit is kept. */
export async function keepOnNoShow(tx: Db, appointmentId: AppointmentId, now: Temporal.Instant): Promise<void> {
  const payment = await paidDepositOf(tx, appointmentId)
  if (payment) await applyPaymentEvent(tx, payment, { type: "payment.keep" }, { now, detail: { cause: "noShow" } })
}
