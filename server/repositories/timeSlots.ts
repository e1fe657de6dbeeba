import { and, asc, eq, gt, gte, lte, ne, or, sql, type SQL } from "drizzle-orm"
import type { TimeSlot } from "../../schemas/availability.ts"
import type { Db } from "../db/client.ts"
import { appointments, timeSlots } from "../db/schema.ts"
import { toIsoDate, toUtcSeconds } from "../db/time.ts"
import type { AppointmentId, DoctorId } from "../../schemas/ids.ts"

export interface SlotRange {
  readonly doctorId: DoctorId
  readonly startDate: string
  readonly endDate: string
  readonly includeBooked: boolean
  /** Appointment ids are shown only to the doctor who owns the slots. */
  readonly showAppointments: boolean
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
 * have not started yet, plus BOOKED ones when asked. Uses the (doctor_id, starts_at) index range.
 */
export async function slotsInRange(db: Db, range: SlotRange): Promise<TimeSlot[]> {
  const bookable = and(eq(timeSlots.status, "AVAILABLE"), gt(timeSlots.startsAt, sql`now()`))
  const shown: SQL | undefined = range.includeBooked ? or(bookable, eq(timeSlots.status, "BOOKED")) : bookable
  const rows = await db
    .select({ slot: timeSlots, appointmentId: appointments.id })
    .from(timeSlots)
    .leftJoin(appointments, and(eq(appointments.timeSlotId, timeSlots.id), ne(appointments.status, "CANCELED")))
    .where(and(eq(timeSlots.doctorId, range.doctorId), gte(timeSlots.slotDate, range.startDate), lte(timeSlots.slotDate, range.endDate), shown))
    .orderBy(asc(timeSlots.startsAt), asc(timeSlots.id))
  return rows.map((r) => toTimeSlot(r.slot, range.showAppointments ? r.appointmentId : null))
}
