import { and, gte, inArray, sql } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import { DAYS_OF_WEEK, type FacilityTimeZone } from "../../schemas/enums.ts"
import { dailySlotTimes, minutesOf, type SlotTimes } from "../../schemas/slotTimes.ts"
import type { Db } from "../db/client.ts"
import { availabilities, doctors, doctorSettings, timeSlots } from "../db/schema.ts"
import { toIsoDate } from "../db/time.ts"
import { inTransaction } from "../db/transaction.ts"
import type { DoctorId } from "../../schemas/ids.ts"

export interface SlotAvailability {
  readonly id: string
  readonly dayOfWeek: string
  /** HH:MM, local to timeZone. */
  readonly startTime: string
  readonly endTime: string
  readonly isRecurring: boolean
  readonly slotDurationMinutes: number
  readonly timeZone: FacilityTimeZone
  /** yyyy-MM-dd of a one-off availability, or null. */
  readonly onDate: string | null
}

/** A doctor's settings that shape the slots (doctor_settings). */
export interface SlotSettings {
  /** Minutes kept free between two different availabilities of the same date. */
  readonly bufferTime: number
  /** Slots of a date at most, all availabilities together. */
  readonly maxDailyAppointment: number
}

export interface PlanInput {
  readonly availability: SlotAvailability
  /** Only the daily maximum bears on one availability alone; the buffer is between availabilities. */
  readonly settings: Pick<SlotSettings, "maxDailyAppointment">
  readonly from: Temporal.PlainDate
  readonly weeks: number
  readonly now: Temporal.Instant
}

export interface PlannedSlot {
  readonly slotDate: string
  readonly startTime: string
  readonly endTime: string
  readonly startsAt: Date
}

/** Settings used when a doctor has no doctor_settings row (SPEC §9 doctor defaults). */
export const DEFAULT_SLOT_SETTINGS: SlotSettings = { bufferTime: 15, maxDailyAppointment: 20 }
export const DEFAULT_WEEKS = 4

/** The local dates an availability applies to, within [from, from + weeks * 7 days). */
function datesOf(availability: SlotAvailability, from: Temporal.PlainDate, weeks: number): Temporal.PlainDate[] {
  if (!availability.isRecurring && availability.onDate !== null) {
    // A one-off with an explicit date is authoritative: the doctor chose that day, so it is
    // kept even beyond the horizon; only a date already behind `from` is dropped.
    const onDate = Temporal.PlainDate.from(availability.onDate)
    return Temporal.PlainDate.compare(onDate, from) >= 0 ? [onDate] : []
  }
  // DAYS_OF_WEEK is Monday first, as Temporal numbers days (dayOfWeek 1 = Monday ... 7 = Sunday).
  const weekday = DAYS_OF_WEEK.indexOf(availability.dayOfWeek as (typeof DAYS_OF_WEEK)[number]) + 1
  if (weekday === 0) return []
  const first = from.add({ days: (weekday - from.dayOfWeek + 7) % 7 })
  if (!availability.isRecurring) return [first]
  const end = from.add({ days: weeks * 7 })
  const dates: Temporal.PlainDate[] = []
  for (let d = first; Temporal.PlainDate.compare(d, end) < 0; d = d.add({ weeks: 1 })) dates.push(d)
  return dates
}

/*
 * The seed plans over a million slots from a few dozen distinct day schedules and local start
 * times, and the Temporal polyfill allocates a lot per operation: both pure computations are
 * memoised (bounded, cleared when full).
 */
const scheduleCache = new Map<string, ReadonlyArray<SlotTimes>>()
const instantCache = new Map<string, Temporal.Instant>()
const CACHE_LIMIT = 20_000

function memo<V>(cache: Map<string, V>, key: string, make: () => V): V {
  const hit = cache.get(key)
  if (hit !== undefined) return hit
  if (cache.size >= CACHE_LIMIT) cache.clear()
  const value = make()
  cache.set(key, value)
  return value
}

/** The UTC instant of a local date and wall-clock time in an IANA zone. */
function instantOf(date: Temporal.PlainDate, slotDate: string, startTime: string, timeZone: string): Temporal.Instant {
  return memo(instantCache, `${slotDate}T${startTime} ${timeZone}`, () =>
    date.toPlainDateTime(Temporal.PlainTime.from(startTime)).toZonedDateTime(timeZone).toInstant(),
  )
}

/** The grid of one day of an availability (schemas/slotTimes.ts), the same for every date it applies to. */
function daySchedule(availability: SlotAvailability, maxDailyAppointment: number): ReadonlyArray<SlotTimes> {
  const { startTime, endTime, slotDurationMinutes } = availability
  if (!Number.isInteger(slotDurationMinutes) || slotDurationMinutes < 1) throw new RangeError(`slotDurationMinutes must be ≥ 1, got ${slotDurationMinutes}`)
  return memo(scheduleCache, [startTime, endTime, slotDurationMinutes, maxDailyAppointment].join("|"), () =>
    dailySlotTimes({ startTime, endTime, slotDurationMinutes, maxDailyAppointment }),
  )
}

/** Every slot of one availability over the window, past ones included, in date then start order. */
function planWholeDays(input: Omit<PlanInput, "now">): PlannedSlot[] {
  const { availability, settings, from, weeks } = input
  const schedule = daySchedule(availability, settings.maxDailyAppointment)
  const slots: PlannedSlot[] = []
  for (const date of datesOf(availability, from, weeks)) {
    const slotDate = date.toString()
    for (const { startTime, endTime } of schedule) {
      const startsAt = instantOf(date, slotDate, startTime, availability.timeZone)
      slots.push({ slotDate, startTime, endTime, startsAt: new Date(startsAt.epochMilliseconds) })
    }
  }
  return slots
}

/**
 * The slots of one availability alone, in start order: its back-to-back grid on every date it
 * applies to, from `now` on. The daily maximum is applied to the whole day's grid before dropping
 * slots already past, so the same day always offers the same slots whatever the hour the
 * generation runs (a run at 11:00 does not add slots a run at 07:00 would not).
 */
export function planSlots(input: PlanInput): PlannedSlot[] {
  const now = input.now.epochMilliseconds
  return planWholeDays(input).filter((s) => s.startsAt.getTime() >= now)
}

/** A slot of a doctor's date, stored or planned, in local minutes of that date. */
export interface DaySlot {
  readonly availabilityId: string
  readonly start: number
  readonly end: number
}

/**
 * Fits the planned slots of one doctor's date among the slots already stored for it, and returns
 * those kept, in start order. The rule of the date as a whole:
 * - a slot never overlaps another one (stored slots, booked ones included, never move; one
 *   already stored at that time is simply not planned again, which keeps generation idempotent);
 * - between slots of two different availabilities the doctor keeps `bufferTime` minutes: a slot
 *   never starts less than that after the end of another availability's slot, nor ends less than
 *   that before the start of one. A slot that would break the gap is skipped; the others keep
 *   their own availability's grid. With a 15-minute buffer, Tuesday 09:00-12:00 and 12:00-14:00
 *   in 30-minute slots give 09:00 … 11:30, then 12:30 … 13:30 (12:00 is skipped, not moved to 12:15);
 * - at most `maxDailyAppointment` slots on the date, stored ones counted first.
 * Planned slots are taken earliest first (then by availability id), so in one run the later
 * availability of the day gives way; slots stored by an earlier run stay and new ones give way to them.
 */
export function fitDay<T extends DaySlot>(stored: ReadonlyArray<DaySlot>, planned: ReadonlyArray<T>, settings: SlotSettings): T[] {
  const placed = [...stored]
  const buffer = Math.max(0, settings.bufferTime)
  const kept: T[] = []
  const ordered = [...planned].sort((x, y) => x.start - y.start || compareText(x.availabilityId, y.availabilityId))
  for (const slot of ordered) {
    if (placed.length >= settings.maxDailyAppointment) break
    const clash = placed.some((p) => {
      const gap = p.availabilityId === slot.availabilityId ? 0 : buffer
      return slot.start < p.end + gap && p.start < slot.end + gap
    })
    if (clash) continue
    placed.push(slot)
    kept.push(slot)
  }
  return kept
}
export interface GenerateOptions {
  /** First local date; defaults to today in each availability's time zone. */
  readonly from?: Temporal.PlainDate
  readonly weeks?: number
  readonly now?: Temporal.Instant
}

/** Creates the missing slots of one doctor for the coming weeks; returns how many were inserted. */
export function generateSlots(db: Db, doctorId: DoctorId, options: GenerateOptions = {}): Promise<number> {
  return generateSlotsForDoctors(db, [doctorId], options)
}

type SlotRow = typeof timeSlots.$inferInsert

interface Candidate extends DaySlot {
  readonly row: SlotRow
}

const DOCTORS_PER_CHUNK = 500
const ROWS_PER_INSERT = 5000

/**
 * generateSlots for many doctors with a fixed number of statements per chunk of doctors: the
 * seed uses it for thousands of doctors, so everything is planned in memory and bulk inserted.
 */
export async function generateSlotsForDoctors(db: Db, doctorIds: ReadonlyArray<DoctorId>, options: GenerateOptions = {}): Promise<number> {
  let inserted = 0
  for (let i = 0; i < doctorIds.length; i += DOCTORS_PER_CHUNK) {
    const chunk = doctorIds.slice(i, i + DOCTORS_PER_CHUNK)
    inserted += await inTransaction(db, (tx) => generateChunk(tx, chunk, options))
  }
  return inserted
}

async function generateChunk(db: Db, doctorIds: DoctorId[], options: GenerateOptions): Promise<number> {
  const now = options.now ?? Temporal.Now.instant()
  const weeks = options.weeks ?? DEFAULT_WEEKS
  // Serialises concurrent generations for the same doctors, so two runs cannot both see room
  // under the daily cap. NO KEY UPDATE still lets appointments reference the doctor meanwhile.
  await db.select({ id: doctors.id }).from(doctors).where(inArray(doctors.id, doctorIds)).for("no key update")
  const [availabilityRows, settingsRows] = await Promise.all([
    db.select().from(availabilities).where(inArray(availabilities.doctorId, doctorIds)),
    db
      .select({ doctorId: doctorSettings.doctorId, bufferTime: doctorSettings.bufferTime, maxDailyAppointment: doctorSettings.maxDailyAppointment })
      .from(doctorSettings)
      .where(inArray(doctorSettings.doctorId, doctorIds)),
  ])
  if (availabilityRows.length === 0) return 0
  const settingsOf = new Map<string, (typeof settingsRows)[number]>(settingsRows.map((s) => [s.doctorId, s]))

  // Candidates per doctor and local date, from every availability of that day. Slots already past
  // are planned too, so they hold their place under the date's rule exactly as they did when
  // they were ahead (the same date gets the same slots whatever the hour of the run); only
  // future ones are inserted.
  const candidates = new Map<string, Candidate[]>()
  const todayIn = new Map<string, Temporal.PlainDate>()
  let earliest: string | undefined
  for (const a of availabilityRows) {
    const from = options.from ?? memoToday(todayIn, now, a.timeZone)
    if (earliest === undefined || from.toString() < earliest) earliest = from.toString()
    const settings = settingsOf.get(a.doctorId) ?? DEFAULT_SLOT_SETTINGS
    const availability: SlotAvailability = { ...a, onDate: toIsoDate(a.onDate) }
    for (const s of planWholeDays({ availability, settings, from, weeks })) {
      const key = `${a.doctorId}|${s.slotDate}`
      const row: SlotRow = {
        doctorId: a.doctorId,
        availabilityId: a.id,
        facilityId: a.facilityId,
        slotDate: s.slotDate,
        startTime: s.startTime,
        endTime: s.endTime,
        startsAt: s.startsAt,
        timeZone: a.timeZone,
      }
      const candidate: Candidate = { availabilityId: a.id, start: minutesOf(s.startTime), end: minutesOf(s.endTime), row }
      const list = candidates.get(key)
      if (list) list.push(candidate)
      else candidates.set(key, [candidate])
    }
  }
  if (earliest === undefined || candidates.size === 0) return 0

  // Slots already stored hold their place on their date (the cap, the buffer), whichever
  // availability made them and whatever their status.
  const existing = await db
    .select({
      doctorId: timeSlots.doctorId,
      slotDate: timeSlots.slotDate,
      availabilityId: timeSlots.availabilityId,
      startTime: timeSlots.startTime,
      endTime: timeSlots.endTime,
    })
    .from(timeSlots)
    .where(and(inArray(timeSlots.doctorId, doctorIds), gte(timeSlots.slotDate, earliest)))
  const storedOf = new Map<string, DaySlot[]>()
  for (const e of existing) {
    const key = `${e.doctorId}|${toIsoDate(e.slotDate)}`
    const slot: DaySlot = { availabilityId: e.availabilityId, start: minutesOf(e.startTime), end: minutesOf(e.endTime) }
    const list = storedOf.get(key)
    if (list) list.push(slot)
    else storedOf.set(key, [slot])
  }

  const nowMs = now.epochMilliseconds
  const rows: SlotRow[] = []
  for (const [key, list] of candidates) {
    const settings = settingsOf.get(key.slice(0, key.indexOf("|"))) ?? DEFAULT_SLOT_SETTINGS
    for (const { row } of fitDay(storedOf.get(key) ?? [], list, settings)) {
      if (row.startsAt.getTime() >= nowMs) rows.push(row)
    }
  }

  // In index order: appending to the (doctor, date, start) indexes is much cheaper than
  // inserting at random places, which matters for the seed's million slots.
  rows.sort((x, y) => compareText(x.doctorId, y.doctorId) || compareText(x.slotDate, y.slotDate) || compareText(x.startTime, y.startTime))
  let inserted = 0
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) inserted += await insertSlots(db, rows.slice(i, i + ROWS_PER_INSERT))
  return inserted
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

function memoToday(cache: Map<string, Temporal.PlainDate>, now: Temporal.Instant, timeZone: string): Temporal.PlainDate {
  let today = cache.get(timeZone)
  if (!today) cache.set(timeZone, (today = now.toZonedDateTimeISO(timeZone).toPlainDate()))
  return today
}

/**
 * One statement per batch with the rows as a single JSON parameter: far cheaper to send and
 * parse than thousands of bind parameters. A slot that already exists is skipped (the unique
 * index on doctor, date and start makes generation idempotent).
 */
async function insertSlots(db: Db, rows: ReadonlyArray<SlotRow>): Promise<number> {
  const json = JSON.stringify(rows)
  const result = (await db.execute<Record<string, unknown>>(sql`
    WITH inserted AS (
      INSERT INTO time_slots (doctor_id, availability_id, facility_id, slot_date, start_time, end_time, starts_at, time_zone)
      SELECT "doctorId", "availabilityId", "facilityId", "slotDate", "startTime", "endTime", "startsAt", "timeZone"
      FROM json_to_recordset(${json}::json) AS r(
        "doctorId" uuid, "availabilityId" uuid, "facilityId" uuid, "slotDate" date,
        "startTime" text, "endTime" text, "startsAt" timestamptz, "timeZone" text)
      ON CONFLICT (doctor_id, slot_date, start_time) DO NOTHING
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM inserted
  `)) as { rows: { n: number }[] }
  return result.rows[0]?.n ?? 0
}
