import { and, asc, eq, gt, gte, lte, ne, or, sql, type SQL } from "drizzle-orm"
import type { TimeSlot } from "../../schemas/availability.ts"
import type { Db } from "../db/client.ts"
import { preparedStatement } from "../db/prepared.ts"
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
 * The slot read of each shape (BOOKED slots asked for or not, a viewer or a visitor), built once
 * and prepared: the week grid is the public read made most often.
 */
const slotStatement = (includeBooked: boolean, withViewer: boolean) =>
  preparedStatement(`slots_in_range${includeBooked ? "_booked" : ""}${withViewer ? "_viewer" : ""}`, (db, name) => {
    const future = and(eq(timeSlots.status, "AVAILABLE"), gt(timeSlots.startsAt, sql`now()`))
    const heldByOther = heldByOtherThan(withViewer ? sql.placeholder("viewer") : null)
    const bookable = and(future, sql`NOT coalesce(${heldByOther}, false)`)
    const shown: SQL | undefined = includeBooked ? or(future, eq(timeSlots.status, "BOOKED")) : bookable
    return db
      .select({ slot: timeSlots, appointmentId: appointments.id, heldByOther: sql<boolean>`coalesce(${heldByOther}, false)` })
      .from(timeSlots)
      .leftJoin(appointments, and(eq(appointments.timeSlotId, timeSlots.id), ne(appointments.status, "CANCELED")))
      .where(
        and(
          eq(timeSlots.doctorId, sql.placeholder("doctorId")),
          gte(timeSlots.slotDate, sql.placeholder("startDate")),
          lte(timeSlots.slotDate, sql.placeholder("endDate")),
          shown,
        ),
      )
      .orderBy(asc(timeSlots.startsAt), asc(timeSlots.id))
      .prepare(name)
  })

const SLOT_STATEMENTS = {
  bookable: { visitor: slotStatement(false, false), viewer: slotStatement(false, true) },
  withBooked: { visitor: slotStatement(true, false), viewer: slotStatement(true, true) },
}

/**
 * Slots of a doctor between two local dates (both included), in time order: AVAILABLE ones that
 * have not started yet and nobody else holds, plus BOOKED ones when asked (with those held by
 * someone else, shown as BOOKED). Uses the (doctor_id, slot_date, start_time) index range.
 */
export async function slotsInRange(db: Db, range: SlotRange): Promise<TimeSlot[]> {
  const viewer = range.viewerUserId
  const statement = SLOT_STATEMENTS[range.includeBooked ? "withBooked" : "bookable"][viewer === null ? "visitor" : "viewer"]
  const rows = await statement(db).execute({ doctorId: range.doctorId, startDate: range.startDate, endDate: range.endDate, viewer })
  return rows.map((r) => {
    const slot = toTimeSlot(r.slot, range.showAppointments ? r.appointmentId : null)
    return r.heldByOther && slot.status === "AVAILABLE" ? { ...slot, status: "BOOKED" as const } : slot
  })
}
