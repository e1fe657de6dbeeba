import fc from "fast-check"
import { Temporal } from "temporal-polyfill"
import { describe, expect, it } from "vitest"
import { planSlots, type SlotSettings } from "../server/scheduling/slots.ts"
import { dailySlotTimes } from "./slotTimes.ts"

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`

describe("dailySlotTimes", () => {
  it("runs slots back to back from the start and stops at the end time or the daily maximum", () => {
    const rule = { startTime: "09:00", endTime: "12:00", slotDurationMinutes: 30 }
    expect(dailySlotTimes({ ...rule, maxDailyAppointment: 20 })).toEqual([
      { startTime: "09:00", endTime: "09:30" },
      { startTime: "09:30", endTime: "10:00" },
      { startTime: "10:00", endTime: "10:30" },
      { startTime: "10:30", endTime: "11:00" },
      { startTime: "11:00", endTime: "11:30" },
      { startTime: "11:30", endTime: "12:00" },
    ])
    expect(dailySlotTimes({ ...rule, maxDailyAppointment: 2 })).toHaveLength(2)
    expect(dailySlotTimes({ ...rule, endTime: "09:20", maxDailyAppointment: 5 })).toEqual([])
    // The last slot ends at or before the end time: 08:30-12:20 in 45 minutes ends at 12:15.
    expect(dailySlotTimes({ startTime: "08:30", endTime: "12:20", slotDurationMinutes: 45, maxDailyAppointment: 20 }).at(-1)).toEqual({
      startTime: "11:30",
      endTime: "12:15",
    })
    // A length that is not a whole number of minutes, or none, makes no slot.
    for (const slotDurationMinutes of [0, -15, 7.5]) expect(dailySlotTimes({ ...rule, slotDurationMinutes, maxDailyAppointment: 20 })).toEqual([])
    // Never past midnight.
    expect(dailySlotTimes({ startTime: "23:00", endTime: "23:59", slotDurationMinutes: 30, maxDailyAppointment: 20 }).map((s) => s.startTime)).toEqual([
      "23:00",
    ])
  })

  // The preview of the add-availability form and the gateway's generation must never disagree,
  // and the buffer time (a gap between availabilities) never changes one availability's grid.
  it("plans exactly the day the gateway plans for one availability, whatever the buffer", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 23 * 60 }),
        fc.integer({ min: 1, max: 12 * 60 }),
        fc.integer({ min: 3, max: 48 }).map((n) => n * 5),
        fc.integer({ min: 0, max: 240 }),
        fc.integer({ min: 1, max: 50 }),
        (start, length, duration, bufferTime, maxDailyAppointment) => {
          const end = Math.min(start + length, 23 * 60 + 59)
          fc.pre(end > start)
          const rule = { startTime: hhmm(start), endTime: hhmm(end), slotDurationMinutes: duration, maxDailyAppointment }
          const settings: SlotSettings = { bufferTime, maxDailyAppointment }
          const server = planSlots({
            availability: { id: "a", dayOfWeek: "MONDAY", isRecurring: false, timeZone: "Africa/Dakar", onDate: "2026-01-05", ...rule },
            settings,
            from: Temporal.PlainDate.from("2026-01-05"),
            weeks: 1,
            now: Temporal.Instant.from("2025-01-01T00:00:00Z"),
          })
          const times = dailySlotTimes(rule)
          expect(times).toEqual(server.map((s) => ({ startTime: s.startTime, endTime: s.endTime })))
          expect(times).toHaveLength(Math.min(maxDailyAppointment, Math.floor((end - start) / duration)))
        },
      ),
      { numRuns: 500 },
    )
  })
})
