import { eq, sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { DoctorId, PatientId, TimeSlotId } from "../../schemas/ids.ts"
import { testIds } from "../../schemas/testIds.ts"
import { createApp } from "../app.ts"
import { timeSlots } from "../db/schema.ts"
import { startTestGateway, TEST_DB, type TestGateway } from "../testing/testGateway.ts"
import { bookingBody, createSignedInPatients, expectOneWinner, idsOf, insertSlot, slotStatus } from "./testing/appointmentFixtures.ts"

/*
 * Issue 14, slot hold: at the review step the booking user holds the slot for 5 minutes; others
 * see it as not bookable and cannot hold or book it until it is booked, released or expired; a
 * new hold releases the previous one; expiry is read from the database, so it survives a restart.
 */

let gw: TestGateway
let tokenA: string
let tokenB: string
let patientA: PatientId
let patientB: PatientId
let doctorId: DoctorId

beforeAll(async () => {
  // No read cache: each read shows the holds as they are at once.
  // This suite books the demo patient again and again about other rules: issue 38's booking limits are proved apart.
  gw = await startTestGateway({ readCacheMs: 0, bookingLimits: false })
  tokenA = await gw.signIn("patient@demo.sn")
  tokenB = await gw.signIn("patient2@demo.sn")
  patientA = (await idsOf(gw, "patient@demo.sn")).patientId!
  patientB = (await idsOf(gw, "patient2@demo.sn")).patientId!
  doctorId = (await idsOf(gw, "doctor@demo.sn")).doctorId!
})
afterAll(async () => {
  await gw?.stop()
})

type Slot = Awaited<ReturnType<typeof insertSlot>>
let hoursAhead = 200
/** A fresh AVAILABLE slot of the demo doctor, days ahead, for one case. */
const freshSlot = () => insertSlot(gw, doctorId, (hoursAhead += 3))

const hold = (slot: { id: TimeSlotId }, token: string) => gw.api("POST", `/time-slots/${slot.id}/hold`, { token })
const release = (slot: { id: TimeSlotId }, token: string) => gw.api("DELETE", `/time-slots/${slot.id}/hold`, { token })
const book = (slot: Slot, token: string, patientId: PatientId) => gw.api("POST", "/appointments", { token, body: bookingBody(slot, patientId) })

/** The slot as a user reads it in the week grid (`include=booked`), or undefined when the plain read leaves it out. */
async function seenBy(slot: Slot, token: string | null, include: "booked" | "available" = "booked") {
  const query = `startDate=${slot.slotDate}&endDate=${slot.slotDate}&include=${include}`
  const response = await gw.api("GET", `/doctor-availability/${doctorId}/available-time-slots?${query}`, { token })
  expect(response.status).toBe(200)
  return (response.body as Array<{ id: string; status: string }>).find((s) => s.id === slot.id)?.status
}

/** Moves the slot's hold end into the past, as the clock would: nothing else is touched. */
const expire = (slot: { id: TimeSlotId }) =>
  gw.db
    .update(timeSlots)
    .set({ heldUntil: sql`now() - interval '1 second'` })
    .where(eq(timeSlots.id, slot.id))

describe("holding a slot", () => {
  it("holds it for 5 minutes and answers when the hold ends", async () => {
    const slot = await freshSlot()
    const before = Date.now()
    const response = await hold(slot, tokenA)
    expect(response.status).toBe(201)
    expect(response.body.timeSlotId).toBe(slot.id)
    expect(response.body.expiresInSeconds).toBe(300)
    const ends = Date.parse(response.body.heldUntil)
    // 5 minutes from now, to the second.
    expect(ends).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 300_000)
    expect(ends).toBeLessThanOrEqual(Date.now() + 300_000)
    expect(response.body.heldUntil).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
  })

  it("shows the slot as not bookable to other patients and visitors, and still bookable to its holder", async () => {
    const slot = await freshSlot()
    expect(await seenBy(slot, null)).toBe("AVAILABLE")
    expect((await hold(slot, tokenA)).status).toBe(201)
    expect(await seenBy(slot, tokenA)).toBe("AVAILABLE")
    expect(await seenBy(slot, tokenA, "available")).toBe("AVAILABLE")
    expect(await seenBy(slot, tokenB)).toBe("BOOKED")
    expect(await seenBy(slot, null)).toBe("BOOKED")
    // The plain read (bookable slots only) leaves it out, and so does the public availability list.
    expect(await seenBy(slot, tokenB, "available")).toBeUndefined()
    expect(await seenBy(slot, null, "available")).toBeUndefined()
    const listed = async () => {
      const response = await gw.api("GET", `/doctor-availability/${doctorId}`, { token: tokenB })
      return (response.body as Array<{ timeSlots: Array<{ id: string }> }>).flatMap((a) => a.timeSlots).some((s) => s.id === slot.id)
    }
    expect(await listed()).toBe(false)
    await release(slot, tokenA)
    expect(await listed()).toBe(true)
  })

  it("shows a holder another patient's booked slot as BOOKED without its appointment, which only the doctor reads", async () => {
    const booked = await freshSlot()
    const response = await book(booked, tokenA, patientA)
    expect(response.status, response.text).toBe(201)
    const appointmentId = (response.body as { id: string }).id
    // B holds a slot of the same doctor, so B's reads are B's own (not the visitors' shared read).
    const held = await freshSlot()
    expect((await hold(held, tokenB)).status).toBe(201)
    const week = async (token: string) => {
      const query = `startDate=${booked.slotDate}&endDate=${held.slotDate}&include=booked`
      const read = await gw.api("GET", `/doctor-availability/${doctorId}/available-time-slots?${query}`, { token })
      return read.body as Array<{ id: string; status: string; appointmentId: string | null }>
    }
    expect((await week(tokenB)).find((s) => s.id === booked.id)).toMatchObject({ status: "BOOKED", appointmentId: null })
    expect((await week(tokenB)).find((s) => s.id === held.id)).toMatchObject({ status: "AVAILABLE", appointmentId: null })
    const doctor = await gw.signIn("doctor@demo.sn")
    expect((await week(doctor)).find((s) => s.id === booked.id)).toMatchObject({ status: "BOOKED", appointmentId })
    await release(held, tokenB)
  })

  it("refuses another patient's hold and booking of a held slot (TIME_SLOT_ALREADY_BOOKED), and lets the holder book it", async () => {
    const slot = await freshSlot()
    expect((await hold(slot, tokenA)).status).toBe(201)
    const otherHold = await hold(slot, tokenB)
    expect(otherHold.status).toBe(409)
    expect(otherHold.body.code).toBe("TIME_SLOT_ALREADY_BOOKED")
    const otherBooking = await book(slot, tokenB, patientB)
    expect(otherBooking.status).toBe(409)
    expect(otherBooking.body.code).toBe("TIME_SLOT_ALREADY_BOOKED")
    expect(await slotStatus(gw, slot.id)).toBe("AVAILABLE")
    // Holding again what one holds is fine (it starts the time again).
    expect((await hold(slot, tokenA)).status).toBe(201)
    const booked = await book(slot, tokenA, patientA)
    expect(booked.status).toBe(201)
    expect(booked.body.timeSlotId).toBe(slot.id)
    expect(await slotStatus(gw, slot.id)).toBe("BOOKED")
    // Booked: nobody can hold it any more, its former holder included.
    expect((await hold(slot, tokenA)).body.code).toBe("TIME_SLOT_ALREADY_BOOKED")
    expect((await hold(slot, tokenB)).body.code).toBe("TIME_SLOT_ALREADY_BOOKED")
  })

  it("releases the previous hold when the patient holds another slot (one hold at a time)", async () => {
    const first = await freshSlot()
    const second = await freshSlot()
    expect((await hold(first, tokenA)).status).toBe(201)
    expect((await hold(second, tokenA)).status).toBe(201)
    expect(await seenBy(first, tokenB)).toBe("AVAILABLE")
    expect(await seenBy(second, tokenB)).toBe("BOOKED")
    expect((await hold(first, tokenB)).status).toBe(201)
    expect((await book(second, tokenB, patientB)).body.code).toBe("TIME_SLOT_ALREADY_BOOKED")
  })

  it("refuses to hold a slot already started (BUSINESS_ERROR) and answers TIME_SLOT_NOT_FOUND for no slot, to hold or release", async () => {
    const started = await insertSlot(gw, doctorId, -1)
    expect((await hold(started, tokenA)).body.code).toBe("BUSINESS_ERROR")
    const nowhere = { id: testIds.timeSlot("00000000-0000-4000-8000-000000000000") }
    expect((await hold(nowhere, tokenA)).body.code).toBe("TIME_SLOT_NOT_FOUND")
    expect((await release(nowhere, tokenA)).body.code).toBe("TIME_SLOT_NOT_FOUND")
  })

  it("releases on DELETE by its holder; another patient cannot release it; nothing held is fine", async () => {
    const slot = await freshSlot()
    expect((await release(slot, tokenA)).status).toBe(200)
    expect((await hold(slot, tokenA)).status).toBe(201)
    const stolen = await release(slot, tokenB)
    expect(stolen.status).toBe(403)
    expect(stolen.body.code).toBe("FORBIDDEN_ACTION")
    expect(await seenBy(slot, tokenB)).toBe("BOOKED")
    expect(await release(slot, tokenA)).toMatchObject({ status: 200, body: { ok: true } })
    expect(await seenBy(slot, tokenB)).toBe("AVAILABLE")
    expect((await hold(slot, tokenB)).status).toBe(201)
    expect((await release(slot, tokenB)).status).toBe(200)
    expect((await book(slot, tokenA, patientA)).status).toBe(201)
  })

  it("expires on its own: once held_until has passed, others see, hold and book it", async () => {
    const slot = await freshSlot()
    expect((await hold(slot, tokenA)).status).toBe(201)
    expect((await book(slot, tokenB, patientB)).status).toBe(409)
    await expire(slot)
    expect(await seenBy(slot, tokenB)).toBe("AVAILABLE")
    expect(await seenBy(slot, null, "available")).toBe("AVAILABLE")
    // The expired holder has no claim: another patient may hold it, then the first is refused.
    expect((await hold(slot, tokenB)).status).toBe(201)
    expect((await book(slot, tokenA, patientA)).body.code).toBe("TIME_SLOT_ALREADY_BOOKED")
    await expire(slot)
    expect((await book(slot, tokenA, patientA)).status).toBe(201)
  })

  it("keeps and ends holds across a restart: they live in the database, no timer", async () => {
    const slot = await freshSlot()
    expect((await hold(slot, tokenA)).status).toBe(201)
    // A new gateway on the same database knows nothing but what the database holds.
    const restarted = createApp({ db: gw.db, config: gw.config })
    const callAfterRestart = (method: string, path: string, token: string, body?: unknown) =>
      restarted.request(`/api/v1${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      })
    expect((await callAfterRestart("POST", `/time-slots/${slot.id}/hold`, tokenB)).status).toBe(409)
    await expire(slot)
    const booked = await callAfterRestart("POST", "/appointments", tokenB, bookingBody(slot, patientB))
    expect(booked.status).toBe(201)
    expect(await slotStatus(gw, slot.id)).toBe("BOOKED")
  })

  it("refuses a slot that does not exist, a booked one, and a doctor's hold outside their own schedule", async () => {
    expect((await hold({ id: testIds.timeSlot("00000000-0000-4000-8000-000000000000") }, tokenA)).body.code).toBe("TIME_SLOT_NOT_FOUND")
    const slot = await freshSlot()
    expect((await book(slot, tokenA, patientA)).status).toBe(201)
    expect((await hold(slot, tokenB)).body.code).toBe("TIME_SLOT_ALREADY_BOOKED")
    const other = await freshSlot()
    const doctorB = await gw.signIn("doctor2@demo.sn")
    const refused = await hold(other, doctorB)
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe("FORBIDDEN_ACTION")
    // The doctor booking for a patient holds in their own schedule, and patients then see it taken.
    const doctorA = await gw.signIn("doctor@demo.sn")
    expect((await hold(other, doctorA)).status).toBe(201)
    expect((await hold(other, tokenA)).body.code).toBe("TIME_SLOT_ALREADY_BOOKED")
  })
})

describe("holds race like bookings", () => {
  // PGlite runs one query at a time; true contention needs PostgreSQL (this file runs on both).
  const contended = TEST_DB === "postgres"
  it(
    contended
      ? "PostgreSQL: 50 parallel holds of one slot by 50 patients: exactly one wins, 49 TIME_SLOT_ALREADY_BOOKED, no 5xx"
      : "PGlite (serialised, PostgreSQL-only contention runs in the PostgreSQL pass): 50 holds of one slot: one wins, 49 refused",
    async () => {
      const slot = await freshSlot()
      const people = await createSignedInPatients(gw, 50, `holdrace${TEST_DB}`)
      const responses = await Promise.all(people.map((p) => hold(slot, p.token)))
      expectOneWinner(responses)
      // Only the winner can book it, however the bookings race.
      const bookings = await Promise.all(people.map((p) => book(slot, p.token, p.patientId)))
      expect(bookings.map((r) => r.status)).toEqual(responses.map((r) => r.status))
    },
    60_000,
  )
})
