import { randomUUID } from "node:crypto"
import { and, eq, ne } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { testIds } from "../../schemas/testIds.ts"
import type { Payment } from "../../schemas/payments.ts"
import type { TimeSlotId } from "../../schemas/ids.ts"
import { appointments } from "../db/schema.ts"
import { reconcilePayment } from "../payments/notices.ts"
import { startTestGateway, TEST_DB, type TestGateway } from "../testing/testGateway.ts"
import { bookingBody, createSignedInPatients, expectOneWinner, idsOf, insertSlot } from "./testing/appointmentFixtures.ts"
import { askDeposit, ledgerOf, notify, paymentRow, post, resigned } from "./testing/paymentFixtures.ts"

let gw: TestGateway
let doctorId: ReturnType<typeof testIds.doctor>

beforeAll(async () => {
  gw = await startTestGateway()
  doctorId = testIds.doctor((await idsOf(gw, "doctor@demo.sn")).doctorId!)
  await askDeposit(gw, doctorId, "ALL", 5000)
})
afterAll(async () => {
  await gw?.stop()
})

const liveAppointments = (slotId: TimeSlotId) =>
  gw.db
    .select()
    .from(appointments)
    .where(and(eq(appointments.timeSlotId, slotId), ne(appointments.status, "CANCELED")))

// PGlite runs one query at a time, so true contention needs PostgreSQL: each case says which it ran on.
const on = TEST_DB === "postgres" ? "PostgreSQL, in parallel" : "PGlite, serialised (PostgreSQL runs them in parallel)"

describe(`payments racing for one slot (${on})`, () => {
  it("20 patients paying for one slot at once: one payment, 19 told the slot is taken", async () => {
    const slot = await insertSlot(gw, doctorId, 120)
    const people = await createSignedInPatients(gw, 20, `payrace${TEST_DB}`)
    const responses = await Promise.all(
      people.map((p) => gw.api("POST", "/payments", { token: p.token, body: bookingBody(slot, p.patientId), headers: { "Idempotency-Key": randomUUID() } })),
    )
    expectOneWinner(responses)
  }, 60_000)

  it("two payments' money arriving at once for one slot (the first expired, the second held it): one appointment, the other refunded", async () => {
    const slot = await insertSlot(gw, doctorId, 121)
    const [first, second] = await createSignedInPatients(gw, 2, `paylate${TEST_DB}`)
    const pay = (who: typeof first) =>
      gw.api("POST", "/payments", { token: who!.token, body: bookingBody(slot, who!.patientId), headers: { "Idempotency-Key": randomUUID() } })
    const a = (await pay(first)).body as Payment
    await reconcilePayment(gw.db, gw.payments, a.id, { limited: true, now: Temporal.Instant.from(a.expiresAt).add({ seconds: 1 }) })
    expect((await paymentRow(gw, a.id)).status).toBe("EXPIRED")
    const b = (await pay(second)).body as Payment
    expect(b.status).toBe("PENDING")
    const answers = await Promise.all([notify(gw, a, { approved: true }), notify(gw, b, { approved: true })])
    expect(answers.map((x) => x.response.status)).toEqual([200, 200])
    expect(await liveAppointments(slot.id)).toHaveLength(1)
    expect([(await paymentRow(gw, a.id)).status, (await paymentRow(gw, b.id)).status]).toEqual(["REFUNDED", "PAID"])
  }, 60_000)

  it("one notice delivered ten times at once: applied once, one appointment, one ledger row", async () => {
    const slot = await insertSlot(gw, doctorId, 122)
    const [payer] = await createSignedInPatients(gw, 1, `payreplay${TEST_DB}`)
    const payment = (
      await gw.api("POST", "/payments", { token: payer!.token, body: bookingBody(slot, payer!.patientId), headers: { "Idempotency-Key": randomUUID() } })
    ).body as Payment
    const { notice } = await notify(gw, payment, { approved: false, at: new Date(Date.now() - 60 * 60_000) })
    const success = notice.rawBody.replace("payment.failed", "payment.succeeded").replace('"method":null', '"method":"WAVE"')
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(gw, success, resigned(success, gw.config.payments.webhookSecret, new Date()))))
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 200))
    expect(await liveAppointments(slot.id)).toHaveLength(1)
    expect((await ledgerOf(gw, payment.id)).filter((r) => r.event === "payment.succeed")).toHaveLength(1)
  }, 60_000)
})
