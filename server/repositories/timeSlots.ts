import { and, asc, eq, gt, gte, lte, ne, or, sql, type SQL } from "drizzle-orm"
import type { TimeSlot } from "../../schemas/availability.ts"
import type { Db } from "../db/client.ts"
import { appointments, timeSlots } from "../db/schema.ts"
import { toIsoDate, toUtcSeconds } from "../db/time.ts"
import type { AppointmentId, DoctorId, UserId } from "../../schemas/ids.ts"
import { heldByOtherThan } from "./slotHolds.ts"

export interface SlotRange {
  readonly doctorId: DoctorId
  readonly startDate: string
  readonly endDate: string
  readonly includeBooked: boolean
  /** Appointment ids are shown only to the doctor who owns the slots. */
  readonly showAppointments: boolean
  /**
   * Whose reads these are (issue 14): a slot held now by anyone else is not bookable for them,
   * so it is left out like a BOOKED one, or shown as BOOKED when those are asked for; their own
   * hold stays AVAILABLE. Null (a visitor, or a cached read shared by everyone): every live hold.
   */
  readonly viewerUserId: UserId | null
}

type SlotRow = typeof timeSlots.$inferSelect

/** A time_slots row as the API sends it. */
export function toTimeSlot(row: SlotRow, appointmentId: AppointmentId | null): TimeSlot {
  return {
    id: row.id,
    availabilityId: row.availabilityId,
    slotDate: toIsoDate(row.slotDate) ?? "",
    slotStartTime: row.startTime,
    slotEndTime: row.endTime,
    startsAt: toUtcSeconds(new Date(row.startsAt)),
    timeZone: row.timeZone,
    status: row.status,
    healthcareFacilityId: row.facilityId,
    appointmentId,
  }
}

/**
 * Slots of a doctor between two local dates (both included), in time order: AVAILABLE ones that
 * have not started yet and nobody else holds, plus BOOKED ones when asked (with those held by
 * someone else, shown as BOOKED). Uses the (doctor_id, starts_at) index range.
 */
export async function slotsInRange(db: Db, range: SlotRange): Promise<TimeSlot[]> {
  const future = and(eq(timeSlots.status, "AVAILABLE"), gt(timeSlots.startsAt, sql`now()`))
  const heldByOther = heldByOtherThan(range.viewerUserId)
  const bookable = and(future, sql`NOT coalesce(${heldByOther}, false)`)
  const shown: SQL | undefined = range.includeBooked ? or(future, eq(timeSlots.status, "BOOKED")) : bookable
  const rows = await db
    .select({ slot: timeSlots, appointmentId: appointments.id, heldByOther: sql<boolean>`coalesce(${heldByOther}, false)` })
    .from(timeSlots)
    .leftJoin(appointments, and(eq(appointments.timeSlotId, timeSlots.id), ne(appointments.status, "CANCELED")))
    .where(and(eq(timeSlots.doctorId, range.doctorId), gte(timeSlots.slotDate, range.startDate), lte(timeSlots.slotDate, range.endDate), shown))
    .orderBy(asc(timeSlots.startsAt), asc(timeSlots.id))
  return rows.map((r) => {
    const slot = toTimeSlot(r.slot, range.showAppointments ? r.appointmentId : null)
    return r.heldByOther && slot.status === "AVAILABLE" ? { ...slot, status: "BOOKED" as const } : slot
  })
}
