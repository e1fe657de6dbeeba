import { eq } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import type { Db } from "../db/client.ts"
import { appointments, doctors, doctorSettings, healthcareFacilities, timeSlots, users } from "../db/schema.ts"
import { toIsoDate } from "../db/time.ts"

/** What the calendar file of one appointment says: when, where, with whom, which version; no medical detail. */
export interface CalendarEntry {
  readonly id: string
  readonly status: "CONFIRMED" | "CANCELED" | "COMPLETE"
  readonly rescheduleCount: number
  readonly start: Temporal.Instant
  readonly end: Temporal.Instant
  readonly timeZone: string
  readonly doctorName: string
  readonly location: string | null
}

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

/** The calendar entry of one appointment, or undefined when there is none. */
export async function findCalendarEntry(db: Db, id: string): Promise<CalendarEntry | undefined> {
  const [row] = await db
    .select({
      appointment: appointments,
      firstName: users.firstName,
      lastName: users.lastName,
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
    .leftJoin(timeSlots, eq(timeSlots.id, appointments.timeSlotId))
    .leftJoin(doctorSettings, eq(doctorSettings.doctorId, appointments.doctorId))
    .leftJoin(healthcareFacilities, eq(healthcareFacilities.id, appointments.facilityId))
    .where(eq(appointments.id, id))
  if (!row) return undefined
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
    // A home visit is at the patient's address (kept on the appointment); otherwise at the facility.
    location: a.location ?? place,
  }
}
