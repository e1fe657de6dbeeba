import { sql } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import { DAYS_OF_WEEK } from "../../schemas/enums.ts"
import type { Db } from "../db/client.ts"
import { availabilities, timeSlots } from "../db/schema.ts"
import { errorFacts } from "../http/errorLog.ts"
import { scoped } from "../observability/log.ts"
import { MAX_WEEKS_AHEAD, todayIn } from "./schedule.ts"
import { DEFAULT_WEEKS, generateSlotsForDoctors } from "./slots.ts"
import type { DoctorId } from "../../schemas/ids.ts"

/**
 * Rolls every schedule's horizon forward, so that reads never have to write: each doctor with an
 * availability gets DEFAULT_WEEKS of slots ahead, and a doctor whose slots already reach further
 * (they set up their schedule here: see topUpSlots) keeps MAX_WEEKS_AHEAD. Idempotent; returns
 * how many slots were made. Only doctors whose schedule has fallen behind are planned (see
 * doctorsBehind): planning all of them took minutes of CPU at 10,000 doctors on every start.
 */
export async function topUpAllSchedules(db: Db, now: Temporal.Instant = Temporal.Now.instant()): Promise<number> {
  const standardEnd = Temporal.PlainDate.from(todayIn("Africa/Dakar", now)).add({ weeks: DEFAULT_WEEKS }).toString()
  const behind = await doctorsBehind(db, now, standardEnd)
  const made = await generateSlotsForDoctors(db, behind.standard, { weeks: DEFAULT_WEEKS, now })
  return made + (await generateSlotsForDoctors(db, behind.far, { weeks: MAX_WEEKS_AHEAD, now }))
}

/**
 * Doctors with no slot on or after the last date one of their availabilities should reach: a
 * recurring one on its weekday's last date before the horizon's end (in its own time zone), a
 * one-off on its date. A run plans every availability of a date together, so a date with any slot
 * has been planned; a date without is what a run would add (one legitimately empty, a day off, is
 * merely planned again, which changes nothing). Holes inside the horizon are not this job's:
 * every schedule change re-plans its doctor at once. "far" doctors already have slots beyond the
 * standard horizon and keep the long one.
 */
export async function doctorsBehind(db: Db, now: Temporal.Instant, standardEnd: string): Promise<{ standard: DoctorId[]; far: DoctorId[] }> {
  const at = now.toString()
  const weekdays = sql.raw(`ARRAY[${DAYS_OF_WEEK.map((d) => `'${d}'`).join(",")}]`)
  const result = (await db.execute<Record<string, unknown>>(sql`
    WITH far AS (
      SELECT DISTINCT a.doctor_id FROM ${availabilities} a
      WHERE EXISTS (SELECT 1 FROM ${timeSlots} t WHERE t.doctor_id = a.doctor_id AND t.slot_date > ${standardEnd}::date)
    ),
    horizon AS (
      SELECT a.id, a.doctor_id, a.is_recurring, a.on_date, a.day_of_week, f.doctor_id IS NOT NULL AS far,
             (${at}::timestamptz AT TIME ZONE a.time_zone)::date AS today,
             (${at}::timestamptz AT TIME ZONE a.time_zone)::date
               + (CASE WHEN f.doctor_id IS NULL THEN ${DEFAULT_WEEKS}::int ELSE ${MAX_WEEKS_AHEAD}::int END) * 7 - 1 AS last
      FROM ${availabilities} a LEFT JOIN far f ON f.doctor_id = a.doctor_id
    ),
    due AS (
      SELECT h.*, CASE
        WHEN h.is_recurring THEN h.last - ((extract(isodow FROM h.last)::int - array_position(${weekdays}, h.day_of_week) + 7) % 7)
        WHEN h.on_date IS NOT NULL THEN CASE WHEN h.on_date >= h.today THEN h.on_date END
        ELSE h.today
      END AS due_date
      FROM horizon h
    )
    SELECT DISTINCT d.doctor_id, d.far FROM due d
    WHERE d.due_date IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM ${timeSlots} t WHERE t.doctor_id = d.doctor_id AND t.slot_date >= d.due_date
    )
  `)) as { rows: Array<{ doctor_id: DoctorId; far: boolean }> }
  const standard: DoctorId[] = []
  const far: DoctorId[] = []
  for (const row of result.rows) (row.far ? far : standard).push(row.doctor_id)
  return { standard, far }
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
        (error: unknown) => scoped("slots").error({ error: errorFacts(error).name, sqlState: errorFacts(error).sqlState }, "topping up the schedules failed"),
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
