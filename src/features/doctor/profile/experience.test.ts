import { Temporal } from "temporal-polyfill"
import { describe, expect, it } from "vitest"
import { daysOfPractice, experienceOf } from "./experience.ts"

describe("experience display", () => {
  it("uses years from 365 days, months from 30, weeks from 7, days below", () => {
    expect(experienceOf(0)).toEqual({ value: 0, unit: "days" })
    expect(experienceOf(6)).toEqual({ value: 6, unit: "days" })
    expect(experienceOf(7)).toEqual({ value: 1, unit: "weeks" })
    expect(experienceOf(29)).toEqual({ value: 4, unit: "weeks" })
    expect(experienceOf(30)).toEqual({ value: 1, unit: "months" })
    expect(experienceOf(364)).toEqual({ value: 12, unit: "months" })
    expect(experienceOf(365)).toEqual({ value: 1, unit: "years" })
    expect(experienceOf(7300)).toEqual({ value: 20, unit: "years" })
    expect(experienceOf(-3)).toEqual({ value: 0, unit: "days" })
  })

  it("counts days from the first of January of the career start year", () => {
    expect(daysOfPractice(2026, Temporal.PlainDate.from("2026-01-08"))).toBe(7)
    expect(experienceOf(daysOfPractice(2006, Temporal.PlainDate.from("2026-11-21")))).toEqual({ value: 20, unit: "years" })
  })
})
