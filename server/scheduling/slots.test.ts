import { randomUUID } from "node:crypto"
import { eq, sql } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Database, openDatabase } from "../db/client.ts"
import { availabilities, doctors, doctorSettings, timeSlots, users } from "../db/schema.ts"
import { generateSlots, type PlanInput, planSlots, type SlotAvailability } from "./slots.ts"

const monday = (overrides: Partial<SlotAvailability> = {}): SlotAvailability => ({
  id: "a1",
  dayOfWeek: "MONDAY",
  startTime: "09:00",
  endTime: "12:00",
  isRecurring: true,
  slotDurationMinutes: 30,
  timeZone: "Africa/Dakar",
  onDate: null,
  ...overrides,
})

// Thursday 2026-01-01: "now" is well before every planned slot unless a test says otherwise.
const plan = (availability: SlotAvailability, overrides: Partial<Omit<PlanInput, "availability">> = {}) =>
  planSlots({
    availability,
    settings: { bufferTime: 0, maxDailyAppointment: 50 },
    from: Temporal.PlainDate.from("2026-01-01"),
    weeks: 4,
    now: Temporal.Instant.from("2025-12-01T00:00:00Z"),
    ...overrides,
  })

describe("planSlots", () => {
  it("repeats a recurring availability on every matching weekday of the window", () => {
    const slots = plan(monday())
    expect([...new Set(slots.map((s) => s.slotDate))]).toEqual(["2026-01-05", "2026-01-12", "2026-01-19", "2026-01-26"])
    // 09:00-12:00 in 30-minute slots without buffer: 6 per day.
    expect(slots.filter((s) => s.slotDate === "2026-01-05").map((s) => s.startTime)).toEqual([
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "11:30",
    ])
    expect(slots).toHaveLength(24)
  })

  it("includes `from` itself when it is the matching weekday", () => {
    const slots = plan(monday(), { from: Temporal.PlainDate.from("2026-01-05"), weeks: 1 })
    expect(new Set(slots.map((s) => s.slotDate))).toEqual(new Set(["2026-01-05"]))
  })

  it("separates slots by the buffer time and keeps the last one within the end time", () => {
    const slots = plan(monday(), { settings: { bufferTime: 15, maxDailyAppointment: 50 }, weeks: 1 })
    expect(slots.map((s) => `${s.startTime}-${s.endTime}`)).toEqual(["09:00-09:30", "09:45-10:15", "10:30-11:00", "11:15-11:45"])
  })

  it("lets a last slot end exactly at the end time", () => {
    const slots = plan(monday({ startTime: "08:30", endTime: "12:20" }), { settings: { bufferTime: 10, maxDailyAppointment: 50 }, weeks: 1 })
    expect(slots.at(-1)).toMatchObject({ startTime: "11:50", endTime: "12:20" })
    expect(plan(monday({ startTime: "08:30", endTime: "12:19" }), { settings: { bufferTime: 10, maxDailyAppointment: 50 }, weeks: 1 }).at(-1))
      .toMatchObject({ startTime: "11:10", endTime: "11:40" })
  })

  it("never plans more than the daily maximum", () => {
    const slots = plan(monday({ startTime: "08:00", endTime: "18:00", slotDurationMinutes: 15 }), {
      settings: { bufferTime: 5, maxDailyAppointment: 3 },
    })
    const dates = [...new Set(slots.map((s) => s.slotDate))]
    expect(dates).toHaveLength(4)
    for (const date of dates) {
      expect(slots.filter((s) => s.slotDate === date).map((s) => s.startTime)).toEqual(["08:00", "08:20", "08:40"])
    }
  })

  it("plans a non-recurring availability only on the next matching weekday", () => {
    const slots = plan(monday({ isRecurring: false }))
    expect(new Set(slots.map((s) => s.slotDate))).toEqual(new Set(["2026-01-05"]))
  })

  it("plans a one-off availability on its own date", () => {
    const slots = plan(monday({ isRecurring: false, onDate: "2026-01-14", dayOfWeek: "WEDNESDAY" }))
    expect(new Set(slots.map((s) => s.slotDate))).toEqual(new Set(["2026-01-14"]))
    expect(plan(monday({ isRecurring: false, onDate: "2025-12-29" }))).toEqual([])
  })

  it("skips slots that start before now", () => {
    // 10:10 in Dakar (UTC+0) on the first Monday: 09:00-10:00 are gone, 10:30 stays.
    const slots = plan(monday(), { now: Temporal.Instant.from("2026-01-05T10:10:00Z"), weeks: 1 })
    expect(slots.map((s) => s.startTime)).toEqual(["10:30", "11:00", "11:30"])
    // A slot starting exactly now is still offered.
    expect(plan(monday(), { now: Temporal.Instant.from("2026-01-05T11:30:00Z"), weeks: 1 }).map((s) => s.startTime)).toEqual([
      "11:30",
    ])
  })

  it("crosses a month and year boundary", () => {
    const slots = plan(monday({ dayOfWeek: "THURSDAY" }), {
      from: Temporal.PlainDate.from("2026-12-28"),
      weeks: 2,
      now: Temporal.Instant.from("2026-12-01T00:00:00Z"),
    })
    expect([...new Set(slots.map((s) => s.slotDate))]).toEqual(["2026-12-31", "2027-01-07"])
    expect(slots.find((s) => s.slotDate === "2027-01-07")?.startsAt.toISOString()).toBe("2027-01-07T09:00:00.000Z")
    const friday = plan(monday({ dayOfWeek: "FRIDAY" }), { from: Temporal.PlainDate.from("2026-12-28"), weeks: 1 })
    expect(new Set(friday.map((s) => s.slotDate))).toEqual(new Set(["2027-01-01"]))
  })

  it("computes the UTC instant in the availability's time zone", () => {
    const dakar = plan(monday(), { weeks: 1 })[0]
    const ndjamena = plan(monday({ timeZone: "Africa/Ndjamena" }), { weeks: 1 })[0]
    expect(dakar?.startsAt.toISOString()).toBe("2026-01-05T09:00:00.000Z")
    expect(ndjamena?.startTime).toBe("09:00")
    expect(ndjamena?.startsAt.toISOString()).toBe("2026-01-05T08:00:00.000Z")
  })

  it("treats a slot in N'Djamena as past one hour earlier than in Dakar", () => {
    const now = Temporal.Instant.from("2026-01-05T08:30:00Z")
    expect(plan(monday({ timeZone: "Africa/Ndjamena" }), { now, weeks: 1 })[0]?.startTime).toBe("09:30")
    expect(plan(monday(), { now, weeks: 1 })[0]?.startTime).toBe("09:00")
  })

  it("does not let a late slot wrap past midnight", () => {
    const slots = plan(monday({ startTime: "23:00", endTime: "23:59" }), { weeks: 1 })
    expect(slots.map((s) => s.startTime)).toEqual(["23:00"])
  })
})

describe("generateSlots", () => {
  let database: Database
  let doctorId: string
  const now = Temporal.Instant.from("2026-03-01T12:00:00Z")
  const from = Temporal.PlainDate.from("2026-03-02") // a Monday
  const count = async (where = eq(timeSlots.doctorId, doctorId)) => {
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(timeSlots).where(where)
    return row?.n ?? 0
  }

  beforeAll(async () => {
    database = await openDatabase({ memory: true })
    const { db } = database
    const userId = randomUUID()
    doctorId = randomUUID()
    await db.insert(users).values({ id: userId, email: "slots@test.sn", passwordHash: "x", role: "DOCTOR", firstName: "Test", lastName: "Slots" })
    await db.insert(doctors).values({ id: doctorId, userId })
    await db.insert(doctorSettings).values({ doctorId, bufferTime: 0, maxDailyAppointment: 6 })
    await db.insert(availabilities).values([
      { doctorId, dayOfWeek: "MONDAY", startTime: "09:00", endTime: "11:00", slotDurationMinutes: 30 },
      { doctorId, dayOfWeek: "TUESDAY", startTime: "09:00", endTime: "11:00", slotDurationMinutes: 30, timeZone: "Africa/Ndjamena" },
    ])
  }, 30_000)
  afterAll(() => database.close())

  it("inserts the planned slots once, however often it runs", async () => {
    const first = await generateSlots(database.db, doctorId, { from, now })
    // Mondays and Tuesdays of 4 weeks, 4 slots each.
    expect(first).toBe(32)
    expect(await count()).toBe(32)
    expect(await generateSlots(database.db, doctorId, { from, now })).toBe(0)
    expect(await count()).toBe(32)
    const [tuesday] = await database.db.select().from(timeSlots).where(sql`${timeSlots.slotDate} = '2026-03-03' and ${timeSlots.startTime} = '09:00'`)
    expect(tuesday?.startsAt.toISOString()).toBe("2026-03-03T08:00:00.000Z")
    expect(tuesday?.timeZone).toBe("Africa/Ndjamena")
  })

  it("keeps the daily maximum across availabilities and runs", async () => {
    // An afternoon on Monday would add 4 more slots to 4 existing ones: the cap of 6 allows 2.
    await database.db
      .insert(availabilities)
      .values({ doctorId, dayOfWeek: "MONDAY", startTime: "14:00", endTime: "16:00", slotDurationMinutes: 30 })
    expect(await generateSlots(database.db, doctorId, { from, now })).toBe(8)
    expect(await count(sql`${timeSlots.doctorId} = ${doctorId} and ${timeSlots.slotDate} = '2026-03-09'`)).toBe(6)
    expect(await generateSlots(database.db, doctorId, { from, now })).toBe(0)
    expect(await count()).toBe(40)
  })
})
