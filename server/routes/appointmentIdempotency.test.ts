import { and, eq, sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { appointments, idempotencyKeys } from "../db/schema.ts"
import { startTestGateway, TEST_DB, type TestGateway } from "../testing/testGateway.ts"
import { bookingBody, idsOf, insertSlot, slotStatus } from "./testing/appointmentFixtures.ts"
import { testIds } from "../../schemas/testIds.ts"
import type { DoctorId, PatientId, TimeSlotId, UserId } from "../../schemas/ids.ts"

let gw: TestGateway
let patient: { token: string; patientId: PatientId; userId: UserId }
let patient2: { token: string; patientId: PatientId }
let doctorId: DoctorId

beforeAll(async () => {
  // This suite books the demo patient again and again about other rules: issue 38's booking limits are proved apart.
  gw = await startTestGateway({ bookingLimits: false })
  const [p, p2, d] = await Promise.all([idsOf(gw, "patient@demo.sn"), idsOf(gw, "patient2@demo.sn"), idsOf(gw, "doctor@demo.sn")])
  patient = { token: await gw.signIn("patient@demo.sn"), patientId: p.patientId!, userId: p.userId }
  patient2 = { token: await gw.signIn("patient2@demo.sn"), patientId: p2.patientId! }
  doctorId = d.doctorId!
})
afterAll(async () => {
  await gw?.stop()
})

const keyed = (key: string) => ({ "Idempotency-Key": key })
let serial = 0
const newKey = () => `${TEST_DB}-${Date.now()}-${++serial}`

const appointmentsOfSlot = (slotId: TimeSlotId) =>
  gw.db
    .select()
    .from(appointments)
    .where(eq(appointments.timeSlotId, testIds.timeSlot(slotId)))

describe("POST /appointments with an Idempotency-Key", () => {
  it("books once: the same key again gets the same answer, marked as replayed, not TIME_SLOT_ALREADY_BOOKED", async () => {
    const slot = await insertSlot(gw, testIds.doctor(doctorId), 30)
    const key = newKey()
    const body = bookingBody(slot, testIds.patient(patient.patientId))
    // The first answer may have been lost on its way (the gateway killed after the commit): the client retries with the key.
    const first = await gw.api("POST", "/appointments", { token: patient.token, body, headers: keyed(key) })
    expect(first.status).toBe(201)
    expect(first.headers.get("idempotency-replayed")).toBeNull()
    const retry = await gw.api("POST", "/appointments", { token: patient.token, body, headers: keyed(key) })
    expect(retry.status).toBe(201)
    expect(retry.headers.get("idempotency-replayed")).toBe("true")
    expect(retry.body).toEqual(first.body)
    expect(await appointmentsOfSlot(slot.id)).toHaveLength(1)
    // Without a key nothing changed: the same booking again is refused as before.
    expect((await gw.api("POST", "/appointments", { token: patient.token, body })).body.code).toBe("TIME_SLOT_ALREADY_BOOKED")
  })

  it("keeps the answer in the booking's own transaction, under the user and the key", async () => {
    const slot = await insertSlot(gw, testIds.doctor(doctorId), 31)
    const key = newKey()
    const first = await gw.api("POST", "/appointments", {
      token: patient.token,
      body: bookingBody(slot, testIds.patient(patient.patientId)),
      headers: keyed(key),
    })
    const [kept] = await gw.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, testIds.user(patient.userId)), eq(idempotencyKeys.key, key)))
    expect(kept).toMatchObject({ responseStatus: 201, responseBody: first.body })
    expect(kept!.fingerprint).toMatch(/^POST \/api\/v1\/appointments [0-9a-f]{64}$/)
  })

  it("refuses the same key with another body (INVALID_KEY, 422) and books nothing", async () => {
    const [slotA, slotB] = [await insertSlot(gw, testIds.doctor(doctorId), 32), await insertSlot(gw, testIds.doctor(doctorId), 33)]
    const key = newKey()
    expect(
      (await gw.api("POST", "/appointments", { token: patient.token, body: bookingBody(slotA, testIds.patient(patient.patientId)), headers: keyed(key) }))
        .status,
    ).toBe(201)
    const reused = await gw.api("POST", "/appointments", {
      token: patient.token,
      body: bookingBody(slotB, testIds.patient(patient.patientId)),
      headers: keyed(key),
    })
    expect(reused.status).toBe(422)
    expect(reused.body.code).toBe("INVALID_KEY")
    expect(await slotStatus(gw, slotB.id)).toBe("AVAILABLE")
    expect(await appointmentsOfSlot(slotB.id)).toHaveLength(0)
  })

  it("keeps keys per user: two users with the same key book independently", async () => {
    const [slotA, slotB] = [await insertSlot(gw, testIds.doctor(doctorId), 34), await insertSlot(gw, testIds.doctor(doctorId), 35)]
    const key = newKey()
    const mine = await gw.api("POST", "/appointments", {
      token: patient.token,
      body: bookingBody(slotA, testIds.patient(patient.patientId)),
      headers: keyed(key),
    })
    const theirs = await gw.api("POST", "/appointments", {
      token: patient2.token,
      body: bookingBody(slotB, testIds.patient(patient2.patientId)),
      headers: keyed(key),
    })
    expect([mine.status, theirs.status]).toEqual([201, 201])
    expect(theirs.headers.get("idempotency-replayed")).toBeNull()
    expect(theirs.body.patientId).toBe(patient2.patientId)
    expect(theirs.body.id).not.toBe(mine.body.id)
  })

  it("keeps no failure: a refused booking leaves no key, and the retry is answered afresh", async () => {
    const slot = await insertSlot(gw, testIds.doctor(doctorId), 36)
    expect((await gw.api("POST", "/appointments", { token: patient2.token, body: bookingBody(slot, testIds.patient(patient2.patientId)) })).status).toBe(201)
    const key = newKey()
    const refused = await gw.api("POST", "/appointments", {
      token: patient.token,
      body: bookingBody(slot, testIds.patient(patient.patientId)),
      headers: keyed(key),
    })
    expect(refused.body.code).toBe("TIME_SLOT_ALREADY_BOOKED")
    expect(await gw.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([])
    const again = await gw.api("POST", "/appointments", {
      token: patient.token,
      body: bookingBody(slot, testIds.patient(patient.patientId)),
      headers: keyed(key),
    })
    expect(again.body.code).toBe("TIME_SLOT_ALREADY_BOOKED")
    expect(again.headers.get("idempotency-replayed")).toBeNull()
  })

  it("ignores and purges a key older than 24 hours", async () => {
    const [slotA, slotB] = [await insertSlot(gw, testIds.doctor(doctorId), 37), await insertSlot(gw, testIds.doctor(doctorId), 38)]
    const key = newKey()
    expect(
      (await gw.api("POST", "/appointments", { token: patient.token, body: bookingBody(slotA, testIds.patient(patient.patientId)), headers: keyed(key) }))
        .status,
    ).toBe(201)
    const stale = newKey()
    await gw.db.insert(idempotencyKeys).values({ userId: patient.userId, key: stale, fingerprint: "GET /x 0", responseStatus: 200, responseBody: {} })
    await gw.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(idempotencyKeys.userId, testIds.user(patient.userId)), sql`${idempotencyKeys.key} in (${key}, ${stale})`))
    // A day later the key is free again: it books what it is now sent with.
    const later = await gw.api("POST", "/appointments", {
      token: patient.token,
      body: bookingBody(slotB, testIds.patient(patient.patientId)),
      headers: keyed(key),
    })
    expect(later.status).toBe(201)
    expect(later.headers.get("idempotency-replayed")).toBeNull()
    expect(later.body.timeSlotId).toBe(slotB.id)
    expect(await gw.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, stale))).toEqual([])
  })

  it("refuses a malformed key (INVALID_PARAMETER) and books nothing", async () => {
    const slot = await insertSlot(gw, testIds.doctor(doctorId), 39)
    for (const bad of ["", "a b", "x".repeat(256), "clé"]) {
      const response = await gw.api("POST", "/appointments", {
        token: patient.token,
        body: bookingBody(slot, testIds.patient(patient.patientId)),
        headers: keyed(bad),
      })
      expect(response.status, JSON.stringify(bad)).toBe(400)
      expect(response.body).toMatchObject({ code: "INVALID_PARAMETER", fields: [{ name: "Idempotency-Key" }] })
    }
    expect(await slotStatus(gw, slot.id)).toBe("AVAILABLE")
    expect(
      (
        await gw.api("POST", "/appointments", {
          token: patient.token,
          body: bookingBody(slot, testIds.patient(patient.patientId)),
          headers: keyed("x".repeat(255)),
        })
      ).status,
    ).toBe(201)
  })

  // PGlite runs one transaction at a time, so true contention needs PostgreSQL (the gateway script runs both).
  const contended = TEST_DB === "postgres"
  it(
    contended
      ? "PostgreSQL: 8 requests at once with one key book once; the others wait and replay the same answer"
      : "PGlite (serialised; PostgreSQL-only contention runs in the PostgreSQL pass): 8 requests with one key book once, the others replay",
    async () => {
      const slot = await insertSlot(gw, testIds.doctor(doctorId), 40)
      const key = newKey()
      const body = bookingBody(slot, testIds.patient(patient.patientId))
      const responses = await Promise.all(Array.from({ length: 8 }, () => gw.api("POST", "/appointments", { token: patient.token, body, headers: keyed(key) })))
      expect(responses.map((r) => r.status)).toEqual(Array(8).fill(201))
      expect(responses.filter((r) => r.headers.get("idempotency-replayed") === "true")).toHaveLength(7)
      expect(new Set(responses.map((r) => r.body.id)).size).toBe(1)
      expect(await appointmentsOfSlot(slot.id)).toHaveLength(1)
    },
    60_000,
  )
})

describe("cancel and reschedule with an Idempotency-Key", () => {
  async function book(hoursAhead: number) {
    const slot = await insertSlot(gw, testIds.doctor(doctorId), hoursAhead)
    const response = await gw.api("POST", "/appointments", { token: patient.token, body: bookingBody(slot, testIds.patient(patient.patientId)) })
    expect(response.status).toBe(201)
    return response.body as { id: string }
  }

  it("cancels once: the retry replays the cancellation instead of BUSINESS_ERROR", async () => {
    const appointment = await book(50)
    const key = newKey()
    const first = await gw.api("PUT", `/appointments/cancel/${appointment.id}`, { token: patient.token, headers: keyed(key) })
    const retry = await gw.api("PUT", `/appointments/cancel/${appointment.id}`, { token: patient.token, headers: keyed(key) })
    expect([first.status, retry.status]).toEqual([200, 200])
    expect(retry.body).toEqual(first.body)
    expect(retry.body.status).toBe("CANCELED")
    expect(retry.headers.get("idempotency-replayed")).toBe("true")
    // The same key on another call is another request.
    const other = await book(51)
    expect((await gw.api("PUT", `/appointments/cancel/${other.id}`, { token: patient.token, headers: keyed(key) })).body.code).toBe("INVALID_KEY")
  })

  it("reschedules once: the retry replays the move, the appointment moved (and counted) once", async () => {
    const appointment = await book(52)
    const target = await insertSlot(gw, testIds.doctor(doctorId), 75)
    const key = newKey()
    const body = { timeSlotId: target.id, appointmentTime: target.startsAtUtc }
    const first = await gw.api("PUT", `/appointments/${appointment.id}`, { token: patient.token, body, headers: keyed(key) })
    const retry = await gw.api("PUT", `/appointments/${appointment.id}`, { token: patient.token, body, headers: keyed(key) })
    expect([first.status, retry.status]).toEqual([200, 200])
    expect(retry.body).toEqual(first.body)
    expect(retry.headers.get("idempotency-replayed")).toBe("true")
    const [row] = await gw.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, testIds.appointment(appointment.id)))
    expect(row).toMatchObject({ timeSlotId: target.id, rescheduleCount: 1 })
  })

  it("still refuses a caller who is not a party, key or not", async () => {
    const appointment = await book(53)
    const response = await gw.api("PUT", `/appointments/cancel/${appointment.id}`, { token: patient2.token, headers: keyed(newKey()) })
    expect(response.body.code).toBe("FORBIDDEN_ACTION")
  })
})
