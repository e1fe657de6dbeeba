import { randomUUID } from "node:crypto"
import { and, eq } from "drizzle-orm"
import * as Schema from "effect/Schema"
import { Temporal } from "temporal-polyfill"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DepositQuote, DoctorPayments, Payment } from "../../schemas/payments.ts"
import type { PaymentId } from "../../schemas/ids.ts"
import { testIds } from "../../schemas/testIds.ts"
import { appointments, healthcareFacilities, jobs, patients, payments as paymentsTable, timeSlots, users } from "../db/schema.ts"
import { paymentHandlers } from "../payments/jobs.ts"
import { PAYMENT_REFUND_JOB } from "../payments/ledger.ts"
import { reconcilePayment } from "../payments/notices.ts"
import { sandboxNotice } from "../payments/sandbox.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { bookingBody, idsOf, insertSlot } from "./testing/appointmentFixtures.ts"
import { askDeposit, ledgerOf, notify, pay, paymentRow, post, resigned } from "./testing/paymentFixtures.ts"

let gw: TestGateway
let patient: { token: string; patientId: ReturnType<typeof testIds.patient>; userId: string }
let patient2: { token: string; patientId: ReturnType<typeof testIds.patient>; userId: string }
let doctor: { token: string; doctorId: ReturnType<typeof testIds.doctor> }

const decodePayment = Schema.decodeUnknownSync(Payment)

beforeAll(async () => {
  // The suite pays for many slots of one doctor: issue 38's booking limits are proved apart.
  gw = await startTestGateway({ bookingLimits: false })
  const [p, p2, d] = await Promise.all([idsOf(gw, "patient@demo.sn"), idsOf(gw, "patient2@demo.sn"), idsOf(gw, "doctor@demo.sn")])
  patient = { token: await gw.signIn("patient@demo.sn"), patientId: testIds.patient(p.patientId!), userId: p.userId }
  patient2 = { token: await gw.signIn("patient2@demo.sn"), patientId: testIds.patient(p2.patientId!), userId: p2.userId }
  doctor = { token: await gw.signIn("doctor@demo.sn"), doctorId: testIds.doctor(d.doctorId!) }
  // Issue 40's example: a doctor who asks 5,000 FCFA of every patient.
  await askDeposit(gw, doctor.doctorId, "ALL", 5000)
})
afterAll(async () => {
  await gw?.stop()
})

/** A new slot of the doctor, a PENDING payment for it, decoded. */
async function pendingPayment(hoursAhead: number, who = patient) {
  const slot = await insertSlot(gw, doctor.doctorId, hoursAhead)
  const response = await pay(gw, who.token, slot, who.patientId)
  expect(response.status, response.text).toBe(201)
  return { slot, payment: decodePayment(response.body) }
}

describe("POST /payments", () => {
  it("answers 201 PENDING with the doctor's amount in XOF for a Dakar slot, no appointment yet, the slot held for the payer 15 minutes", async () => {
    const before = Date.now()
    const { slot, payment } = await pendingPayment(60)
    expect(payment).toMatchObject({
      status: "PENDING",
      amount: 5000,
      currency: "XOF",
      appointmentId: null,
      method: null,
      timeSlotId: slot.id,
      doctorId: doctor.doctorId,
    })
    expect(payment.checkoutUrl).toBe(`http://localhost/sandbox/checkout/${payment.id}`)
    const expires = Date.parse(payment.expiresAt)
    expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 15 * 60_000)
    expect(expires).toBeLessThanOrEqual(Date.now() + 15 * 60_000)
    const [held] = await gw.db.select().from(timeSlots).where(eq(timeSlots.id, slot.id))
    expect(held).toMatchObject({ status: "AVAILABLE", heldBy: patient.userId })
    expect(held!.heldUntil!.getTime()).toBe(expires)
    // Nobody else may take it meanwhile.
    const other = await pay(gw, patient2.token, slot, patient2.patientId)
    expect(other.status).toBe(409)
  })

  it("takes the amount and currency from the server, never from the client", async () => {
    const slot = await insertSlot(gw, doctor.doctorId, 61)
    const response = await pay(gw, patient.token, slot, patient.patientId, { extra: { amount: 1, currency: "XAF" } })
    // An unknown field is refused as any request's is, or ignored: either way no one pays 1 franc.
    if (response.status === 201) expect(decodePayment(response.body)).toMatchObject({ amount: 5000, currency: "XOF" })
    else expect(response.status).toBe(400)
    await askDeposit(gw, doctor.doctorId, "ALL", 12500)
    const changed = await pay(gw, patient.token, await insertSlot(gw, doctor.doctorId, 62), patient.patientId)
    expect(decodePayment(changed.body).amount).toBe(12500)
    await askDeposit(gw, doctor.doctorId, "ALL", 5000)
  })

  it("asks XAF for a slot at a facility in Chad", async () => {
    const [chad] = await gw.db.select({ id: healthcareFacilities.id }).from(healthcareFacilities).where(eq(healthcareFacilities.country, "CHAD")).limit(1)
    const slot = await insertSlot(gw, doctor.doctorId, 63)
    await gw.db.update(timeSlots).set({ facilityId: chad!.id }).where(eq(timeSlots.id, slot.id))
    const quote = await gw.api("GET", `/payments/quote?doctorId=${doctor.doctorId}&timeSlotId=${slot.id}`, { token: patient.token })
    expect(Schema.decodeUnknownSync(DepositQuote)(quote.body)).toEqual({ deposit: { amount: 5000, currency: "XAF", reason: "ALL" } })
    const response = await pay(gw, patient.token, slot, patient.patientId)
    expect(decodePayment(response.body)).toMatchObject({ amount: 5000, currency: "XAF" })
  })

  it("refuses a direct POST /appointments that owes a deposit, with the reason on doctorId", async () => {
    const slot = await insertSlot(gw, doctor.doctorId, 64)
    const response = await gw.api("POST", "/appointments", { token: patient.token, body: bookingBody(slot, patient.patientId) })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({ code: "BUSINESS_ERROR", fields: [{ name: "doctorId", message: "validation.depositRequired" }] })
  })
})

describe("the sandbox's notices", () => {
  it("an approval makes the appointment CONFIRMED in the transaction that marks the payment PAID, with a receipt", async () => {
    const { slot, payment } = await pendingPayment(70)
    const { response } = await notify(gw, payment, { approved: true, method: "WAVE" })
    expect(response.status).toBe(200)
    const paid = decodePayment((await gw.api("GET", `/payments/${payment.id}`, { token: patient.token })).body)
    expect(paid).toMatchObject({ status: "PAID", method: "WAVE" })
    expect(paid.receiptNumber).toMatch(/^PM-\d{4}-\d{6}$/)
    const [appointment] = await gw.db.select().from(appointments).where(eq(appointments.id, paid.appointmentId!))
    expect(appointment).toMatchObject({ status: "CONFIRMED", timeSlotId: slot.id, patientId: patient.patientId })
    const receipt = await gw.api("GET", `/payments/${payment.id}/receipt`, { token: patient.token })
    expect(receipt.body).toMatchObject({ number: paid.receiptNumber, amount: 5000, currency: "XOF", method: "WAVE", status: "PAID", paymentId: payment.id })
    // The doctor reads it too.
    expect((await gw.api("GET", `/payments/${payment.id}/receipt`, { token: doctor.token })).status).toBe(200)
    expect((await gw.api("GET", `/appointments/${paid.appointmentId}/payment`, { token: patient.token })).body.payment).toMatchObject({
      id: payment.id,
      status: "PAID",
    })
  })

  it("no receipt before the money comes", async () => {
    const { payment } = await pendingPayment(71)
    const receipt = await gw.api("GET", `/payments/${payment.id}/receipt`, { token: patient.token })
    expect(receipt.status).toBe(422)
    expect(receipt.body.code).toBe("BUSINESS_ERROR")
  })

  it("a refusal: FAILED, no appointment, the hold ended", async () => {
    const { slot, payment } = await pendingPayment(72)
    expect((await notify(gw, payment, { approved: false })).response.status).toBe(200)
    expect(await paymentRow(gw, payment.id)).toMatchObject({ status: "FAILED", appointmentId: null })
    const [freed] = await gw.db.select().from(timeSlots).where(eq(timeSlots.id, slot.id))
    expect(freed).toMatchObject({ status: "AVAILABLE", heldBy: null })
    // Free again: someone else may pay for it.
    expect((await pay(gw, patient2.token, slot, patient2.patientId)).status).toBe(201)
  })

  it("refuses a forged notice (another secret) and a stale one (outside the 5 minutes), changing nothing", async () => {
    const { payment } = await pendingPayment(73)
    const forged = await notify(gw, payment, { approved: true, secret: "not-the-secret-of-this-gateway-at-all" })
    expect(forged.response.status).toBe(403)
    const stale = await notify(gw, payment, { approved: true, at: new Date(Date.now() - 6 * 60_000) })
    expect(stale.response.status).toBe(403)
    expect((await paymentRow(gw, payment.id)).status).toBe("PENDING")
    expect(await ledgerOf(gw, payment.id)).toHaveLength(1)
  })

  it("refuses a notice whose body was changed after it was signed", async () => {
    const { payment } = await pendingPayment(74)
    // Signed now with the right secret, as a refusal; turned into an approval on the way.
    const notice = sandboxNotice(
      gw.config.payments.webhookSecret,
      { paymentId: payment.id, approved: false, method: null, amount: 5000, currency: "XOF" },
      new Date(),
    )
    const tampered = notice.rawBody.replace("payment.failed", "payment.succeeded")
    const response = await post(gw, tampered, notice.headers)
    expect(response.status).toBe(403)
    expect((await paymentRow(gw, payment.id)).status).toBe("PENDING")
  })

  it("a notice delivered twice is applied once: one appointment, one ledger row for it", async () => {
    const { payment } = await pendingPayment(75)
    const { notice } = await notify(gw, payment, { approved: true })
    const again = await post(gw, notice.rawBody, resigned(notice.rawBody, gw.config.payments.webhookSecret, new Date()))
    expect(again.status).toBe(200)
    const rows = await ledgerOf(gw, payment.id)
    expect(rows.filter((r) => r.providerEventId !== null)).toHaveLength(1)
    expect(rows.map((r) => [r.event, r.toStatus])).toEqual([
      ["payment.create", "PENDING"],
      ["payment.succeed", "PAID"],
    ])
    const booked = await gw.db.select().from(appointments).where(eq(appointments.timeSlotId, payment.timeSlotId))
    expect(booked).toHaveLength(1)
  })

  it("a failure that arrives after the success changes nothing (out of order), but is kept in the ledger", async () => {
    const { payment } = await pendingPayment(76)
    await notify(gw, payment, { approved: true })
    expect((await notify(gw, payment, { approved: false })).response.status).toBe(200)
    const row = await paymentRow(gw, payment.id)
    expect(row.status).toBe("PAID")
    expect(row.appointmentId).not.toBeNull()
    expect((await ledgerOf(gw, payment.id)).map((r) => [r.event, r.fromStatus, r.toStatus])).toEqual([
      ["payment.create", null, "PENDING"],
      ["payment.succeed", "PENDING", "PAID"],
      ["payment.fail", "PAID", "PAID"],
    ])
  })

  it("a success after a failure books the slot when it is still free for the payer", async () => {
    const { payment } = await pendingPayment(77)
    await notify(gw, payment, { approved: false })
    await notify(gw, payment, { approved: true, method: "ORANGE_MONEY" })
    expect(await paymentRow(gw, payment.id)).toMatchObject({ status: "PAID", method: "ORANGE_MONEY" })
  })
})

describe("a payment expiring while the patient pays", () => {
  it("expires at its end (the reconciliation finds no money), the slot goes to another, and the late money is refunded", async () => {
    const { slot, payment } = await pendingPayment(80)
    const end = Temporal.Instant.from(payment.expiresAt)
    // Not before its end.
    await reconcilePayment(gw.db, gw.payments, payment.id, { limited: false, now: end.subtract({ seconds: 1 }) })
    expect((await paymentRow(gw, payment.id)).status).toBe("PENDING")
    await reconcilePayment(gw.db, gw.payments, payment.id, { limited: false, now: end.add({ seconds: 1 }) })
    expect((await paymentRow(gw, payment.id)).status).toBe("EXPIRED")
    // Another patient pays for the slot and gets it.
    const second = decodePayment((await pay(gw, patient2.token, slot, patient2.patientId)).body)
    await notify(gw, second, { approved: true })
    expect((await paymentRow(gw, second.id)).status).toBe("PAID")
    // The first patient's phone finally approves: the slot is gone, the money goes back.
    await notify(gw, payment, { approved: true })
    const late = await paymentRow(gw, payment.id)
    expect(late).toMatchObject({ status: "REFUNDED", appointmentId: null })
    expect(late.refundedAt).not.toBeNull()
    const live = await gw.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.timeSlotId, slot.id), eq(appointments.status, "CONFIRMED")))
    expect(live).toHaveLength(1)
    expect(live[0]!.patientId).toBe(patient2.patientId)
  })
})

/** Runs a payment job as the worker would, with senders that keep what they were asked to send. */
async function runJob(kind: string, paymentId: PaymentId) {
  const sent: Array<{ channel: "SMS" | "EMAIL"; to: string; text: string }> = []
  const senders = {
    sendSms: async (sms: { to: string; text: string }) => void sent.push({ channel: "SMS", ...sms }),
    sendMail: async (mail: { to: string; text: string }) => void sent.push({ channel: "EMAIL", to: mail.to, text: mail.text }),
    replyTo: "contact@promed.sn",
  }
  const handlers = paymentHandlers(gw.payments, senders, "http://localhost", false)
  const job = { id: randomUUID(), kind, payload: { paymentId }, attempts: 1, maxAttempts: 5, createdAt: new Date() }
  await handlers[kind]!(job, { db: gw.db, now: new Date(), signal: new AbortController().signal })
  return sent
}

async function paidAppointment(hoursAhead: number, who = patient) {
  const { slot, payment } = await pendingPayment(hoursAhead, who)
  await notify(gw, payment, { approved: true, method: "WAVE" })
  const paid = await paymentRow(gw, payment.id)
  expect(paid.status).toBe("PAID")
  return { slot, payment: paid, appointmentId: paid.appointmentId! }
}

describe("refunds and kept deposits", () => {
  it("a timely cancel by the patient refunds in full through the provider, at once, and tells the patient by SMS", async () => {
    // The patient asked for SMS on a verified number.
    await gw.db
      .update(users)
      .set({ phoneNumber: "+221771234567", phoneVerifiedAt: new Date() })
      .where(eq(users.id, testIds.user(patient.userId)))
    await gw.db
      .update(patients)
      .set({ preferredNotificationMethods: ["SMS"] })
      .where(eq(patients.id, patient.patientId))
    const { payment, appointmentId } = await paidAppointment(90)
    const cancel = await gw.api("PUT", `/appointments/cancel/${appointmentId}`, { token: patient.token })
    expect(cancel.status).toBe(200)
    const refunded = await paymentRow(gw, payment.id)
    expect(refunded.status).toBe("REFUNDED")
    expect(refunded.refundedAt).not.toBeNull()
    // The refund is asked of the provider by a job due now, saved with the cancel.
    const [job] = await gw.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `${PAYMENT_REFUND_JOB}:${payment.id}`))
    expect(job!.runAt.getTime()).toBeLessThanOrEqual(Date.now())
    const sent = await runJob(PAYMENT_REFUND_JOB, payment.id)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ channel: "SMS", to: "+221771234567" })
    expect(sent[0]!.text).toContain("5 000 FCFA")
    const ledger = await ledgerOf(gw, payment.id)
    expect(ledger.map((r) => r.event)).toEqual(["payment.create", "payment.succeed", "payment.refund", "refund.sent"])
    expect(ledger.at(-1)!.detail).toEqual({ reference: `sbx_refund_${payment.id}` })
    // Run twice (a retry), the refund is not sent again.
    expect(await runJob(PAYMENT_REFUND_JOB, payment.id)).toEqual([])
    expect((await ledgerOf(gw, payment.id)).filter((r) => r.event === "refund.sent")).toHaveLength(1)
    // The receipt says so.
    expect((await gw.api("GET", `/payments/${payment.id}/receipt`, { token: patient.token })).body).toMatchObject({ status: "REFUNDED" })
  })

  it("a cancel by the doctor refunds too", async () => {
    const { payment, appointmentId } = await paidAppointment(91)
    expect((await gw.api("PUT", `/appointments/cancel/${appointmentId}`, { token: doctor.token })).status).toBe(200)
    expect((await paymentRow(gw, payment.id)).status).toBe("REFUNDED")
  })

  it("a no-show keeps the deposit; marking it before the appointment's time is refused", async () => {
    const { payment, appointmentId } = await paidAppointment(92)
    const early = await gw.api("PUT", `/appointments/${appointmentId}/no-show`, { token: doctor.token })
    expect(early.status).toBe(422)
    expect(early.body.code).toBe("BUSINESS_ERROR")
    // The appointment's time passes.
    await gw.db
      .update(appointments)
      .set({ appointmentTime: new Date(Date.now() - 3600_000) })
      .where(eq(appointments.id, appointmentId))
    const marked = await gw.api("PUT", `/appointments/${appointmentId}/no-show`, { token: doctor.token })
    expect(marked.status).toBe(200)
    expect(marked.body.noShow).toBe(true)
    expect((await paymentRow(gw, payment.id)).status).toBe("KEPT")
    // The patient may not mark themselves, nor anyone else.
    expect((await gw.api("PUT", `/appointments/${appointmentId}/no-show`, { token: patient.token })).status).toBe(403)
  })

  it("AFTER_NO_SHOW asks a deposit only of a person marked absent before", async () => {
    const other = await idsOf(gw, "doctor2@demo.sn")
    const doctor2 = testIds.doctor(other.doctorId!)
    await askDeposit(gw, doctor2, "AFTER_NO_SHOW", 3000)
    const slot = await insertSlot(gw, doctor2, 93)
    const [dakar] = await gw.db.select({ id: healthcareFacilities.id }).from(healthcareFacilities).where(eq(healthcareFacilities.country, "SENEGAL")).limit(1)
    await gw.db.update(timeSlots).set({ facilityId: dakar!.id }).where(eq(timeSlots.id, slot.id))
    // Patient 1 was marked absent once (with the first doctor), in their own name.
    const { appointmentId } = await paidAppointment(94)
    await gw.db.update(appointments).set({ noShow: true }).where(eq(appointments.id, appointmentId))
    const quoteFor = async (token: string) =>
      Schema.decodeUnknownSync(DepositQuote)((await gw.api("GET", `/payments/quote?doctorId=${doctor2}&timeSlotId=${slot.id}`, { token })).body)
    // Patient 2 never was.
    expect(await quoteFor(patient.token)).toEqual({ deposit: { amount: 3000, currency: "XOF", reason: "AFTER_NO_SHOW" } })
    expect(await quoteFor(patient2.token)).toEqual({ deposit: null })
  })
})

describe("the doctor's payments", () => {
  it("lists them newest first with totals by month, and as CSV with a header line", async () => {
    const page = await gw.api("GET", `/doctors/${doctor.doctorId}/payments`, { token: doctor.token })
    expect(page.status).toBe(200)
    const { payments: rows, months } = Schema.decodeUnknownSync(DoctorPayments)(page.body)
    const created = rows.map((r) => r.createdAt)
    expect(created).toEqual([...created].sort().reverse())
    const all = await gw.db.select().from(paymentsTable).where(eq(paymentsTable.doctorId, doctor.doctorId))
    expect(rows).toHaveLength(all.length)
    const xof = months.filter((m) => m.currency === "XOF")
    const sum = (status: string) => all.filter((p) => p.currency === "XOF" && p.status === status).reduce((n, p) => n + p.amount, 0)
    expect(xof.reduce((n, m) => n + m.refunded, 0)).toBe(sum("REFUNDED"))
    expect(xof.reduce((n, m) => n + m.kept, 0)).toBe(sum("KEPT"))
    const csv = await gw.api("GET", `/doctors/${doctor.doctorId}/payments.csv`, { token: doctor.token })
    expect(csv.headers.get("content-type")).toContain("text/csv")
    const lines = csv.text.trimEnd().split("\r\n")
    expect(lines[0]).toBe("id,status,amount,currency,method,patientName,appointmentId,appointmentTime,createdAt,paidAt,refundedAt,receiptNumber")
    expect(lines).toHaveLength(rows.length + 1)
    // Another doctor reads none of it.
    const other = await gw.signIn("doctor2@demo.sn")
    expect((await gw.api("GET", `/doctors/${doctor.doctorId}/payments`, { token: other })).status).toBe(403)
    expect((await gw.api("GET", `/doctors/${doctor.doctorId}/payments.csv`, { token: other })).status).toBe(403)
  })
})

describe("the sandbox's checkout page", () => {
  it("says it is a demonstration in the page's language, right to left in Arabic, with no outside asset", async () => {
    const { payment } = await pendingPayment(100)
    const fr = await gw.call("GET", `/sandbox/checkout/${payment.id}`)
    expect(fr.status).toBe(200)
    const text = fr.text.replace(/&#39;/g, "'")
    expect(text).toContain("Démonstration — aucun argent n'est débité")
    for (const words of ["Wave", "Orange Money", "Free Money", "Carte bancaire", "Approuver", "Refuser", "5 000 FCFA"]) expect(text).toContain(words)
    expect(fr.text).not.toMatch(/(src|href)="https?:/)
    const ar = await gw.call("GET", `/sandbox/checkout/${payment.id}?lang=ar`)
    expect(ar.text).toContain('<html lang="ar" dir="rtl">')
    expect((await gw.call("GET", `/sandbox/checkout/${payment.id}?lang=en`)).text).toContain("Demonstration — no money is taken")
  })

  it("an approval with Wave, posted from the page, goes through the signed webhook and sends the browser to the payment's page", async () => {
    const { payment } = await pendingPayment(101)
    const answer = await gw.call("POST", `/sandbox/checkout/${payment.id}`, {
      body: "method=WAVE&decision=approve",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" },
    })
    expect(answer.status).toBe(303)
    expect(answer.headers.get("location")).toBe(`/payments/${payment.id}`)
    expect(await paymentRow(gw, payment.id)).toMatchObject({ status: "PAID", method: "WAVE" })
    const event = (await ledgerOf(gw, payment.id)).find((r) => r.event === "payment.succeed")
    expect(event!.providerEventId).toMatch(/^sandbox:sbx_evt_/)
  })
})
