import { createHash, timingSafeEqual } from "node:crypto"
import type { PaymentMethod } from "../../schemas/payments.ts"

import type { PaymentProvider, ProviderOutcome } from "./provider.ts"

/*
 * PayDunya (Senegal: Wave, Orange Money, Free Money, cards), from its public API as its own
 * libraries call it (paydunya-php, the WooCommerce gateway):
 * - checkout: POST {api}/v1/checkout-invoice/create with the three key headers; it answers
 *   response_code "00", the invoice's token and its page's URL (response_text);
 * - status: GET {api}/v1/checkout-invoice/confirm/{token}: status completed, pending, cancelled
 *   or failed, with the customer (phone, payment_method);
 * - IPN: a form post to the invoice's callback_url whose `data[hash]` is the SHA-512 of the master
 *   key. That proves the sender knows the key but is the same for every notice, so a notice is only
 *   a hint: its status is always read again from the confirm call before anything changes.
 * - refund: PayDunya's checkout has no refund call; the money goes back to the payer's wallet by
 *   its disbursement API (POST /api/v2/disburse/get-invoice, then submit-invoice). A card payment
 *   cannot be disbursed: its refund fails and is told in the logs, for the dashboard.
 * A test private key (`test_…`) talks to PayDunya's sandbox API. XOF only: PayDunya does not
 * serve Chad (XAF).
 */

export interface PaydunyaKeys {
  readonly masterKey: string
  readonly privateKey: string
  readonly token: string
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>

const ROOT = "https://app.paydunya.com"

/** PayDunya's payment_method names (the confirm call's customer) and ours. */
const METHODS: Record<string, PaymentMethod> = {
  wave_senegal: "WAVE",
  orange_money_senegal: "ORANGE_MONEY",
  free_money_senegal: "FREE_MONEY",
  card: "CARD",
  credit_card: "CARD",
}

/** The disbursement mode that sends money back to a wallet of each method. */
const WITHDRAW_MODES: Partial<Record<PaymentMethod, string>> = {
  WAVE: "wave-senegal",
  ORANGE_MONEY: "orange-money-senegal",
  FREE_MONEY: "free-money-senegal",
}

const OUTCOMES: Record<string, ProviderOutcome> = { completed: "SUCCEEDED", cancelled: "FAILED", failed: "FAILED" }

interface ConfirmAnswer {
  readonly response_code?: string
  readonly response_text?: string
  readonly status?: string
  readonly customer?: { readonly phone?: string; readonly payment_method?: string }
  readonly invoice?: { readonly token?: string; readonly total_amount?: number | string }
  readonly custom_data?: { readonly payment_id?: string }
}

export function paydunyaProvider(keys: PaydunyaKeys, fetchFn: Fetch = fetch): PaymentProvider {
  const api = `${ROOT}${keys.privateKey.startsWith("test_") ? "/sandbox-api" : "/api"}`
  const headers = {
    "Content-Type": "application/json",
    "PAYDUNYA-MASTER-KEY": keys.masterKey,
    "PAYDUNYA-PRIVATE-KEY": keys.privateKey,
    "PAYDUNYA-TOKEN": keys.token,
  }
  const masterHash = createHash("sha512").update(keys.masterKey).digest()

  async function call<T>(method: "GET" | "POST", url: string, body?: unknown): Promise<T & { response_code?: string; response_text?: string }> {
    const response = await fetchFn(url, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }), signal: AbortSignal.timeout(20_000) })
    if (!response.ok) throw new Error(`PayDunya answered ${response.status} to ${method} ${new URL(url).pathname}`)
    return (await response.json()) as T & { response_code?: string; response_text?: string }
  }

  async function confirm(token: string): Promise<ConfirmAnswer> {
    const answer = await call<ConfirmAnswer>("GET", `${api}/v1/checkout-invoice/confirm/${encodeURIComponent(token)}`)
    if (answer.response_code !== "00") throw new Error(`PayDunya knows no invoice ${token}: ${answer.response_code} ${answer.response_text ?? ""}`)
    return answer
  }

  const methodOf = (answer: ConfirmAnswer): PaymentMethod | null => METHODS[answer.customer?.payment_method ?? ""] ?? null

  return {
    name: "paydunya",
    async createCheckout({ paymentId, amount, currency, description, returnUrl, callbackUrl }) {
      if (currency !== "XOF") throw new Error(`PayDunya takes XOF only, not ${currency}`)
      const answer = await call<{ token?: string }>("POST", `${api}/v1/checkout-invoice/create`, {
        invoice: { total_amount: amount, description },
        store: { name: "Promed" },
        custom_data: { payment_id: paymentId },
        actions: { cancel_url: returnUrl, return_url: returnUrl, callback_url: callbackUrl },
      })
      if (answer.response_code !== "00" || !answer.token || !answer.response_text) {
        throw new Error(`PayDunya refused the invoice: ${answer.response_code ?? "?"} ${answer.response_text ?? ""}`)
      }
      return { checkoutUrl: answer.response_text, providerRef: answer.token }
    },
    async lookUp({ providerRef }) {
      if (!providerRef) return { outcome: "PENDING", method: null }
      const answer = await confirm(providerRef)
      return { outcome: OUTCOMES[answer.status ?? ""] ?? "PENDING", method: methodOf(answer) }
    },
    async refund({ paymentId, providerRef, amount }) {
      if (!providerRef) throw new Error("A PayDunya payment without its invoice token cannot be refunded")
      const paid = await confirm(providerRef)
      const method = methodOf(paid)
      const mode = method ? WITHDRAW_MODES[method] : undefined
      if (!mode || !paid.customer?.phone) throw new Error(`PayDunya cannot disburse a refund of a ${method ?? "unknown"} payment: refund it from the dashboard`)
      const invoice = await call<{ disburse_token?: string }>("POST", `${ROOT}/api/v2/disburse/get-invoice`, {
        account_alias: paid.customer.phone,
        amount,
        withdraw_mode: mode,
      })
      if (invoice.response_code !== "00" || !invoice.disburse_token)
        throw new Error(`PayDunya refused the refund: ${invoice.response_code ?? "?"} ${invoice.response_text ?? ""}`)
      // Our payment's id as PayDunya's disburse_id: a retried refund is the same disbursement.
      const sent = await call<{ transaction_id?: string }>("POST", `${ROOT}/api/v2/disburse/submit-invoice`, {
        disburse_invoice: invoice.disburse_token,
        disburse_id: paymentId,
      })
      if (sent.response_code !== "00") throw new Error(`PayDunya did not send the refund: ${sent.response_code ?? "?"} ${sent.response_text ?? ""}`)
      return { reference: sent.transaction_id ?? invoice.disburse_token }
    },
    async readNotice(rawBody) {
      const form = new URLSearchParams(rawBody)
      const hash = form.get("data[hash]") ?? ""
      if (!/^[0-9a-f]{128}$/i.test(hash) || !timingSafeEqual(Buffer.from(hash, "hex"), masterHash)) return { refused: "wrong hash" }
      const token = form.get("data[invoice][token]")
      if (!token) return { refused: "no invoice token" }
      // The notice says which invoice; PayDunya itself says what became of it.
      const answer = await confirm(token)
      const status = answer.status ?? "pending"
      const total = Number(answer.invoice?.total_amount)
      return {
        eventId: `paydunya:${token}:${status}`,
        payment: { providerRef: token },
        outcome: OUTCOMES[status] ?? "PENDING",
        method: methodOf(answer),
        amount: Number.isInteger(total) ? total : null,
        currency: "XOF",
      }
    },
  }
}
