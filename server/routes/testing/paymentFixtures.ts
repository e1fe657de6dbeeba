import { randomUUID } from "node:crypto"
import { asc, eq } from "drizzle-orm"
import type { DoctorId, PaymentId, PatientId } from "../../../schemas/ids.ts"
import type { Currency, DepositFor, PaymentMethod } from "../../../schemas/payments.ts"
import { doctorSettings, paymentEvents, payments } from "../../db/schema.ts"
import { sandboxNotice } from "../../payments/sandbox.ts"
import { SIGNATURE_HEADER, signatureHeader } from "../../payments/signature.ts"
import type { TestGateway } from "../../testing/testGateway.ts"
import { bookingBody } from "./appointmentFixtures.ts"

/** The doctor asks a deposit of `depositFor`, of `amount` FCFA. */
export async function askDeposit(gw: TestGateway, doctorId: DoctorId, depositFor: DepositFor, amount = 5000): Promise<void> {
  await gw.db.update(doctorSettings).set({ depositFor, bookingDeposit: amount }).where(eq(doctorSettings.doctorId, doctorId))
}

/** POST /payments for a slot, with a fresh Idempotency-Key unless one is given. */
export function pay(
  gw: TestGateway,
  token: string,
  slot: { id: string; doctorId: DoctorId; startsAtUtc: string },
  patientId: PatientId,
  options: { extra?: Record<string, unknown>; key?: string } = {},
) {
  return gw.api("POST", "/payments", { token, body: bookingBody(slot, patientId, options.extra), headers: { "Idempotency-Key": options.key ?? randomUUID() } })
}

/** A sandbox notice for the payment, signed with the gateway's secret (or `secret`), posted to the webhook as the sandbox page does. */
export async function notify(
  gw: TestGateway,
  payment: { id: PaymentId; amount: number; currency: Currency },
  outcome: { approved: boolean; method?: PaymentMethod; secret?: string; at?: Date },
) {
  const notice = sandboxNotice(
    outcome.secret ?? gw.config.payments.webhookSecret,
    {
      paymentId: payment.id,
      approved: outcome.approved,
      method: outcome.approved ? (outcome.method ?? "WAVE") : null,
      amount: payment.amount,
      currency: payment.currency,
    },
    outcome.at ?? new Date(),
  )
  const response = await post(gw, notice.rawBody, notice.headers)
  return { response, notice }
}

/** Posts a raw body to the sandbox webhook with these headers. */
export const post = (gw: TestGateway, rawBody: string, headers: Record<string, string>) =>
  gw.call("POST", "/api/v1/payments/webhooks/sandbox", { body: rawBody, headers })

/** The same raw body signed again with another secret or time. */
export const resigned = (rawBody: string, secret: string, at: Date) => ({
  "Content-Type": "application/json",
  [SIGNATURE_HEADER]: signatureHeader(secret, rawBody, at),
})

export async function paymentRow(gw: TestGateway, id: PaymentId) {
  const [row] = await gw.db.select().from(payments).where(eq(payments.id, id))
  return row!
}

/** The ledger of a payment, oldest first. */
export const ledgerOf = (gw: TestGateway, id: PaymentId) =>
  gw.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, id)).orderBy(asc(paymentEvents.id))
