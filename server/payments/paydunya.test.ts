import { createHash } from "node:crypto"
import { describe, expect, it } from "vitest"
import type { PaymentId } from "../../schemas/ids.ts"
import { paydunyaProvider } from "./paydunya.ts"

/*
 * The PayDunya adapter against recorded shapes of PayDunya's answers (its public API as its PHP
 * library and WooCommerce gateway call it); no network here: `fetch` is a recorder.
 */

const KEYS = { masterKey: "wQzk9ZwR-Qq9m-0hD0-zpud-je5coGC3FHKW", privateKey: "test_private_rMIdJM3PLLhLjyArx9tF3VURAF5", token: "IivOiOxGJuWhc5znlIiK" }
const PAYMENT = "6f0c1b4e-0000-4000-8000-0000000000f1" as PaymentId

interface Call {
  url: string
  method: string
  headers: Record<string, string>
  body: unknown
}

/** A fetch that answers each call with the next recorded answer, and keeps the calls. */
function recorder(answers: ReadonlyArray<unknown>) {
  const calls: Call[] = []
  let next = 0
  const fetchFn = async (url: string, init?: RequestInit) => {
    calls.push({
      url,
      method: init?.method ?? "GET",
      headers: init?.headers as Record<string, string>,
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    })
    return new Response(JSON.stringify(answers[next++]), { status: 200, headers: { "Content-Type": "application/json" } })
  }
  return { calls, fetchFn }
}

const confirmed = (status: string, method = "wave_senegal") => ({
  response_code: "00",
  response_text: "Transaction Found",
  hash: createHash("sha512").update(KEYS.masterKey).digest("hex"),
  invoice: { token: "test_Pl7aUzr1pl", total_amount: "5000", description: "Promed" },
  custom_data: { payment_id: PAYMENT },
  actions: {},
  mode: "test",
  status,
  customer: { name: "Awa Diop", phone: "771234567", email: "awa@example.sn", payment_method: method },
  receipt_url: "https://app.paydunya.com/sandbox-checkout/receipt/pdf/test_Pl7aUzr1pl.pdf",
})

describe("PayDunya adapter", () => {
  it("opens a checkout invoice on the sandbox API with the three keys, our payment's id in custom_data and the callback URL", async () => {
    const { calls, fetchFn } = recorder([
      {
        response_code: "00",
        response_text: "https://app.paydunya.com/sandbox-checkout/invoice/test_Pl7aUzr1pl",
        description: "Checkout Invoice Created",
        token: "test_Pl7aUzr1pl",
      },
    ])
    const checkout = await paydunyaProvider(KEYS, fetchFn).createCheckout({
      paymentId: PAYMENT,
      amount: 5000,
      currency: "XOF",
      description: "Promed – acompte",
      returnUrl: "https://promed.example/payments/x",
      callbackUrl: "https://promed.example/api/v1/payments/webhooks/paydunya",
    })
    expect(checkout).toEqual({ checkoutUrl: "https://app.paydunya.com/sandbox-checkout/invoice/test_Pl7aUzr1pl", providerRef: "test_Pl7aUzr1pl" })
    expect(calls[0]).toMatchObject({
      url: "https://app.paydunya.com/sandbox-api/v1/checkout-invoice/create",
      method: "POST",
      headers: { "PAYDUNYA-MASTER-KEY": KEYS.masterKey, "PAYDUNYA-PRIVATE-KEY": KEYS.privateKey, "PAYDUNYA-TOKEN": KEYS.token },
      body: {
        invoice: { total_amount: 5000 },
        custom_data: { payment_id: PAYMENT },
        actions: { callback_url: "https://promed.example/api/v1/payments/webhooks/paydunya", return_url: "https://promed.example/payments/x" },
      },
    })
  })

  it("talks to the live API with a live key, and refuses a refused invoice or XAF (PayDunya does not serve Chad)", async () => {
    const { calls, fetchFn } = recorder([{ response_code: "1001", response_text: "Invalid Masterkey" }])
    const live = paydunyaProvider({ ...KEYS, privateKey: "live_private_abc12345" }, fetchFn)
    const request = {
      paymentId: PAYMENT,
      amount: 5000,
      currency: "XOF" as const,
      description: "d",
      returnUrl: "https://p.example/r",
      callbackUrl: "https://p.example/c",
    }
    await expect(live.createCheckout(request)).rejects.toThrow("PayDunya refused the invoice: 1001")
    expect(calls[0]!.url).toBe("https://app.paydunya.com/api/v1/checkout-invoice/create")
    await expect(live.createCheckout({ ...request, currency: "XAF" })).rejects.toThrow("XOF only")
  })

  it("reads a status from the confirm call: completed is a success with its method, cancelled a failure, pending nothing yet", async () => {
    const { calls, fetchFn } = recorder([confirmed("completed", "orange_money_senegal"), confirmed("cancelled"), confirmed("pending")])
    const provider = paydunyaProvider(KEYS, fetchFn)
    expect(await provider.lookUp({ id: PAYMENT, providerRef: "test_Pl7aUzr1pl" })).toEqual({ outcome: "SUCCEEDED", method: "ORANGE_MONEY" })
    expect((await provider.lookUp({ id: PAYMENT, providerRef: "test_Pl7aUzr1pl" })).outcome).toBe("FAILED")
    expect((await provider.lookUp({ id: PAYMENT, providerRef: "test_Pl7aUzr1pl" })).outcome).toBe("PENDING")
    expect(calls[0]).toMatchObject({ url: "https://app.paydunya.com/sandbox-api/v1/checkout-invoice/confirm/test_Pl7aUzr1pl", method: "GET" })
  })

  it("takes an IPN whose hash is the SHA-512 of the master key, and reads its status from the confirm call, not from the notice", async () => {
    const hash = createHash("sha512").update(KEYS.masterKey).digest("hex")
    const { calls, fetchFn } = recorder([confirmed("completed")])
    // The notice claims "failed"; PayDunya itself says completed.
    const body = new URLSearchParams({ "data[hash]": hash, "data[status]": "failed", "data[invoice][token]": "test_Pl7aUzr1pl" }).toString()
    const notice = await paydunyaProvider(KEYS, fetchFn).readNotice(body, () => undefined, new Date())
    expect(notice).toEqual({
      eventId: "paydunya:test_Pl7aUzr1pl:completed",
      payment: { providerRef: "test_Pl7aUzr1pl" },
      outcome: "SUCCEEDED",
      method: "WAVE",
      amount: 5000,
      currency: "XOF",
    })
    expect(calls).toHaveLength(1)
  })

  it("refuses an IPN with another hash, asking PayDunya nothing", async () => {
    const { calls, fetchFn } = recorder([])
    const forged = createHash("sha512").update("another master key").digest("hex")
    const body = new URLSearchParams({ "data[hash]": forged, "data[status]": "completed", "data[invoice][token]": "test_Pl7aUzr1pl" }).toString()
    expect(await paydunyaProvider(KEYS, fetchFn).readNotice(body, () => undefined, new Date())).toEqual({ refused: "wrong hash" })
    expect(await paydunyaProvider(KEYS, fetchFn).readNotice("data[hash]=short", () => undefined, new Date())).toEqual({ refused: "wrong hash" })
    expect(calls).toEqual([])
  })

  it("refunds a Wave payment by disbursing to the payer's wallet, our payment's id as the disbursement's", async () => {
    const { calls, fetchFn } = recorder([
      confirmed("completed", "wave_senegal"),
      { response_code: "00", response_text: "Disburse invoice created", disburse_token: "disb_tok_1" },
      { response_code: "00", response_text: "Disburse submitted", description: "ok", transaction_id: "TX-42" },
    ])
    const refund = await paydunyaProvider(KEYS, fetchFn).refund({
      paymentId: PAYMENT,
      providerRef: "test_Pl7aUzr1pl",
      amount: 5000,
      currency: "XOF",
      method: "WAVE",
    })
    expect(refund).toEqual({ reference: "TX-42" })
    expect(calls.slice(1)).toMatchObject([
      { url: "https://app.paydunya.com/api/v2/disburse/get-invoice", body: { account_alias: "771234567", amount: 5000, withdraw_mode: "wave-senegal" } },
      { url: "https://app.paydunya.com/api/v2/disburse/submit-invoice", body: { disburse_invoice: "disb_tok_1", disburse_id: PAYMENT } },
    ])
  })

  it("cannot disburse a card payment's refund: it fails, for the dashboard", async () => {
    const { fetchFn } = recorder([confirmed("completed", "card")])
    await expect(
      paydunyaProvider(KEYS, fetchFn).refund({ paymentId: PAYMENT, providerRef: "test_Pl7aUzr1pl", amount: 5000, currency: "XOF", method: "CARD" }),
    ).rejects.toThrow("refund it from the dashboard")
  })
})
