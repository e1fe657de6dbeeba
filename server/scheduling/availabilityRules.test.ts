import { Temporal } from "temporal-polyfill"
import { describe, expect, it } from "vitest"
import { clashes, nextDateOn, timesOverlap, zoneOfCountry } from "./availabilityRules.ts"

const recurring = (dayOfWeek: string, startTime: string, endTime: string) => ({ dayOfWeek, startTime, endTime, isRecurring: true, onDate: null })
const oneOff = (dayOfWeek: string, startTime: string, endTime: string, onDate: string) => ({ dayOfWeek, startTime, endTime, isRecurring: false, onDate })

describe("availability rules", () => {
  it("sees an overlap only when the ranges share time; touching ends do not overlap", () => {
    expect(timesOverlap({ startTime: "09:00", endTime: "12:00" }, { startTime: "11:59", endTime: "13:00" })).toBe(true)
    expect(timesOverlap({ startTime: "09:00", endTime: "12:00" }, { startTime: "12:00", endTime: "13:00" })).toBe(false)
    expect(timesOverlap({ startTime: "09:00", endTime: "12:00" }, { startTime: "08:00", endTime: "09:00" })).toBe(false)
    expect(timesOverlap({ startTime: "09:00", endTime: "12:00" }, { startTime: "10:00", endTime: "11:00" })).toBe(true)
  })

  it("clashes on the same weekday only; two one-offs only on the same date; a past one-off never, today's still", () => {
    const today = "2026-11-21"
    expect(clashes(recurring("TUESDAY", "08:30", "12:30"), recurring("TUESDAY", "09:00", "12:00"), today)).toBe(true)
    expect(clashes(recurring("TUESDAY", "08:30", "12:30"), recurring("WEDNESDAY", "09:00", "12:00"), today)).toBe(false)
    expect(clashes(recurring("TUESDAY", "08:30", "12:30"), oneOff("TUESDAY", "09:00", "10:00", "2026-11-24"), today)).toBe(true)
    expect(clashes(oneOff("TUESDAY", "09:00", "10:00", "2026-11-24"), recurring("TUESDAY", "08:30", "12:30"), today)).toBe(true)
    expect(clashes(oneOff("TUESDAY", "09:00", "10:00", "2026-11-24"), oneOff("TUESDAY", "09:00", "10:00", "2026-12-01"), today)).toBe(false)
    expect(clashes(oneOff("TUESDAY", "09:00", "10:00", "2026-11-24"), oneOff("TUESDAY", "09:30", "10:30", "2026-11-24"), today)).toBe(true)
    expect(clashes(oneOff("TUESDAY", "09:00", "10:00", "2026-11-17"), recurring("TUESDAY", "09:00", "10:00"), today)).toBe(false)
    // A one-off dated today still has its hours ahead of it: a recurring one over them clashes.
    expect(clashes(oneOff("SATURDAY", "09:00", "10:00", today), recurring("SATURDAY", "09:30", "11:00"), today)).toBe(true)
  })

  it("finds the next date on a weekday, today included", () => {
    const saturday = Temporal.PlainDate.from("2026-11-21")
    expect(nextDateOn("SATURDAY", saturday).toString()).toBe("2026-11-21")
    expect(nextDateOn("SUNDAY", saturday).toString()).toBe("2026-11-22")
    expect(nextDateOn("FRIDAY", saturday).toString()).toBe("2026-11-27")
  })

  it("places a doctor without facility in their country's zone", () => {
    expect(zoneOfCountry("CHAD")).toBe("Africa/Ndjamena")
    expect(zoneOfCountry("SENEGAL")).toBe("Africa/Dakar")
    expect(zoneOfCountry(undefined)).toBe("Africa/Dakar")
  })
})
