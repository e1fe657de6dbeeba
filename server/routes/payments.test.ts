import { and, eq } from "drizzle-orm"
import * as Schema from "effect/Schema"
import { Temporal } from "temporal-polyfill"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DepositQuote, Payment } from "../../schemas/payments.ts"
import { testIds } from "../../schemas/testIds.ts"
import { appointments, healthcareFacilities, timeSlots } from "../db/schema.ts"
import { reconcilePayment } from "../payments/notices.ts"
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
    const { notice } = await notify(gw, payment, { approved: false, secret: gw.config.payments.webhookSecret, at: new Date(Date.now() - 10 * 60_000) })
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
