import fc from "fast-check"
import { Temporal } from "temporal-polyfill"
import { describe, expect, it } from "vitest"
import { planSlots } from "../server/scheduling/slots.ts"
import { dailySlotTimes } from "./slotTimes.ts"

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`

describe("dailySlotTimes", () => {
  it("spaces slots by the buffer and stops at the end time or the daily maximum", () => {
    const rule = { startTime: "09:00", endTime: "12:00", slotDurationMinutes: 30 }
    expect(dailySlotTimes({ ...rule, bufferTime: 0, maxDailyAppointment: 20 }).map((s) => s.startTime)).toEqual([
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "11:30",
    ])
    expect(dailySlotTimes({ ...rule, bufferTime: 15, maxDailyAppointment: 20 })).toEqual([
      { startTime: "09:00", endTime: "09:30" },
      { startTime: "09:45", endTime: "10:15" },
      { startTime: "10:30", endTime: "11:00" },
      { startTime: "11:15", endTime: "11:45" },
    ])
    expect(dailySlotTimes({ ...rule, bufferTime: 0, maxDailyAppointment: 2 })).toHaveLength(2)
    expect(dailySlotTimes({ ...rule, endTime: "09:20", bufferTime: 0, maxDailyAppointment: 5 })).toEqual([])
  })

  // The preview of the add-availability form and the gateway's generation must never disagree.
  it("plans exactly the day the gateway's slot generation plans", () => {
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
          const rule = { startTime: hhmm(start), endTime: hhmm(end), slotDurationMinutes: duration, bufferTime, maxDailyAppointment }
          const server = planSlots({
            availability: { id: "a", dayOfWeek: "MONDAY", isRecurring: false, timeZone: "Africa/Dakar", onDate: "2026-01-05", ...rule },
            settings: { bufferTime, maxDailyAppointment },
            from: Temporal.PlainDate.from("2026-01-05"),
            weeks: 1,
            now: Temporal.Instant.from("2025-01-01T00:00:00Z"),
          })
          expect(dailySlotTimes(rule)).toEqual(server.map((s) => ({ startTime: s.startTime, endTime: s.endTime })))
        },
      ),
      { numRuns: 500 },
    )
  })
})
