import { Temporal } from "temporal-polyfill"

/** Today's date in a zone (a facility's, or the device's when none is given). */
export function todayIn(timeZone?: string): Temporal.PlainDate {
  return Temporal.Now.plainDateISO(timeZone ?? Temporal.Now.timeZoneId())
}

/** The Monday of the week holding `date`: weeks start on Monday everywhere (SPEC §9). */
export function mondayOf(date: Temporal.PlainDate): Temporal.PlainDate {
  return date.subtract({ days: date.dayOfWeek - 1 })
}

/** The 7 dates of the week starting at `monday`. */
export function weekDates(monday: Temporal.PlainDate): Temporal.PlainDate[] {
  return Array.from({ length: 7 }, (_, i) => monday.add({ days: i }))
}

export const parseDate = (isoDate: string): Temporal.PlainDate => Temporal.PlainDate.from(isoDate)

/** The instant of a local date and time in a zone, as the API sends it: UTC, no milliseconds. */
export function toUtcInstant(date: string, time: string, timeZone: string): string {
  const zoned = Temporal.PlainDateTime.from(`${date}T${time}`).toZonedDateTime(timeZone)
  return zoned.toInstant().toString({ smallestUnit: "second" })
}

/** Age in whole years, or in months under one year (SPEC §9). */
export function ageOf(dateOfBirth: string, today: Temporal.PlainDate = todayIn()): { years: number } | { months: number } {
  const span = Temporal.PlainDate.from(dateOfBirth).until(today, { largestUnit: "years" })
  return span.years >= 1 ? { years: span.years } : { months: span.months }
}
