/**
 * The slot grid of one day of an availability, shared by the gateway (slot generation) and the
 * add-availability preview, so what the doctor sees before saving is what gets created.
 *
 * Within one availability slots run back to back: start, start + duration, …, each
 * `slotDurationMinutes` long, the last one ending at or before the end time, at most
 * `maxDailyAppointment` of them (so 09:00-12:00 in 30-minute slots is 6 slots).
 *
 * The doctor's buffer time is not spent inside an availability: it is the gap kept between two
 * different availabilities of the same date. Only the gateway sees a date whole (every
 * availability and the slots already stored), so it applies that gap, and the daily maximum
 * across availabilities, when it fits a date's slots together (server/scheduling/slots.ts).
 */
export interface DailySlotRule {
  /** HH:MM */
  readonly startTime: string
  /** HH:MM, after startTime on the same day. */
  readonly endTime: string
  readonly slotDurationMinutes: number
  readonly maxDailyAppointment: number
}

export interface SlotTimes {
  readonly startTime: string
  readonly endTime: string
}

/** Minutes since midnight of an HH:MM time. */
export const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(":").map(Number)
  return (h ?? 0) * 60 + (m ?? 0)
}

const toHhmm = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`

/** The slots of one day of an availability under the rule, in order; empty when nothing fits. */
export function dailySlotTimes(rule: DailySlotRule): SlotTimes[] {
  const duration = rule.slotDurationMinutes
  if (!Number.isInteger(duration) || duration < 1) return []
  // Minutes within the day: a slot that would run past midnight is past the end time, never 00:xx.
  const end = minutesOf(rule.endTime)
  const slots: SlotTimes[] = []
  for (let start = minutesOf(rule.startTime); slots.length < rule.maxDailyAppointment && start + duration <= end; start += duration) {
    slots.push({ startTime: toHhmm(start), endTime: toHhmm(start + duration) })
  }
  return slots
}
