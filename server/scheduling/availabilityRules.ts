import { Temporal } from "temporal-polyfill"
import { DAYS_OF_WEEK, type DayOfWeek } from "../../schemas/enums.ts"
import { dailySlotTimes } from "../../schemas/slotTimes.ts"
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

/** What fixes the date of a one-off availability. */
export interface OneOffWindow {
  readonly dayOfWeek: DayOfWeek
  /** HH:MM, local to the availability's zone, like `now`. */
  readonly startTime: string
  readonly endTime: string
  readonly slotDurationMinutes: number
}

/**
 * The date a one-off availability is for: the next date on its weekday on which one of its slots
 * is still to start. Today when today is that weekday and a slot of it starts after `now` (the
 * doctor opening the rest of the morning); next week's when every slot of today's has begun, rather
 * than a date that could never be booked.
 */
export function oneOffDateOf(window: OneOffWindow, now: Temporal.ZonedDateTime): Temporal.PlainDate {
  const today = now.toPlainDate()
  const date = nextDateOn(window.dayOfWeek, today)
  if (!date.equals(today)) return date
  const slots = dailySlotTimes({ ...window, maxDailyAppointment: Number.POSITIVE_INFINITY })
  const later = slots.some((slot) => Temporal.PlainTime.compare(Temporal.PlainTime.from(slot.startTime), now.toPlainTime()) > 0)
  return later ? today : today.add({ weeks: 1 })
}
