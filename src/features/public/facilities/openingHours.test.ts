import { describe, expect, it } from "vitest"
import type { WeeklyHours } from "../../../../schemas/facility.ts"
import { hoursToday } from "./openingHours.ts"

// Saturday's and Sunday's hours differ, so the day read is visible in the answer.
const HOURS = {
  MONDAY: null,
  TUESDAY: null,
  WEDNESDAY: null,
  THURSDAY: null,
  FRIDAY: null,
  SATURDAY: { open: "08:00", close: "13:00" },
  SUNDAY: { open: "10:00", close: "12:00" },
} as unknown as WeeklyHours

describe("today's opening hours, in the facility's own time zone (SPEC §2)", () => {
  // 23:30 UTC on Saturday 28 Nov 2026: still Saturday in Dakar (UTC), already Sunday in N'Djamena (UTC+1).
  const lateSaturday = new Date("2026-11-28T23:30:00Z")

  it("reads the weekday where the facility is, each zone on its own, whichever is asked first", () => {
    expect(hoursToday(HOURS, "Africa/Dakar", lateSaturday)).toEqual({ open: "08:00", close: "13:00" })
    expect(hoursToday(HOURS, "Africa/Ndjamena", lateSaturday)).toEqual({ open: "10:00", close: "12:00" })
    expect(hoursToday(HOURS, "Africa/Dakar", lateSaturday)).toEqual({ open: "08:00", close: "13:00" })
  })

  it("is null on a day the facility is closed", () => {
    expect(hoursToday(HOURS, "Africa/Dakar", new Date("2026-11-30T12:00:00Z"))).toBeNull()
  })
})
