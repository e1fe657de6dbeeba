import { eq, and } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import type { PaymentEvent } from "../../machines/payment.machine.ts"
import type { PaymentId } from "../../schemas/ids.ts"
import type { Db } from "../db/client.ts"
import { payments } from "../db/schema.ts"
import { inTransaction } from "../db/transaction.ts"
import { ApiError } from "../http/errors.ts"
import { bookSlot, checkBooking } from "../repositories/appointmentBooking.ts"
import { applyPaymentEvent, lockPayment, seenNotice, type PaymentRow } from "./ledger.ts"
import { bookingOf } from "./payments.ts"
import type { PaymentProvider, ProviderNotice, ProviderOutcome } from "./provider.ts"

/*
 * What providers tell of payments (issue 40): their webhook notices, verified on the raw body, and
 * the answers of the reconciliation's look-ups. Each is applied in one transaction with the payment
 * locked, so notices of one payment are applied one after the other, whatever order they come in;
 * a notice already in the ledger is not applied again.
 */

/**
 * True when the payment's booking would still go through now: the slot free for the payer (held
 * by them, or by no one) and every check of a booking passing (checkBooking only reads and locks,
 * so its refusal leaves the transaction usable).
 */
async function slotStillFree(tx: Db, payment: PaymentRow, limited: boolean, now: Temporal.Instant): Promise<boolean> {
  try {
    await checkBooking(tx, bookingOf(payment, limited), now)
    return true
  } catch (error) {
    if (error instanceof ApiError) return false
    throw error
  }
}

/** The statechart's event for what the provider says; PENDING says nothing. */
async function eventOf(tx: Db, outcome: ProviderOutcome, payment: PaymentRow, limited: boolean, now: Temporal.Instant): Promise<PaymentEvent | null> {
  if (outcome === "SUCCEEDED") return { type: "payment.succeed", slotFree: await slotStillFree(tx, payment, limited, now) }
  return outcome === "FAILED" ? { type: "payment.fail" } : null
}

async function lockNamed(tx: Db, provider: PaymentProvider, named: ProviderNotice["payment"]): Promise<PaymentRow | undefined> {
  if ("id" in named) {
    const payment = await lockPayment(tx, named.id)
    return payment?.provider === provider.name ? payment : undefined
  }
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, provider.name), eq(payments.providerRef, named.providerRef)))
  return row ? lockPayment(tx, row.id) : undefined
}

/**
 * A provider's webhook call: verified first (a forgery or a stale replay: FORBIDDEN_ACTION, nothing
 * read), then applied. A notice seen before, or one that changes nothing where the payment is
 * (a failure after the success), is kept in the ledger (the first time) and answered as fine.
 */
export async function takeNotice(
  db: Db,
  provider: PaymentProvider,
  request: { readonly rawBody: string; readonly header: (name: string) => string | undefined },
  options: { readonly limited: boolean; readonly now?: Temporal.Instant },
): Promise<void> {
  const now = options.now ?? Temporal.Now.instant()
  const notice = await provider.readNotice(request.rawBody, request.header, new Date(now.epochMilliseconds))
  if ("refused" in notice) throw new ApiError("FORBIDDEN_ACTION", `The notice is refused: ${notice.refused}`)
  await inTransaction(db, async (tx) => {
    const payment = await lockNamed(tx, provider, notice.payment)
    if (!payment) throw new ApiError("NOT_FOUND", "No such payment")
    const providerEventId = `${provider.name}:${notice.eventId}`
    if (await seenNotice(tx, providerEventId)) return
    // Money for another amount or currency than asked books nothing: the notice is refused as it came.
    if ((notice.amount !== null && notice.amount !== payment.amount) || (notice.currency !== null && notice.currency !== payment.currency)) {
      throw new ApiError("INVALID_PAYLOAD", "The notice's amount is not the payment's")
    }
    const event = await eventOf(tx, notice.outcome, payment, options.limited, now)
    if (!event) return
    await applyPaymentEvent(tx, payment, event, {
      now,
      providerEventId,
      method: notice.method,
      detail: { notice: notice.outcome },
      book: (inner) => bookSlot(inner, bookingOf(payment, options.limited), now),
    })
  })
}

/**
 * The reconciliation of one payment, at its end: still PENDING, it is asked of its provider
 * (outside any transaction: a network call), then settled: paid, failed, or, with no money seen,
 * expired (a success that comes later is then the statechart's late success).
 */
export async function reconcilePayment(
  db: Db,
  provider: PaymentProvider,
  paymentId: PaymentId,
  options: { readonly limited: boolean; readonly now?: Temporal.Instant },
): Promise<void> {
  const now = options.now ?? Temporal.Now.instant()
  const before = (await db.select().from(payments).where(eq(payments.id, paymentId)))[0]
  if (!before || before.status !== "PENDING" || before.expiresAt.getTime() > now.epochMilliseconds) return
  const answer = await provider.lookUp({ id: before.id, providerRef: before.providerRef })
  await inTransaction(db, async (tx) => {
    const payment = await lockPayment(tx, paymentId)
    if (!payment || payment.status !== "PENDING") return
    const event = (await eventOf(tx, answer.outcome, payment, options.limited, now)) ?? { type: "payment.expire" as const }
    await applyPaymentEvent(tx, payment, event, {
      now,
      method: answer.method,
      detail: { lookUp: answer.outcome },
      book: (inner) => bookSlot(inner, bookingOf(payment, options.limited), now),
    })
  })
}
