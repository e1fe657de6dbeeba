import { and, asc, eq, gte, inArray, lte, ne, sql } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import type { Availability, TimeSlot } from "../../schemas/availability.ts"
import type { DayOfWeek, FacilityTimeZone } from "../../schemas/enums.ts"
import type { Db } from "../db/client.ts"
import { appointments, availabilities, timeSlots } from "../db/schema.ts"
import { toIsoDate, toUtcSeconds } from "../db/time.ts"
import { liveHolder } from "../repositories/slotHolds.ts"
import { generateSlots } from "./slots.ts"
import { inTransaction } from "../db/transaction.ts"
import type { AppointmentId, DoctorId, TimeSlotId } from "../../schemas/ids.ts"

type SlotRow = typeof timeSlots.$inferSelect
type AvailabilityRow = typeof availabilities.$inferSelect

/** Furthest ahead a doctor's slots exist once they set up their schedule here (26 weeks, half a year). */
export const MAX_WEEKS_AHEAD = 26

/** How much a reader sees: the doctor sees every slot and its appointment, others only free future ones. */
export type SlotAudience = "owner" | "public"

function toTimeSlot(row: SlotRow, appointmentId: AppointmentId | null, audience: SlotAudience): TimeSlot {
  return {
    id: row.id,
    availabilityId: row.availabilityId,
    slotDate: toIsoDate(row.slotDate)!,
    slotStartTime: row.startTime,
    slotEndTime: row.endTime,
    startsAt: toUtcSeconds(row.startsAt),
    timeZone: row.timeZone,
    status: row.status,
    healthcareFacilityId: row.facilityId,
    appointmentId: audience === "owner" ? appointmentId : null,
  }
}

/** The live (not canceled) appointment of each slot, for the owner's view. */
async function appointmentsOfSlots(db: Db, slotIds: ReadonlyArray<TimeSlotId>): Promise<Map<TimeSlotId, AppointmentId>> {
  if (slotIds.length === 0) return new Map()
  const rows = await db
    .select({ id: appointments.id, slotId: appointments.timeSlotId })
    .from(appointments)
    .where(and(inArray(appointments.timeSlotId, [...slotIds]), ne(appointments.status, "CANCELED")))
  return new Map(rows.flatMap((r) => (r.slotId ? [[r.slotId, r.id] as const] : [])))
}

async function toTimeSlots(db: Db, rows: ReadonlyArray<SlotRow>, audience: SlotAudience): Promise<TimeSlot[]> {
  // The public sees bookable slots only: AVAILABLE, ahead, and held by nobody (issue 14).
  const now = Temporal.Now.instant()
  const visible =
    audience === "owner" ? rows : rows.filter((r) => r.status === "AVAILABLE" && r.startsAt.getTime() > now.epochMilliseconds && liveHolder(r, now) === null)
  const linked =
    audience === "owner"
      ? await appointmentsOfSlots(
          db,
          visible.map((r) => r.id),
        )
      : new Map<TimeSlotId, AppointmentId>()
  return visible.map((r) => toTimeSlot(r, linked.get(r.id) ?? null, audience))
}

export function toAvailability(row: AvailabilityRow, slots: ReadonlyArray<TimeSlot>): Availability {
  return {
    id: row.id,
    doctorId: row.doctorId,
    healthcareFacilityId: row.facilityId,
    dayOfWeek: row.dayOfWeek as DayOfWeek,
    startTime: row.startTime,
    endTime: row.endTime,
    isRecurring: row.isRecurring,
    slotDurationMinutes: row.slotDurationMinutes,
    timeZone: row.timeZone,
    onDate: toIsoDate(row.onDate),
    timeSlots: [...slots],
  }
}

/** Today in a facility's zone, yyyy-MM-dd. */
export const todayIn = (timeZone: FacilityTimeZone, now: Temporal.Instant = Temporal.Now.instant()): string =>
  now.toZonedDateTimeISO(timeZone).toPlainDate().toString()

/**
 * A doctor's availabilities, weekday order then start time, each with its slots from today (in
 * the doctor's zones; the earliest of them) on. One-offs already past are left out.
 */
export async function loadAvailabilities(db: Db, doctorId: DoctorId, audience: SlotAudience): Promise<Availability[]> {
  const rows = await db.select().from(availabilities).where(eq(availabilities.doctorId, doctorId))
  if (rows.length === 0) return []
  const from = rows.map((r) => todayIn(r.timeZone)).sort()[0]!
  const slotRows = await db
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.doctorId, doctorId), gte(timeSlots.slotDate, from)))
    .orderBy(asc(timeSlots.startsAt))
  const slots = await toTimeSlots(db, slotRows, audience)
  const slotsOf = new Map<string, TimeSlot[]>()
  for (const s of slots) slotsOf.set(s.availabilityId, [...(slotsOf.get(s.availabilityId) ?? []), s])
  const order = (r: AvailabilityRow) => `${WEEKDAY_ORDER.get(r.dayOfWeek) ?? 9}${r.startTime}`
  return rows
    .filter((r) => r.isRecurring || r.onDate === null || toIsoDate(r.onDate)! >= todayIn(r.timeZone))
    .sort((a, b) => order(a).localeCompare(order(b)))
    .map((r) => toAvailability(r, slotsOf.get(r.id) ?? []))
}

const WEEKDAY_ORDER = new Map(["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"].map((d, i) => [d, i]))

/** A doctor's slots between two local dates (inclusive), in start order. */
export async function loadTimeSlots(db: Db, doctorId: DoctorId, startDate: string, endDate: string, audience: SlotAudience): Promise<TimeSlot[]> {
  const rows = await db
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.doctorId, doctorId), gte(timeSlots.slotDate, startDate), lte(timeSlots.slotDate, endDate)))
    .orderBy(asc(timeSlots.startsAt))
  return toTimeSlots(db, rows, audience)
}

/**
 * Makes the doctor's slots exist MAX_WEEKS_AHEAD: called on the doctor's own writes (an
 * availability added, settings changed), never on a read; the slot job (slotTopUp.ts) then keeps
 * that horizon rolling. Generation is idempotent and fits new slots around the stored ones
 * (slots.ts, `fitDay`), so no patient can book over an existing appointment.
 */
export function topUpSlots(db: Db, doctorId: DoctorId, now: Temporal.Instant = Temporal.Now.instant()): Promise<number> {
  return generateSlots(db, doctorId, { weeks: MAX_WEEKS_AHEAD, now })
}

/**
 * After a change of buffer time or daily maximum: the free slots still ahead are planned again
 * under the new settings (the gap between availabilities, the daily maximum). Booked slots stay
 * where they are and the new free ones are fitted around them, never across one.
 */
export async function replanFreeSlots(db: Db, doctorId: DoctorId, now: Temporal.Instant = Temporal.Now.instant()): Promise<void> {
  const nowDate = new Date(now.epochMilliseconds)
  await inTransaction(db, async (tx) => {
    await tx
      .delete(timeSlots)
      .where(
        and(
          eq(timeSlots.doctorId, doctorId),
          eq(timeSlots.status, "AVAILABLE"),
          gte(timeSlots.startsAt, nowDate),
          sql`NOT EXISTS (SELECT 1 FROM ${appointments} a WHERE a.time_slot_id = ${timeSlots.id} AND a.status <> 'CANCELED')`,
        ),
      )
    await topUpSlots(tx, doctorId, now)
  })
}
