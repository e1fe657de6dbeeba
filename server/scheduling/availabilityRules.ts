import { Temporal } from "temporal-polyfill"
import { DAYS_OF_WEEK, type DayOfWeek } from "../../schemas/enums.ts"
export { zoneOfCountry } from "../../schemas/timeZone.ts"

/** What the overlap rule needs to know of an availability. */
export interface AvailabilityWindow {
  readonly dayOfWeek: string
  /** HH:MM */
  readonly startTime: string
  readonly endTime: string
  readonly isRecurring: boolean
  /** yyyy-MM-dd of a one-off, null for a recurring one. */
  readonly onDate: string | null
}

/** Two time ranges of one day share at least a minute (HH:MM strings compare as times). */
export const timesOverlap = (a: { startTime: string; endTime: string }, b: { startTime: string; endTime: string }): boolean =>
  a.startTime < b.endTime && b.startTime < a.endTime

/**
 * The AVAILABILITY_ALREADY_EXISTS rule: a new availability may not overlap an existing one on the
 * same weekday. Two one-offs only clash on the same date, and a one-off already in the past
 * (before `today`) no longer blocks anything.
 */
export function clashes(existing: AvailabilityWindow, candidate: AvailabilityWindow, today: string): boolean {
  if (existing.dayOfWeek !== candidate.dayOfWeek || !timesOverlap(existing, candidate)) return false
  if (!existing.isRecurring && existing.onDate !== null && existing.onDate < today) return false
  if (!existing.isRecurring && !candidate.isRecurring) return existing.onDate === candidate.onDate
  return true
}

/** The first date on that weekday from `from` on (from itself when it matches). */
export function nextDateOn(dayOfWeek: DayOfWeek, from: Temporal.PlainDate): Temporal.PlainDate {
  const weekday = DAYS_OF_WEEK.indexOf(dayOfWeek) + 1
  return from.add({ days: (weekday - from.dayOfWeek + 7) % 7 })
}
