import { Temporal } from "temporal-polyfill"
import { describe, expect, it } from "vitest"
import { ageOf, mondayOf, toUtcInstant, weekDates } from "./calendar.ts"

describe("calendar", () => {
  it("starts weeks on Monday, across a year boundary", () => {
    expect(mondayOf(Temporal.PlainDate.from("2027-01-01")).toString()).toBe("2026-12-28")
    expect(mondayOf(Temporal.PlainDate.from("2026-11-23")).toString()).toBe("2026-11-23")
    expect(weekDates(Temporal.PlainDate.from("2026-12-28")).map(String)).toEqual([
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
      "2027-01-03",
    ])
  })

  it("turns a facility's local time into a UTC instant without milliseconds", () => {
    expect(toUtcInstant("2026-11-24", "09:00", "Africa/Dakar")).toBe("2026-11-24T09:00:00Z")
    expect(toUtcInstant("2026-11-24", "09:00", "Africa/Ndjamena")).toBe("2026-11-24T08:00:00Z")
  })

  it("gives ages in years, or months under one year", () => {
    const today = Temporal.PlainDate.from("2026-11-21")
    expect(ageOf("1990-11-22", today)).toEqual({ years: 35 })
    expect(ageOf("2026-03-01", today)).toEqual({ months: 8 })
  })
})
