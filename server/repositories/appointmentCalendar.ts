import { aliasedTable, and, asc, eq, gte, type SQL } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import type { Db } from "../db/client.ts"
import { appointments, dependants, doctors, doctorSettings, healthcareFacilities, patients, timeSlots, users } from "../db/schema.ts"
import { toIsoDate } from "../db/time.ts"
import type { AppointmentId, DoctorId, PatientId } from "../../schemas/ids.ts"

/** What the calendar file of one appointment says: when, where, with whom, which version; no medical detail. */
export interface CalendarEntry {
  readonly id: string
  readonly status: "CONFIRMED" | "CANCELED" | "COMPLETE"
  readonly rescheduleCount: number
  readonly start: Temporal.Instant
  readonly end: Temporal.Instant
  readonly timeZone: string
  readonly doctorName: string
  /** Whom the doctor sees: the dependant when the appointment is for one, else the patient. */
  readonly seenName: string
  readonly location: string | null
}

const patientUsers = aliasedTable(users, "patient_users")

/**
 * An appointment lasts its slot (its end time, in the slot's zone); without a slot (deleted since),
 * or with an end not after the start (a slot across midnight), the doctor's default consultation length.
 */
function endOf(start: Temporal.Instant, timeZone: string, slot: { slotDate: string; endTime: string } | null, minutes: number): Temporal.Instant {
  if (slot) {
    const end = Temporal.PlainDate.from(slot.slotDate)
      .toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from(slot.endTime) })
      .toInstant()
    if (Temporal.Instant.compare(end, start) > 0) return end
  }
  return start.add({ minutes })
}

/** The calendar entries of the appointments matching `where`, soonest first. */
async function calendarEntries(db: Db, where: SQL | undefined, limit: number): Promise<CalendarEntry[]> {
  const rows = await db
    .select({
      appointment: appointments,
      firstName: users.firstName,
      lastName: users.lastName,
      patientFirstName: patientUsers.firstName,
      patientLastName: patientUsers.lastName,
      dependantFirstName: dependants.firstName,
      dependantLastName: dependants.lastName,
      slotDate: timeSlots.slotDate,
      endTime: timeSlots.endTime,
      duration: doctorSettings.defaultConsultationDuration,
      facilityName: healthcareFacilities.name,
      facilityAddress: healthcareFacilities.address,
      facilityCity: healthcareFacilities.city,
    })
    .from(appointments)
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .innerJoin(users, eq(users.id, doctors.userId))
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(patientUsers, eq(patientUsers.id, patients.userId))
    .leftJoin(dependants, eq(dependants.id, appointments.dependantId))
    .leftJoin(timeSlots, eq(timeSlots.id, appointments.timeSlotId))
    .leftJoin(doctorSettings, eq(doctorSettings.doctorId, appointments.doctorId))
    .leftJoin(healthcareFacilities, eq(healthcareFacilities.id, appointments.facilityId))
    .where(where)
    .orderBy(asc(appointments.appointmentTime))
    .limit(limit)
  return rows.map((row) => {
    const a = row.appointment
    const start = Temporal.Instant.fromEpochMilliseconds(a.appointmentTime.getTime())
    const slotDate = toIsoDate(row.slotDate)
    const slot = slotDate !== null && row.endTime !== null ? { slotDate, endTime: row.endTime } : null
    const place = row.facilityName !== null ? [row.facilityName, row.facilityAddress, row.facilityCity].filter(Boolean).join(", ") : null
    return {
      id: a.id,
      status: a.status,
      rescheduleCount: a.rescheduleCount,
      start,
      end: endOf(start, a.timeZone, slot, row.duration ?? 30),
      timeZone: a.timeZone,
      doctorName: `${row.firstName} ${row.lastName}`,
      seenName: row.dependantFirstName !== null ? `${row.dependantFirstName} ${row.dependantLastName}` : `${row.patientFirstName} ${row.patientLastName}`,
      // A home visit is at the patient's address (kept on the appointment); otherwise at the facility.
      location: a.location ?? place,
    }
  })
}

/** The calendar entry of one appointment, or undefined when there is none. */
export async function findCalendarEntry(db: Db, id: AppointmentId): Promise<CalendarEntry | undefined> {
  const [entry] = await calendarEntries(db, eq(appointments.id, id), 1)
  return entry
}

/** How far back a feed reaches: a cancellation of last week still reaches the calendar. */
const FEED_PAST_DAYS = 30
/** At most this many events in one feed (a busy doctor's year). */
export const FEED_MAX_EVENTS = 1000

/** A feed's appointments: the patient's (dependants' included) or the doctor's, from 30 days ago on. */
export function feedEntries(db: Db, owner: { readonly patientId: PatientId } | { readonly doctorId: DoctorId }, now: Date): Promise<CalendarEntry[]> {
  const since = new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000)
  const party = "patientId" in owner ? eq(appointments.patientId, owner.patientId) : eq(appointments.doctorId, owner.doctorId)
  return calendarEntries(db, and(party, gte(appointments.appointmentTime, since)), FEED_MAX_EVENTS)
}
