import { and, asc, eq, gt, gte, lte, ne, or, sql, type SQL } from "drizzle-orm"
import type { TimeSlot } from "../../schemas/availability.ts"
import type { Db } from "../db/client.ts"
import { preparedStatement } from "../db/prepared.ts"
import { appointments, timeSlots } from "../db/schema.ts"
import type { DoctorId, UserId } from "../../schemas/ids.ts"
import { JsonText } from "../http/jsonText.ts"
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

/**
 * A slot as the API sends it (TimeSlot, its fields in that order), written by PostgreSQL as JSON
 * text: its day and instant as the API writes them (yyyy-MM-dd, UTC to the second), a slot held
 * by someone else shown as BOOKED, its appointment only where `appointmentId` is given. A week is
 * some sixty rows: parsing each row's ten values into an object to write it out again was a sixth
 * of the gateway's CPU on this read, and parsing each into a Date only to print it a tenth.
 */
const slotJson = (heldByOther: SQL, appointmentId: SQL) => sql<string>`json_build_object(
    'id', ${timeSlots.id},
    'availabilityId', ${timeSlots.availabilityId},
    'slotDate', to_char(${timeSlots.slotDate}, 'YYYY-MM-DD'),
    'slotStartTime', ${timeSlots.startTime},
    'slotEndTime', ${timeSlots.endTime},
    'startsAt', to_char(${timeSlots.startsAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    'timeZone', ${timeSlots.timeZone},
    'status', CASE WHEN coalesce(${heldByOther}, false) AND ${timeSlots.status} = 'AVAILABLE' THEN 'BOOKED' ELSE ${timeSlots.status} END,
    'healthcareFacilityId', ${timeSlots.facilityId},
    'appointmentId', ${appointmentId})::text`

/**
 * The slot read of each shape (BOOKED slots asked for or not, a viewer or a visitor), built once
 * and prepared: the week grid is the public read made most often. Only a viewer may be the doctor
 * who owns the slots, the one reader shown their appointments (`showAppointments`): a visitor's
 * read leaves them alone.
 */
const slotStatement = (includeBooked: boolean, withViewer: boolean) =>
  preparedStatement(`slots_in_range${includeBooked ? "_booked" : ""}${withViewer ? "_viewer" : ""}`, (db, name) => {
    const future = and(eq(timeSlots.status, "AVAILABLE"), gt(timeSlots.startsAt, sql`now()`))
    const heldByOther = heldByOtherThan(withViewer ? sql.placeholder("viewer") : null)
    const bookable = and(future, sql`NOT coalesce(${heldByOther}, false)`)
    const shown: SQL | undefined = includeBooked ? or(future, eq(timeSlots.status, "BOOKED")) : bookable
    const where = and(
      eq(timeSlots.doctorId, sql.placeholder("doctorId")),
      gte(timeSlots.slotDate, sql.placeholder("startDate")),
      lte(timeSlots.slotDate, sql.placeholder("endDate")),
      shown,
    )
    const order = [asc(timeSlots.startsAt), asc(timeSlots.id)]
    if (!withViewer) {
      return db
        .select({ json: slotJson(heldByOther, sql`NULL`) })
        .from(timeSlots)
        .where(where)
        .orderBy(...order)
        .prepare(name)
    }
    return db
      .select({ json: slotJson(heldByOther, sql`CASE WHEN ${sql.placeholder("showAppointments")}::boolean THEN ${appointments.id} END`) })
      .from(timeSlots)
      .leftJoin(appointments, and(eq(appointments.timeSlotId, timeSlots.id), ne(appointments.status, "CANCELED")))
      .where(where)
      .orderBy(...order)
      .prepare(name)
  })

const SLOT_STATEMENTS = {
  bookable: { visitor: slotStatement(false, false), viewer: slotStatement(false, true) },
  withBooked: { visitor: slotStatement(true, false), viewer: slotStatement(true, true) },
}

/**
 * Slots of a doctor between two local dates (both included), in time order, as the JSON the API
 * sends: AVAILABLE ones that have not started yet and nobody else holds, plus BOOKED ones when
 * asked (with those held by someone else, shown as BOOKED). Uses the (doctor_id, slot_date,
 * start_time) index range.
 */
export async function slotsInRange(db: Db, range: SlotRange): Promise<JsonText<TimeSlot[]>> {
  const viewer = range.viewerUserId
  const statement = SLOT_STATEMENTS[range.includeBooked ? "withBooked" : "bookable"][viewer === null ? "visitor" : "viewer"]
  const rows = await statement(db).execute({
    doctorId: range.doctorId,
    startDate: range.startDate,
    endDate: range.endDate,
    viewer,
    showAppointments: range.showAppointments,
  })
  return new JsonText(`[${rows.map((row) => row.json).join(",")}]`)
}
