import { readFileSync } from "node:fs"
import path from "node:path"
import { and, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { DoctorId, PatientId } from "../../schemas/ids.ts"
import { appointments, patients, slotOffers, users } from "../db/schema.ts"
import { bookingBody, createSignedInPatients, idsOf, insertSlot } from "../routes/testing/appointmentFixtures.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { readSmsRequest } from "./keywords.ts"
import { fitsOneSms } from "./segments.ts"

/** Issue 41's two-way SMS: the aggregator's inbound callback (from, to, text, date, id), answered by SMS. */

let gw: TestGateway
let doctorId: DoctorId
let messages = 0

beforeAll(async () => {
  gw = await startTestGateway({ bookingLimits: false })
  doctorId = (await idsOf(gw, "doctor@demo.sn")).doctorId!
})
afterAll(() => gw.stop())

let numbers = 0
/** A signed-in patient whose verified phone is a number of their own. */
async function patientWithPhone() {
  const [made] = await createSignedInPatients(gw, 1, `sms${numbers}`)
  const phone = `+2217700${String(10_000 + numbers++)}`
  const [row] = await gw.db.select({ userId: patients.userId }).from(patients).where(eq(patients.id, made!.patientId))
  await gw.db.update(users).set({ phoneNumber: phone, phoneVerifiedAt: new Date() }).where(eq(users.id, row!.userId))
  return { ...made!, phone }
}

async function inbound(from: string, text: string, id = `ATXid_${++messages}`) {
  const response = await gw.app.request("/api/v1/sms/inbound", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ from, to: "21789", text, date: new Date().toISOString(), id }).toString(),
  })
  expect(response.status).toBe(200)
  return id
}

/** The SMS sent to `to` (the local sink under DATA_DIR/sms), oldest first. */
const repliesTo = (to: string) => {
  try {
    return readFileSync(path.join(gw.config.dataDir, "sms", "outbox.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { to: string; text: string })
      .filter((sms) => sms.to === to)
      .map((sms) => sms.text)
  } catch {
    return []
  }
}

async function book(patient: { patientId: PatientId; token: string }, hoursAhead: number) {
  const slot = await insertSlot(gw, doctorId, hoursAhead)
  const response = await gw.api("POST", "/appointments", { token: patient.token, body: bookingBody(slot, patient.patientId) })
  expect(response.status).toBe(201)
  return { slot, appointmentId: response.body.id as string }
}

describe("SMS keywords, in French, English and Arabic, any case, one slip of the thumb", () => {
  it.each([
    ["rdv", { kind: "list" }],
    [" RDV ", { kind: "list" }],
    ["Rendez-vous", { kind: "list" }],
    ["mes rdv", { kind: "list" }],
    ["appointments", { kind: "list" }],
    ["مواعيدي", { kind: "list" }],
    ["ANNULER 1", { kind: "cancel", position: 1 }],
    ["annuler 2", { kind: "cancel", position: 2 }],
    ["Anuler 1", { kind: "cancel", position: 1 }],
    ["annulé", { kind: "cancel", position: 1 }],
    ["cancel 3", { kind: "cancel", position: 3 }],
    ["إلغاء ٢", { kind: "cancel", position: 2 }],
    ["OUI", { kind: "accept" }],
    ["oui!", { kind: "accept" }],
    ["yes", { kind: "accept" }],
    ["نعم", { kind: "accept" }],
    ["Non", { kind: "decline" }],
    ["لا", { kind: "decline" }],
    ["bonjour", { kind: "help" }],
    ["oui je viens", { kind: "help" }],
    ["annuler zéro", { kind: "help" }],
  ])("%s", (text, expected) => {
    expect(readSmsRequest(text)).toEqual(expected)
  })
})

describe("POST /api/v1/sms/inbound (issue 41)", () => {
  it("RDV answers the next appointments in one SMS; ANNULER 1 cancels the first of them", async () => {
    const patient = await patientWithPhone()
    const first = await book(patient, 72)
    await book(patient, 96)
    await inbound(patient.phone, "rdv")
    const [list] = repliesTo(patient.phone)
    expect(list).toMatch(/^Promed: vos RDV: 1\) .* 2\) /)
    expect(fitsOneSms(list!)).toBe(true)

    await inbound(patient.phone, "ANNULER 1")
    expect(repliesTo(patient.phone).at(-1)).toMatch(/^Promed: RDV du .* annulé\.$/)
    const [row] = await gw.db
      .select({ status: appointments.status })
      .from(appointments)
      .where(eq(appointments.id, first.appointmentId as never))
    expect(row!.status).toBe("CANCELED")
  })

  it("the 24-hour rule, said plainly; a number past the list too", async () => {
    const patient = await patientWithPhone()
    const soon = await book(patient, 5)
    await inbound(patient.phone, "annuler 1")
    expect(repliesTo(patient.phone).at(-1)).toMatch(/ne peut plus etre annulé \(moins de 24 h avant\)/) // ê is not GSM-7: written e
    const [row] = await gw.db
      .select({ status: appointments.status })
      .from(appointments)
      .where(eq(appointments.id, soon.appointmentId as never))
    expect(row!.status).toBe("CONFIRMED")
    await inbound(patient.phone, "annuler 4")
    expect(repliesTo(patient.phone).at(-1)).toBe("Promed: pas de RDV numéro 4. Envoyez RDV pour la liste.")
  })

  it("a callback sent again (the same id) is answered once", async () => {
    const patient = await patientWithPhone()
    const id = await inbound(patient.phone, "rdv")
    await inbound(patient.phone, "rdv", id)
    expect(repliesTo(patient.phone)).toHaveLength(1)
  })

  it("a number with no account is told how to book by USSD", async () => {
    await inbound("+23566000001", "rdv")
    expect(repliesTo("+23566000001")).toEqual(["Promed: aucun compte pour ce numéro. Composez *789# pour prendre RDV."])
  })

  it("OUI takes the freed slot offered, for the person waiting; NON passes it on to the next in line", async () => {
    const [holder] = await createSignedInPatients(gw, 1, "smsholder")
    const waiter = await patientWithPhone()
    const next = await patientWithPhone()
    const { slot, appointmentId } = await book(holder!, 72)
    const range = { doctorId, mode: "BETWEEN_DATES", fromDate: slot.slotDate, toDate: slot.slotDate }
    expect((await gw.api("POST", "/slot-waitlists", { token: waiter.token, body: range })).status).toBe(201)
    expect((await gw.api("POST", "/slot-waitlists", { token: next.token, body: range })).status).toBe(201)
    expect((await gw.api("PUT", `/appointments/cancel/${appointmentId}`, { token: holder!.token })).status).toBe(200)

    // The offer is the first in line's: the next one's OUI takes nothing yet.
    await inbound(next.phone, "oui")
    expect(repliesTo(next.phone).at(-1)).toBe("Promed: aucun créneau ne vous est proposé en ce moment.")
    // The first in line passes: the slot is offered to the next, who takes it.
    await inbound(waiter.phone, "non")
    expect(repliesTo(waiter.phone).at(-1)).toBe("Promed: le créneau passe au suivant. Vous restez sur la liste d'attente.")
    const offers = await gw.db.select({ patientId: slotOffers.patientId, status: slotOffers.status }).from(slotOffers).where(eq(slotOffers.timeSlotId, slot.id))
    expect(offers).toEqual(
      expect.arrayContaining([
        { patientId: waiter.patientId, status: "DECLINED" },
        { patientId: next.patientId, status: "OFFERED" },
      ]),
    )

    await inbound(next.phone, "Oui")
    expect(repliesTo(next.phone).at(-1)).toMatch(/^Promed: c'est fait, RDV le /)
    const booked = await gw.db
      .select({ status: appointments.status })
      .from(appointments)
      .where(and(eq(appointments.timeSlotId, slot.id), eq(appointments.patientId, next.patientId)))
    expect(booked).toEqual([{ status: "CONFIRMED" }])
    // Nothing left to take.
    await inbound(next.phone, "oui")
    expect(repliesTo(next.phone).at(-1)).toBe("Promed: aucun créneau ne vous est proposé en ce moment.")
  })
})
