import { eq, sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { appointments } from "../db/schema.ts"
import { startTestGateway, TEST_DB, type TestGateway } from "../testing/testGateway.ts"
import { bookingBody, createSignedInPatients, expectOneWinner, idsOf, insertSlot, slotStatus } from "./testing/appointmentFixtures.ts"

let gw: TestGateway

beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw?.stop()
})

describe("one slot, one live appointment", () => {
  it("is guaranteed by a partial unique index on the slot of live appointments (both databases)", async () => {
    const result = (await gw.db.execute<Record<string, unknown>>(sql`SELECT indexdef FROM pg_indexes WHERE indexname = 'appointments_active_slot_key'`)) as {
      rows: Array<{ indexdef: string }>
    }
    const definition = result.rows[0]?.indexdef ?? ""
    expect(definition).toMatch(/CREATE UNIQUE INDEX/)
    expect(definition).toMatch(/\(time_slot_id\)/)
    expect(definition).toMatch(/status <> 'CANCELED'/)
  })

  // PGlite runs one query at a time, so true contention needs PostgreSQL: the gateway script runs
  // this file on both, and on PGlite this case says so in its name instead of being skipped.
  const contended = TEST_DB === "postgres"
  it(
    contended
      ? "PostgreSQL: 50 parallel bookings of one slot give exactly one CONFIRMED and 49 TIME_SLOT_ALREADY_BOOKED, no 5xx"
      : "PGlite (serialised, PostgreSQL-only contention runs in the PostgreSQL pass): 50 bookings of one slot give one CONFIRMED and 49 TIME_SLOT_ALREADY_BOOKED",
    async () => {
      const { doctorId } = await idsOf(gw, "doctor@demo.sn")
      const slot = await insertSlot(gw, doctorId!, 100)
      const people = await createSignedInPatients(gw, 50, `race${TEST_DB}`)
      const responses = await Promise.all(people.map((p) => gw.api("POST", "/appointments", { token: p.token, body: bookingBody(slot, p.patientId) })))
      expectOneWinner(responses)
      const live = await gw.db.select().from(appointments).where(eq(appointments.timeSlotId, slot.id))
      expect(live.map((a) => a.status)).toEqual(["CONFIRMED"])
      expect(await slotStatus(gw, slot.id)).toBe("BOOKED")
    },
    60_000,
  )
})
