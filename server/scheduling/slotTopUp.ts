import { gt, max } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import type { Db } from "../db/client.ts"
import { availabilities, timeSlots } from "../db/schema.ts"
import { errorFacts } from "../http/errorLog.ts"
import { MAX_WEEKS_AHEAD, todayIn } from "./schedule.ts"
import { DEFAULT_WEEKS, generateSlotsForDoctors } from "./slots.ts"

/**
 * Rolls every schedule's horizon forward, so that reads never have to write: each doctor with an
 * availability gets DEFAULT_WEEKS of slots ahead, and a doctor whose slots already reach further
 * (they set up their schedule here: see topUpSlots) keeps MAX_WEEKS_AHEAD. Idempotent; returns
 * how many slots were made.
 */
export async function topUpAllSchedules(db: Db, now: Temporal.Instant = Temporal.Now.instant()): Promise<number> {
  const withAvailabilities = await db.selectDistinct({ doctorId: availabilities.doctorId }).from(availabilities)
  const standardEnd = Temporal.PlainDate.from(todayIn("Africa/Dakar", now)).add({ weeks: DEFAULT_WEEKS }).toString()
  const farReaching = await db
    .select({ doctorId: timeSlots.doctorId, last: max(timeSlots.slotDate) })
    .from(timeSlots)
    .where(gt(timeSlots.slotDate, standardEnd))
    .groupBy(timeSlots.doctorId)
  const far = new Set(farReaching.map((row) => row.doctorId))
  const standard = withAvailabilities.map((row) => row.doctorId).filter((id) => !far.has(id))
  const made = await generateSlotsForDoctors(db, standard, { weeks: DEFAULT_WEEKS, now })
  return made + (await generateSlotsForDoctors(db, [...far], { weeks: MAX_WEEKS_AHEAD, now }))
}

/**
 * Runs topUpAllSchedules now and then every `everyMs`, on a timer that never keeps the process
 * alive. Its stop clears the timer and waits for a run under way, which needs the database.
 */
export function startSlotTopUp(db: Db, everyMs: number): () => Promise<void> {
  let running: Promise<void> = Promise.resolve()
  let stopped = false
  const run = () => {
    if (stopped) return
    running = running
      .then(() => topUpAllSchedules(db))
      .then(
        () => {},
        (error: unknown) => console.error(`[slots] topping up the schedules failed: ${errorFacts(error).name}`),
      )
  }
  run()
  const timer = setInterval(run, everyMs)
  timer.unref()
  return async () => {
    stopped = true
    clearInterval(timer)
    await running
  }
}
