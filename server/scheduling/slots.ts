import { and, gte, inArray, sql } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import { DAYS_OF_WEEK, type FacilityTimeZone } from "../../schemas/enums.ts"
import type { Db } from "../db/client.ts"
import { availabilities, doctors, doctorSettings, timeSlots } from "../db/schema.ts"
import { toIsoDate } from "../db/time.ts"

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

export interface SlotSettings {
  readonly bufferTime: number
  readonly maxDailyAppointment: number
}

export interface PlanInput {
  readonly availability: SlotAvailability
  readonly settings: SlotSettings
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

interface DaySlot {
  readonly startTime: string
  readonly endTime: string
}

/*
 * The seed plans over a million slots from a few dozen distinct day schedules and local start
 * times, and the Temporal polyfill allocates a lot per operation: both pure computations are
 * memoised (bounded, cleared when full).
 */
const scheduleCache = new Map<string, ReadonlyArray<DaySlot>>()
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

/**
 * The wall-clock slots of one day of an availability, the same for every date it applies to:
 * from the start time, each lasting the slot duration, the next starting after the buffer,
 * the last ending at or before the end time, at most the daily maximum.
 */
function daySchedule(availability: SlotAvailability, settings: SlotSettings): ReadonlyArray<DaySlot> {
  const key = [availability.startTime, availability.endTime, availability.slotDurationMinutes, settings.bufferTime, settings.maxDailyAppointment].join("|")
  return memo(scheduleCache, key, () => computeDaySchedule(availability, settings))
}

function computeDaySchedule(availability: SlotAvailability, settings: SlotSettings): DaySlot[] {
  const duration = availability.slotDurationMinutes
  if (!Number.isInteger(duration) || duration < 1) throw new RangeError(`slotDurationMinutes must be ≥ 1, got ${duration}`)
  const buffer = Math.max(0, settings.bufferTime)
  // Date-times on an arbitrary day, not plain times, so a slot running past midnight compares
  // as later than the end instead of wrapping around to 00:xx.
  const day = Temporal.PlainDate.from("2000-01-03")
  const dayEnd = day.toPlainDateTime(Temporal.PlainTime.from(availability.endTime))
  const schedule: DaySlot[] = []
  let slotStart = day.toPlainDateTime(Temporal.PlainTime.from(availability.startTime))
  while (schedule.length < settings.maxDailyAppointment) {
    const slotEnd = slotStart.add({ minutes: duration })
    if (Temporal.PlainDateTime.compare(slotEnd, dayEnd) > 0) break
    schedule.push({
      startTime: slotStart.toPlainTime().toString({ smallestUnit: "minute" }),
      endTime: slotEnd.toPlainTime().toString({ smallestUnit: "minute" }),
    })
    slotStart = slotEnd.add({ minutes: buffer })
  }
  return schedule
}

/**
 * The slots of one availability, in start order. The daily cap is applied to the day's schedule
 * before dropping slots already past, so the same day always offers the same slots whatever the
 * hour the generation runs (a run at 11:00 does not add afternoon slots a run at 07:00 would not).
 */
export function planSlots(input: PlanInput): PlannedSlot[] {
  const { availability, settings, from, weeks, now } = input
  const schedule = daySchedule(availability, settings)
  const slots: PlannedSlot[] = []
  for (const date of datesOf(availability, from, weeks)) {
    const slotDate = date.toString()
    for (const { startTime, endTime } of schedule) {
      const startsAt = instantOf(date, slotDate, startTime, availability.timeZone)
      if (startsAt.epochNanoseconds < now.epochNanoseconds) continue
      slots.push({ slotDate, startTime, endTime, startsAt: new Date(startsAt.epochMilliseconds) })
    }
  }
  return slots
}

export interface GenerateOptions {
  /** First local date; defaults to today in each availability's time zone. */
  readonly from?: Temporal.PlainDate
  readonly weeks?: number
  readonly now?: Temporal.Instant
}

/** Creates the missing slots of one doctor for the coming weeks; returns how many were inserted. */
export function generateSlots(db: Db, doctorId: string, options: GenerateOptions = {}): Promise<number> {
  return generateSlotsForDoctors(db, [doctorId], options)
}

type SlotRow = typeof timeSlots.$inferInsert

const DOCTORS_PER_CHUNK = 500
const ROWS_PER_INSERT = 5000

/**
 * generateSlots for many doctors with a fixed number of statements per chunk of doctors: the
 * seed uses it for thousands of doctors, so everything is planned in memory and bulk inserted.
 */
export async function generateSlotsForDoctors(db: Db, doctorIds: ReadonlyArray<string>, options: GenerateOptions = {}): Promise<number> {
  let inserted = 0
  for (let i = 0; i < doctorIds.length; i += DOCTORS_PER_CHUNK) {
    const chunk = doctorIds.slice(i, i + DOCTORS_PER_CHUNK)
    inserted += await db.transaction((tx) => generateChunk(tx as unknown as Db, chunk, options))
  }
  return inserted
}

async function generateChunk(db: Db, doctorIds: string[], options: GenerateOptions): Promise<number> {
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
  const settingsOf = new Map(settingsRows.map((s) => [s.doctorId, s]))

  // Candidates per doctor and local date, from every availability of that day.
  const candidates = new Map<string, SlotRow[]>()
  const todayIn = new Map<string, Temporal.PlainDate>()
  let earliest: string | undefined
  for (const a of availabilityRows) {
    const from = options.from ?? memoToday(todayIn, now, a.timeZone)
    if (earliest === undefined || from.toString() < earliest) earliest = from.toString()
    const settings = settingsOf.get(a.doctorId) ?? DEFAULT_SLOT_SETTINGS
    const availability: SlotAvailability = { ...a, onDate: toIsoDate(a.onDate) }
    for (const s of planSlots({ availability, settings, from, weeks, now })) {
      const key = `${a.doctorId}|${s.slotDate}`
      const row: SlotRow = { ...s, doctorId: a.doctorId, availabilityId: a.id, facilityId: a.facilityId, timeZone: a.timeZone }
      const list = candidates.get(key)
      if (list) list.push(row)
      else candidates.set(key, [row])
    }
  }
  if (earliest === undefined || candidates.size === 0) return 0

  // Slots already stored count towards the cap of their day, whichever availability made them.
  const existing = await db
    .select({ doctorId: timeSlots.doctorId, slotDate: timeSlots.slotDate, startTime: timeSlots.startTime })
    .from(timeSlots)
    .where(and(inArray(timeSlots.doctorId, doctorIds), gte(timeSlots.slotDate, earliest)))
  const existingOf = new Map<string, Set<string>>()
  for (const e of existing) {
    const key = `${e.doctorId}|${toIsoDate(e.slotDate)}`
    const set = existingOf.get(key)
    if (set) set.add(e.startTime)
    else existingOf.set(key, new Set([e.startTime]))
  }

  const rows: SlotRow[] = []
  for (const [key, list] of candidates) {
    const doctorId = key.slice(0, key.indexOf("|"))
    const cap = (settingsOf.get(doctorId) ?? DEFAULT_SLOT_SETTINGS).maxDailyAppointment
    const taken = existingOf.get(key) ?? new Set<string>()
    let room = cap - taken.size
    // Earliest first, so when two availabilities compete for the cap the day fills in order.
    list.sort((x, y) => x.startsAt.getTime() - y.startsAt.getTime())
    for (const row of list) {
      if (room <= 0) break
      if (taken.has(row.startTime)) continue
      taken.add(row.startTime)
      rows.push(row)
      room--
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
  const result = (await db.execute(sql`
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
  `)) as unknown as { rows: { n: number }[] }
  return result.rows[0]?.n ?? 0
}
