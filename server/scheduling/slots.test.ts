import { randomUUID } from "node:crypto"
import { and, asc, eq, sql } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { minutesOf } from "../../schemas/slotTimes.ts"
import { availabilities, doctors, doctorSettings, timeSlots, users } from "../db/schema.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { type DaySlot, fitDay, generateSlots, type PlanInput, planSlots, type SlotAvailability } from "./slots.ts"
import { testIds } from "../../schemas/testIds.ts"
import type { DoctorId } from "../../schemas/ids.ts"

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
    settings: { maxDailyAppointment: 50 },
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
    expect(slots.filter((s) => s.slotDate === "2026-01-05").map((s) => s.startTime)).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"])
    expect(slots).toHaveLength(24)
  })

  it("includes `from` itself when it is the matching weekday", () => {
    const slots = plan(monday(), { from: Temporal.PlainDate.from("2026-01-05"), weeks: 1 })
    expect(new Set(slots.map((s) => s.slotDate))).toEqual(new Set(["2026-01-05"]))
  })

  it("runs the slots of one availability back to back, the last one ending at or before the end time", () => {
    const slots = plan(monday({ startTime: "08:30", endTime: "12:10", slotDurationMinutes: 20 }), { weeks: 1 })
    expect(slots).toHaveLength(11)
    expect(slots.slice(0, 3).map((s) => `${s.startTime}-${s.endTime}`)).toEqual(["08:30-08:50", "08:50-09:10", "09:10-09:30"])
    expect(slots.at(-1)).toMatchObject({ startTime: "11:50", endTime: "12:10" })
    const shorter = plan(monday({ startTime: "08:30", endTime: "12:09", slotDurationMinutes: 20 }), { weeks: 1 })
    expect(shorter).toHaveLength(10)
    expect(shorter.at(-1)).toMatchObject({ startTime: "11:30", endTime: "11:50" })
  })

  it("never plans more than the daily maximum", () => {
    const slots = plan(monday({ startTime: "08:00", endTime: "18:00", slotDurationMinutes: 15 }), { settings: { maxDailyAppointment: 3 } })
    const dates = [...new Set(slots.map((s) => s.slotDate))]
    expect(dates).toHaveLength(4)
    for (const date of dates) {
      expect(slots.filter((s) => s.slotDate === date).map((s) => s.startTime)).toEqual(["08:00", "08:15", "08:30"])
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

  it("plans a one-off dated on the window's first day, and nothing for a day that is not a weekday", () => {
    const slots = plan(monday({ isRecurring: false, onDate: "2026-01-01", dayOfWeek: "THURSDAY" }))
    expect(new Set(slots.map((s) => s.slotDate))).toEqual(new Set(["2026-01-01"]))
    expect(plan(monday({ dayOfWeek: "FUNDAY" }))).toEqual([])
  })

  it("refuses a slot length that is not a whole number of minutes of at least 1 (SPEC §5: duration 1 to 240)", () => {
    expect(() => plan(monday({ slotDurationMinutes: 0 }))).toThrow(RangeError)
    expect(() => plan(monday({ slotDurationMinutes: 12.5 }))).toThrow(RangeError)
    expect(plan(monday({ startTime: "09:00", endTime: "09:03", slotDurationMinutes: 1 }), { weeks: 1 }).map((s) => s.startTime)).toEqual([
      "09:00",
      "09:01",
      "09:02",
    ])
  })

  it("skips slots that start before now", () => {
    // 10:10 in Dakar (UTC+0) on the first Monday: 09:00-10:00 are gone, 10:30 stays.
    const slots = plan(monday(), { now: Temporal.Instant.from("2026-01-05T10:10:00Z"), weeks: 1 })
    expect(slots.map((s) => s.startTime)).toEqual(["10:30", "11:00", "11:30"])
    // A slot starting exactly now is still offered.
    expect(plan(monday(), { now: Temporal.Instant.from("2026-01-05T11:30:00Z"), weeks: 1 }).map((s) => s.startTime)).toEqual(["11:30"])
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

describe("fitDay", () => {
  const slot = (availabilityId: string, from: string, to: string) => ({ availabilityId, start: minutesOf(from), end: minutesOf(to) })
  const times = (slots: ReadonlyArray<{ start: number }>) => slots.map((s) => s.start / 60)

  it("keeps the buffer on both sides of another availability's slots, not between slots of one availability", () => {
    const settings = { bufferTime: 15, maxDailyAppointment: 50 }
    const stored = [slot("a", "10:00", "10:30")]
    const kept = (planned: DaySlot) => fitDay(stored, [planned], settings).length === 1
    // Another availability: at least 15 minutes before the stored slot starts and after it ends.
    expect(kept(slot("b", "09:15", "09:45"))).toBe(true)
    expect(kept(slot("b", "09:30", "10:00"))).toBe(false)
    expect(kept(slot("b", "10:40", "11:10"))).toBe(false)
    expect(kept(slot("b", "10:45", "11:15"))).toBe(true)
    // Its own availability: back to back, only never across it.
    expect(kept(slot("a", "09:30", "10:00"))).toBe(true)
    expect(kept(slot("a", "10:30", "11:00"))).toBe(true)
    expect(kept(slot("a", "10:15", "10:45"))).toBe(false)
    // Among planned slots the earliest is placed first and the later one gives way.
    expect(times(fitDay([], [slot("b", "12:00", "12:30"), slot("a", "11:30", "12:00"), slot("b", "12:30", "13:00")], settings))).toEqual([11.5, 12.5])
  })

  it("plans nothing already stored again, and counts stored slots towards the daily maximum", () => {
    const stored = [slot("a", "09:00", "09:30"), slot("a", "09:30", "10:00")]
    const planned = [slot("a", "09:00", "09:30"), slot("a", "09:30", "10:00"), slot("a", "10:00", "10:30"), slot("a", "10:30", "11:00")]
    expect(times(fitDay(stored, planned, { bufferTime: 15, maxDailyAppointment: 3 }))).toEqual([10])
    expect(fitDay([...stored, slot("a", "10:00", "10:30")], planned, { bufferTime: 15, maxDailyAppointment: 3 })).toEqual([])
  })
})

describe("generateSlots", () => {
  let gw: TestGateway
  const now = Temporal.Instant.from("2026-03-01T12:00:00Z")
  const from = Temporal.PlainDate.from("2026-03-02") // a Monday

  type Window = Pick<typeof availabilities.$inferInsert, "dayOfWeek" | "startTime" | "endTime"> & Partial<typeof availabilities.$inferInsert>

  async function newDoctor(settings: { bufferTime: number; maxDailyAppointment: number } | null, windows: ReadonlyArray<Window>): Promise<DoctorId> {
    const userId = testIds.user(randomUUID())
    const doctorId = testIds.doctor(randomUUID())
    await gw.db.insert(users).values({ id: userId, email: `slots-${userId}@test.sn`, passwordHash: "x", role: "DOCTOR", firstName: "Test", lastName: "Slots" })
    await gw.db.insert(doctors).values({ id: doctorId, userId })
    if (settings) await gw.db.insert(doctorSettings).values({ doctorId, ...settings })
    await addWindows(doctorId, windows)
    return doctorId
  }

  async function addWindows(doctorId: DoctorId, windows: ReadonlyArray<Window>): Promise<void> {
    if (windows.length > 0) await gw.db.insert(availabilities).values(windows.map((w) => ({ slotDurationMinutes: 30, ...w, doctorId })))
  }

  /** The start times of a doctor's stored slots, per local date. */
  async function daysOf(doctorId: DoctorId): Promise<Map<string, string[]>> {
    const rows = await gw.db
      .select({ slotDate: timeSlots.slotDate, startTime: timeSlots.startTime })
      .from(timeSlots)
      .where(eq(timeSlots.doctorId, testIds.doctor(doctorId)))
      .orderBy(asc(timeSlots.slotDate), asc(timeSlots.startTime))
    const days = new Map<string, string[]>()
    for (const r of rows) {
      const date = String(r.slotDate).slice(0, 10)
      days.set(date, [...(days.get(date) ?? []), r.startTime])
    }
    return days
  }

  const morning = ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"]

  beforeAll(async () => {
    gw = await startTestGateway({ seedDoctors: 2 })
  })
  afterAll(async () => {
    await gw?.stop()
  })

  describe("one doctor's Tuesdays (buffer 15, at most 20 a day)", () => {
    let doctorId: DoctorId

    beforeAll(async () => {
      doctorId = await newDoctor({ bufferTime: 15, maxDailyAppointment: 20 }, [{ dayOfWeek: "TUESDAY", startTime: "09:00", endTime: "12:00" }])
    })

    it("runs 09:00-12:00 in 30-minute slots back to back: 6 slots on each Tuesday of the coming 4 weeks", async () => {
      expect(await generateSlots(gw.db, testIds.doctor(doctorId), { from, now })).toBe(24)
      const days = await daysOf(doctorId)
      expect([...days.keys()]).toEqual(["2026-03-03", "2026-03-10", "2026-03-17", "2026-03-24"])
      for (const times of days.values()) expect(times).toEqual(morning)
      const [last] = await gw.db
        .select()
        .from(timeSlots)
        .where(and(eq(timeSlots.doctorId, testIds.doctor(doctorId)), eq(timeSlots.slotDate, "2026-03-03"), eq(timeSlots.startTime, "11:30")))
      expect([last?.endTime, last?.startsAt.toISOString()]).toEqual(["12:00", "2026-03-03T11:30:00.000Z"])
    })

    it("is idempotent: a second run inserts nothing and no slot is ever duplicated", async () => {
      expect(await generateSlots(gw.db, testIds.doctor(doctorId), { from, now })).toBe(0)
      expect(await generateSlots(gw.db, testIds.doctor(doctorId), { from, now, weeks: 2 })).toBe(0)
      const [row] = await gw.db
        .select({ n: sql<number>`count(*)::int` })
        .from(timeSlots)
        .where(eq(timeSlots.doctorId, testIds.doctor(doctorId)))
      expect(row?.n).toBe(24)
      const duplicates = (await gw.db.execute<Record<string, unknown>>(
        sql`SELECT doctor_id, slot_date, start_time FROM time_slots GROUP BY 1, 2, 3 HAVING count(*) > 1`,
      )) as { rows: unknown[] }
      expect(duplicates.rows).toEqual([])
    })

    it("skips the slots of a second availability that fall within the buffer after the first one; the others keep their grid", async () => {
      await addWindows(doctorId, [{ dayOfWeek: "TUESDAY", startTime: "12:00", endTime: "14:00" }])
      // 12:00 starts 0 minutes after 11:30-12:00: skipped, not moved to 12:15. 12:30, 13:00 and 13:30 stay.
      expect(await generateSlots(gw.db, testIds.doctor(doctorId), { from, now })).toBe(12)
      for (const times of (await daysOf(doctorId)).values()) expect(times).toEqual([...morning, "12:30", "13:00", "13:30"])
    })

    it("skips a slot that would end less than the buffer before another availability's slot", async () => {
      // 07:50-08:20 ends 40 minutes before 09:00 and stays; 08:20-08:50 would end 10 minutes before it.
      await addWindows(doctorId, [{ dayOfWeek: "TUESDAY", startTime: "07:50", endTime: "08:50" }])
      expect(await generateSlots(gw.db, testIds.doctor(doctorId), { from, now })).toBe(4)
      for (const times of (await daysOf(doctorId)).values()) expect(times).toEqual(["07:50", ...morning, "12:30", "13:00", "13:30"])
    })
  })

  it("follows each doctor's own daily maximum (SPEC §3 doctor settings), and the defaults for a doctor without settings", async () => {
    const capped = await newDoctor({ bufferTime: 5, maxDailyAppointment: 2 }, [{ dayOfWeek: "TUESDAY", startTime: "09:00", endTime: "12:00" }])
    expect(await generateSlots(gw.db, testIds.doctor(capped), { from, now })).toBe(8)
    for (const times of (await daysOf(capped)).values()) expect(times).toEqual(["09:00", "09:30"])
    const unset = await newDoctor(null, [{ dayOfWeek: "TUESDAY", startTime: "09:00", endTime: "12:00" }])
    expect(await generateSlots(gw.db, testIds.doctor(unset), { from, now })).toBe(24)
    for (const times of (await daysOf(unset)).values()) expect(times).toEqual(morning)
  })

  it("plans two availabilities of a date together earliest first: the later one gives way", async () => {
    // Listed afternoon first: the order of the rows does not matter.
    const doctorId = await newDoctor({ bufferTime: 15, maxDailyAppointment: 20 }, [
      { dayOfWeek: "WEDNESDAY", startTime: "12:00", endTime: "14:00" },
      { dayOfWeek: "WEDNESDAY", startTime: "09:00", endTime: "12:00" },
    ])
    expect(await generateSlots(gw.db, testIds.doctor(doctorId), { from, now, weeks: 1 })).toBe(9)
    expect(await daysOf(doctorId)).toEqual(new Map([["2026-03-04", [...morning, "12:30", "13:00", "13:30"]]]))
  })

  it("keeps the daily maximum across the availabilities of a date and across runs", async () => {
    const doctorId = await newDoctor({ bufferTime: 5, maxDailyAppointment: 8 }, [
      { dayOfWeek: "MONDAY", startTime: "09:00", endTime: "11:00" },
      { dayOfWeek: "MONDAY", startTime: "14:00", endTime: "17:00" },
    ])
    // 4 morning slots, then 4 of the 6 afternoon ones on each of the 4 Mondays.
    expect(await generateSlots(gw.db, testIds.doctor(doctorId), { from, now })).toBe(32)
    for (const times of (await daysOf(doctorId)).values()) expect(times).toEqual(["09:00", "09:30", "10:00", "10:30", "14:00", "14:30", "15:00", "15:30"])
    // A new evening availability finds the Mondays full.
    await addWindows(doctorId, [{ dayOfWeek: "MONDAY", startTime: "18:00", endTime: "19:00" }])
    expect(await generateSlots(gw.db, testIds.doctor(doctorId), { from, now })).toBe(0)
  })

  it("gives a date the same slots whatever the hour of the run: slots already past still hold their place", async () => {
    const doctorId = await newDoctor({ bufferTime: 10, maxDailyAppointment: 6 }, [
      { dayOfWeek: "TUESDAY", startTime: "09:00", endTime: "11:00" },
      { dayOfWeek: "TUESDAY", startTime: "14:00", endTime: "17:00" },
    ])
    // First run on Tuesday 3 March at 11:10 (Dakar is UTC): the morning is past and never stored,
    // yet it still takes 4 of the 6 places, as it would have in a run at 07:00.
    const late = Temporal.Instant.from("2026-03-03T11:10:00Z")
    expect(await generateSlots(gw.db, testIds.doctor(doctorId), { from: Temporal.PlainDate.from("2026-03-03"), now: late, weeks: 1 })).toBe(2)
    expect(await daysOf(doctorId)).toEqual(new Map([["2026-03-03", ["14:00", "14:30"]]]))
    expect(await generateSlots(gw.db, testIds.doctor(doctorId), { from: Temporal.PlainDate.from("2026-03-03"), now: late, weeks: 1 })).toBe(0)
  })

  it("fits new slots around a stored one, never across it (a booked slot left from an earlier grid)", async () => {
    const doctorId = await newDoctor({ bufferTime: 15, maxDailyAppointment: 20 }, [{ dayOfWeek: "THURSDAY", startTime: "09:00", endTime: "12:00" }])
    const [availability] = await gw.db
      .select()
      .from(availabilities)
      .where(eq(availabilities.doctorId, testIds.doctor(doctorId)))
    await gw.db.insert(timeSlots).values({
      doctorId,
      availabilityId: availability!.id,
      slotDate: "2026-03-05",
      startTime: "09:45",
      endTime: "10:15",
      startsAt: new Date("2026-03-05T09:45:00Z"),
      timeZone: "Africa/Dakar",
      status: "BOOKED",
    })
    expect(await generateSlots(gw.db, testIds.doctor(doctorId), { from, now, weeks: 1 })).toBe(4)
    expect(await daysOf(doctorId)).toEqual(new Map([["2026-03-05", ["09:00", "09:45", "10:30", "11:00", "11:30"]]]))
  })

  // The horizon starts today in each availability's own zone: at 23:30 UTC on Friday 4 December it
  // is still Friday in Dakar (UTC+0) but already Saturday 5 December in N'Djamena (UTC+1), so a
  // week's horizon there runs to Friday 11 December, and in Dakar to Thursday 10 December.
  it("counts a horizon's week from today in the facility's zone, not in UTC (Dakar and N'Djamena)", async () => {
    const now = Temporal.Instant.from("2026-12-04T23:30:00Z")
    const ndjamena = await newDoctor(null, [{ dayOfWeek: "FRIDAY", startTime: "09:00", endTime: "09:30", timeZone: "Africa/Ndjamena" }])
    const dakar = await newDoctor(null, [{ dayOfWeek: "FRIDAY", startTime: "23:40", endTime: "23:55", slotDurationMinutes: 15, timeZone: "Africa/Dakar" }])
    await generateSlots(gw.db, testIds.doctor(ndjamena), { weeks: 1, now })
    await generateSlots(gw.db, testIds.doctor(dakar), { weeks: 1, now })
    // N'Djamena: today's Friday is the 5th's eve, gone; the next Friday is inside its week.
    expect(await daysOf(ndjamena)).toEqual(new Map([["2026-12-11", ["09:00"]]]))
    // Dakar: tonight's slot is still ahead and the next Friday is past its week.
    expect(await daysOf(dakar)).toEqual(new Map([["2026-12-04", ["23:40"]]]))
  })

  it("keeps local dates, the daily maximum and the gap by local date over a week across a year end (N'Djamena is UTC+1)", async () => {
    const doctorId = await newDoctor({ bufferTime: 15, maxDailyAppointment: 2 }, [
      { dayOfWeek: "THURSDAY", startTime: "22:00", endTime: "23:30", timeZone: "Africa/Ndjamena" },
      { dayOfWeek: "FRIDAY", startTime: "00:00", endTime: "01:30", timeZone: "Africa/Ndjamena" },
    ])
    const written = await generateSlots(gw.db, testIds.doctor(doctorId), {
      from: Temporal.PlainDate.from("2026-12-28"),
      weeks: 1,
      now: Temporal.Instant.from("2026-12-01T00:00:00Z"),
    })
    expect(written).toBe(4)
    // Friday 1 January's slots fall on 31 December in UTC, yet the cap of 2 counts them on their own local date.
    expect(await daysOf(doctorId)).toEqual(
      new Map([
        ["2026-12-31", ["22:00", "22:30"]],
        ["2027-01-01", ["00:00", "00:30"]],
      ]),
    )
    const friday = await gw.db
      .select()
      .from(timeSlots)
      .where(and(eq(timeSlots.doctorId, testIds.doctor(doctorId)), eq(timeSlots.slotDate, "2027-01-01")))
    expect(friday.map((s) => s.startsAt.toISOString()).sort()).toEqual(["2026-12-31T23:00:00.000Z", "2026-12-31T23:30:00.000Z"])
  })
})
