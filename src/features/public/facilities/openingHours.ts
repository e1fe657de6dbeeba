import type { DayOfWeek } from "../../../../schemas/enums.ts"
import type { OpeningHours, WeeklyHours } from "../../../../schemas/facility.ts"

const weekdayIn = (timeZone: string, now: Date): DayOfWeek =>
  new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone }).format(now).toUpperCase() as DayOfWeek

/** Today's opening hours in the facility's own time zone, or null when it is closed today. */
export function hoursToday(hours: WeeklyHours, timeZone: string, now: Date = new Date()): OpeningHours | null {
  return hours[weekdayIn(timeZone, now)] ?? null
}
