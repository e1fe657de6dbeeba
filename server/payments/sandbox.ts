import { randomUUID } from "node:crypto"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import { PaymentId as PaymentIdSchema, uuid } from "../../schemas/ids.ts"
import { Currency, PaymentMethod } from "../../schemas/payments.ts"
import type { PaymentId } from "../../schemas/ids.ts"
import type { PaymentProvider } from "./provider.ts"
import { SIGNATURE_HEADER, signatureHeader, signatureProblem } from "./signature.ts"

/*
 * The sandbox provider (issue 40), the default and the tests': its checkout is a page of our own
 * (server/payments/sandboxPage.ts) marked as a demonstration, where the patient approves or refuses.
 * Its notices are signed exactly as a real provider's, and go through the same webhook. No money
 * moves: a refund is recorded (the ledger's row), nothing else.
 */

/** A sandbox notice, as its page builds it and the webhook reads it. */
const SandboxEvent = Schema.Struct({
  id: Schema.String,
  type: Schema.Literals(["payment.succeeded", "payment.failed"]),
  data: Schema.Struct({ paymentId: uuid(PaymentIdSchema), method: Schema.NullOr(PaymentMethod), amount: Schema.Int, currency: Currency }),
})
type SandboxEvent = typeof SandboxEvent.Type

/** The raw body and signature of a sandbox notice: what the page posts to the webhook. */
export function sandboxNotice(
  secret: string,
  facts: {
    readonly paymentId: PaymentId
    readonly approved: boolean
    readonly method: PaymentMethod | null
    readonly amount: number
    readonly currency: Currency
  },
  now: Date,
): { readonly rawBody: string; readonly headers: Record<string, string> } {
  const event: SandboxEvent = {
    id: `sbx_evt_${randomUUID()}`,
    type: facts.approved ? "payment.succeeded" : "payment.failed",
    data: { paymentId: facts.paymentId, method: facts.method, amount: facts.amount, currency: facts.currency },
  }
  const rawBody = JSON.stringify(event)
  return { rawBody, headers: { "Content-Type": "application/json", [SIGNATURE_HEADER]: signatureHeader(secret, rawBody, now) } }
}

export function sandboxProvider(secret: string, origin: string): PaymentProvider {
  const decode = Schema.decodeUnknownExit(Schema.fromJsonString(SandboxEvent))
  return {
    name: "sandbox",
    createCheckout: async ({ paymentId }) => ({ checkoutUrl: `${origin}/sandbox/checkout/${paymentId}`, providerRef: `sbx_${paymentId}` }),
    refund: async ({ paymentId }) => ({ reference: `sbx_refund_${paymentId}` }),
    // Every approval or refusal on the page reaches the webhook at once: a payment it never told of was never paid.
    lookUp: async () => ({ outcome: "PENDING", method: null }),
    readNotice: async (rawBody, header, now) => {
      const problem = signatureProblem(secret, header(SIGNATURE_HEADER), rawBody, now)
      if (problem) return { refused: problem }
      const decoded = decode(rawBody)
      if (!Exit.isSuccess(decoded)) return { refused: "not a sandbox notice" }
      const event = decoded.value
      return {
        eventId: event.id,
        payment: { id: event.data.paymentId },
        outcome: event.type === "payment.succeeded" ? "SUCCEEDED" : "FAILED",
        method: event.data.method,
        amount: event.data.amount,
        currency: event.data.currency,
      }
    },
  }
}
