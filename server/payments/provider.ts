import type { Currency, PaymentMethod } from "../../schemas/payments.ts"
import type { PaymentId } from "../../schemas/ids.ts"

/*
 * The seam between the payments and whoever moves the money (issue 40), chosen by PAYMENT_PROVIDER
 * (server/payments/providers.ts). No card number or mobile-money PIN ever reaches us: the patient
 * types them on the provider's page, and we hear only the outcome.
 */

/** What a provider says happened to a payment. */
export type ProviderOutcome = "SUCCEEDED" | "FAILED" | "PENDING"

/** A provider's notice about one payment, verified. */
export interface ProviderNotice {
  /** Unique per notice at the provider: a second delivery of the same notice changes nothing. */
  readonly eventId: string
  /** Our payment, as the notice names it (our id, or the provider's reference of it). */
  readonly payment: { readonly id: PaymentId } | { readonly providerRef: string }
  readonly outcome: ProviderOutcome
  readonly method: PaymentMethod | null
  /** What the provider took, when it says: a notice for another amount or currency books nothing. */
  readonly amount: number | null
  readonly currency: Currency | null
}

export interface CheckoutRequest {
  readonly paymentId: PaymentId
  readonly amount: number
  readonly currency: Currency
  /** One line for the provider's page: the doctor and the time. */
  readonly description: string
  /** Where the browser comes back: the client's page of the payment. */
  readonly returnUrl: string
  /** Where the provider sends its notices. */
  readonly callbackUrl: string
}

export interface RefundRequest {
  readonly paymentId: PaymentId
  readonly providerRef: string | null
  readonly amount: number
  readonly currency: Currency
  readonly method: PaymentMethod | null
}

export interface PaymentProvider {
  readonly name: "sandbox" | "paydunya"
  /** Opens the provider's checkout: the page the browser goes to, and the provider's reference. */
  createCheckout(request: CheckoutRequest): Promise<{ readonly checkoutUrl: string; readonly providerRef: string }>
  /** Gives the whole amount back to the patient; the provider's reference of the refund. */
  refund(request: RefundRequest): Promise<{ readonly reference: string }>
  /** Asks what became of a payment (the reconciliation, after a payment's end). */
  lookUp(payment: {
    readonly id: PaymentId
    readonly providerRef: string | null
  }): Promise<{ readonly outcome: ProviderOutcome; readonly method: PaymentMethod | null }>
  /** A notice's raw body and headers, verified: the notice, or a reason to refuse it (a forgery, a stale replay). */
  readNotice(rawBody: string, header: (name: string) => string | undefined, now: Date): Promise<ProviderNotice | { readonly refused: string }>
}
