import type { DayOfWeek } from "../../../../schemas/enums.ts"
import type { OpeningHours, WeeklyHours } from "../../../../schemas/facility.ts"

// One per zone: each card of the directory asks, and making a format costs far more than using it.
const weekdayFormats = new Map<string, Intl.DateTimeFormat>()
function weekdayIn(timeZone: string, now: Date): DayOfWeek {
  let format = weekdayFormats.get(timeZone)
  if (!format) weekdayFormats.set(timeZone, (format = new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone })))
  return format.format(now).toUpperCase() as DayOfWeek
}

/** Today's opening hours in the facility's own time zone, or null when it is closed today. */
export function hoursToday(hours: WeeklyHours, timeZone: string, now: Date = new Date()): OpeningHours | null {
  return hours[weekdayIn(timeZone, now)] ?? null
}
