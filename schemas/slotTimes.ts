/**
 * The planning rule of one day of an availability, shared by the gateway (slot generation) and
 * the add-availability preview, so what the doctor sees before saving is what gets created.
 * Slots run back from the start time, `bufferTime` minutes apart, each `slotDurationMinutes`
 * long; the last one ends at or before the end time; at most `maxDailyAppointment` per day.
 */
export interface DailySlotRule {
  /** HH:MM */
  readonly startTime: string
  /** HH:MM, after startTime on the same day. */
  readonly endTime: string
  readonly slotDurationMinutes: number
  readonly bufferTime: number
  readonly maxDailyAppointment: number
}

export interface SlotTimes {
  readonly startTime: string
  readonly endTime: string
}

const toMinutes = (hhmm: string): number => {
  const [h, m] = hhmm.split(":").map(Number)
  return (h ?? 0) * 60 + (m ?? 0)
}

const toHhmm = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`

/** The slots of one day under the rule, in order; empty when nothing fits. */
export function dailySlotTimes(rule: DailySlotRule): SlotTimes[] {
  const duration = rule.slotDurationMinutes
  if (!Number.isInteger(duration) || duration < 1) return []
  const buffer = Math.max(0, rule.bufferTime)
  const end = toMinutes(rule.endTime)
  const slots: SlotTimes[] = []
  for (let start = toMinutes(rule.startTime); slots.length < rule.maxDailyAppointment; start += duration + buffer) {
    if (start + duration > end) break
    slots.push({ startTime: toHhmm(start), endTime: toHhmm(start + duration) })
  }
  return slots
}
