import { Temporal } from "temporal-polyfill"

export type ExperienceUnit = "years" | "months" | "weeks" | "days"

/** SPEC §2: a number of days shown in years, months, weeks or days, with thresholds 365, 30 and 7. */
export function experienceOf(days: number): { value: number; unit: ExperienceUnit } {
  const whole = Math.max(0, Math.floor(days))
  if (whole >= 365) return { value: Math.floor(whole / 365), unit: "years" }
  if (whole >= 30) return { value: Math.floor(whole / 30), unit: "months" }
  if (whole >= 7) return { value: Math.floor(whole / 7), unit: "weeks" }
  return { value: whole, unit: "days" }
}

/** Days of practice since 1 January of the career start year. */
export function daysOfPractice(careerStartYear: number, today: Temporal.PlainDate): number {
  return Temporal.PlainDate.from({ year: careerStartYear, month: 1, day: 1 }).until(today).days
}
