import { Temporal } from "temporal-polyfill"
import { describe, expect, it } from "vitest"
import { clashes, nextDateOn, oneOffDateOf, timesOverlap, zoneOfCountry } from "./availabilityRules.ts"

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

  it("dates a one-off on its weekday's next date with a slot still to start: today's until its last slot has begun", () => {
    const sundayMorning = { dayOfWeek: "SUNDAY", startTime: "10:00", endTime: "11:00", slotDurationMinutes: 30 } as const
    const at = (instant: string, zone = "Africa/Dakar") => Temporal.ZonedDateTime.from(`${instant}[${zone}]`)
    // Sunday 29 November 2026: before the hours, between the two slots, as the last one starts, after them.
    expect(oneOffDateOf(sundayMorning, at("2026-11-29T08:00")).toString()).toBe("2026-11-29")
    expect(oneOffDateOf(sundayMorning, at("2026-11-29T10:15")).toString()).toBe("2026-11-29")
    expect(oneOffDateOf(sundayMorning, at("2026-11-29T10:30")).toString()).toBe("2026-12-06")
    expect(oneOffDateOf(sundayMorning, at("2026-11-29T11:45")).toString()).toBe("2026-12-06")
    // Another weekday: its next date, whatever the hour.
    expect(oneOffDateOf(sundayMorning, at("2026-11-28T23:59")).toString()).toBe("2026-11-29")
    expect(oneOffDateOf({ ...sundayMorning, dayOfWeek: "MONDAY" }, at("2026-11-29T11:45")).toString()).toBe("2026-11-30")
    // The zone's own clock: 09:30 in Dakar is 10:30 in N'Djamena, where the last slot has begun.
    expect(oneOffDateOf(sundayMorning, at("2026-11-29T10:30", "Africa/Ndjamena")).toString()).toBe("2026-12-06")
  })

  it("places a doctor without facility in their country's zone", () => {
    expect(zoneOfCountry("CHAD")).toBe("Africa/Ndjamena")
    expect(zoneOfCountry("SENEGAL")).toBe("Africa/Dakar")
    expect(zoneOfCountry(undefined)).toBe("Africa/Dakar")
  })
})
