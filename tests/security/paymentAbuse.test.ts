import { randomUUID } from "node:crypto"
import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Payment } from "../../schemas/payments.ts"
import { testIds } from "../../schemas/testIds.ts"
import { dependants } from "../../server/db/schema.ts"
import { bookingBody, idsOf, insertSlot } from "../../server/routes/testing/appointmentFixtures.ts"
import { askDeposit, notify, paymentRow } from "../../server/routes/testing/paymentFixtures.ts"
import { startTestGateway, type TestGateway } from "../../server/testing/testGateway.ts"

/**
 * Issue 40 in the abuse suite (issue 16's: one user against another's records): a patient cannot
 * pay for another's booking, read another's payment or receipt, refund it, or decide it on the
 * sandbox's page from another site.
 */
let gw: TestGateway
let victim: { token: string; patientId: ReturnType<typeof testIds.patient> }
let attacker: { token: string; patientId: ReturnType<typeof testIds.patient> }
let doctorId: ReturnType<typeof testIds.doctor>
let paid: Payment

beforeAll(async () => {
  gw = await startTestGateway({ bookingLimits: false })
  const [v, a, d] = await Promise.all([idsOf(gw, "patient@demo.sn"), idsOf(gw, "patient2@demo.sn"), idsOf(gw, "doctor@demo.sn")])
  victim = { token: await gw.signIn("patient@demo.sn"), patientId: testIds.patient(v.patientId!) }
  attacker = { token: await gw.signIn("patient2@demo.sn"), patientId: testIds.patient(a.patientId!) }
  doctorId = testIds.doctor(d.doctorId!)
  await askDeposit(gw, doctorId, "ALL", 5000)
  const slot = await insertSlot(gw, doctorId, 72)
  const response = await gw.api("POST", "/payments", {
    token: victim.token,
    body: bookingBody(slot, victim.patientId),
    headers: { "Idempotency-Key": randomUUID() },
  })
  paid = response.body as Payment
  await notify(gw, paid, { approved: true })
  paid = { ...paid, ...(await gw.api("GET", `/payments/${paid.id}`, { token: victim.token })).body }
  expect(paid.status).toBe("PAID")
})
afterAll(async () => {
  await gw?.stop()
})

describe("another patient's payment", () => {
  it("cannot be started in their name, nor for their dependant", async () => {
    const slot = await insertSlot(gw, doctorId, 73)
    const inTheirName = await gw.api("POST", "/payments", {
      token: attacker.token,
      body: bookingBody(slot, victim.patientId),
      headers: { "Idempotency-Key": randomUUID() },
    })
    expect([inTheirName.status, inTheirName.body.code]).toEqual([403, "FORBIDDEN_ACTION"])
    const [child] = await gw.db.select().from(dependants).where(eq(dependants.patientId, victim.patientId))
    const forTheirChild = await gw.api("POST", "/payments", {
      token: attacker.token,
      body: bookingBody(slot, attacker.patientId, { dependantId: child!.id }),
      headers: { "Idempotency-Key": randomUUID() },
    })
    expect([forTheirChild.status, forTheirChild.body.code]).toEqual([403, "FORBIDDEN_ACTION"])
  })

  it("cannot be read, nor its receipt, nor through the appointment", async () => {
    for (const path of [`/payments/${paid.id}`, `/payments/${paid.id}/receipt`, `/appointments/${paid.appointmentId}/payment`]) {
      const response = await gw.api("GET", path, { token: attacker.token })
      expect([path, response.status, response.body.code]).toEqual([path, 403, "FORBIDDEN_ACTION"])
      expect(response.text).not.toContain(paid.receiptNumber!)
    }
  })

  it("cannot be refunded: cancelling their appointment is refused and the payment stays PAID", async () => {
    const response = await gw.api("PUT", `/appointments/cancel/${paid.appointmentId}`, { token: attacker.token })
    expect(response.status).toBe(403)
    expect((await paymentRow(gw, paid.id)).status).toBe("PAID")
  })

  it("cannot be replayed to the attacker by reusing the victim's Idempotency-Key", async () => {
    const slot = await insertSlot(gw, doctorId, 74)
    const key = randomUUID()
    const first = await gw.api("POST", "/payments", { token: victim.token, body: bookingBody(slot, victim.patientId), headers: { "Idempotency-Key": key } })
    expect(first.status).toBe(201)
    const reuse = await gw.api("POST", "/payments", { token: attacker.token, body: bookingBody(slot, victim.patientId), headers: { "Idempotency-Key": key } })
    expect(reuse.status).toBe(403)
    expect(reuse.text).not.toContain(first.body.id)
  })

  it("cannot be decided on the sandbox's page from another site, nor by a notice signed with a guessed secret", async () => {
    const slot = await insertSlot(gw, doctorId, 75)
    const pending = (
      await gw.api("POST", "/payments", { token: victim.token, body: bookingBody(slot, victim.patientId), headers: { "Idempotency-Key": randomUUID() } })
    ).body as Payment
    const crossSite = await gw.call("POST", `/sandbox/checkout/${pending.id}`, {
      body: "method=WAVE&decision=refuse",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    })
    expect(crossSite.status).toBe(403)
    const guessed = await notify(gw, pending, { approved: false, secret: "promed-demo-webhook-secret-but-not-quite" })
    expect(guessed.response.status).toBe(403)
    expect((await paymentRow(gw, pending.id)).status).toBe("PENDING")
  })
})
