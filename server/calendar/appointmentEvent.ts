import type { Temporal } from "temporal-polyfill"
import type { CalendarEntry } from "../repositories/appointmentCalendar.ts"
import type { CalendarEvent, CalendarStatus } from "./ics.ts"

const CALENDAR_STATUS: Record<CalendarEntry["status"], CalendarStatus> = { CONFIRMED: "CONFIRMED", COMPLETE: "CONFIRMED", CANCELED: "CANCELLED" }

/**
 * An appointment as a calendar event, for its patient (the event names the doctor) or its doctor
 * (it names whom they see). Neutral in every language, and no reason: a calendar is often shared or
 * synced elsewhere.
 */
export function appointmentEvent(entry: CalendarEntry, viewer: "PATIENT" | "DOCTOR", stamp: Temporal.Instant): CalendarEvent {
  return {
    uid: `${entry.id}@promed`,
    // Each reschedule is a new version; so is the cancellation (final), or a calendar holding the
    // last version would keep it as it was (RFC 5546 §2.1.4).
    sequence: entry.rescheduleCount + (entry.status === "CANCELED" ? 1 : 0),
    status: CALENDAR_STATUS[entry.status],
    start: entry.start,
    end: entry.end,
    timeZone: entry.timeZone,
    summary: viewer === "DOCTOR" ? `Promed – ${entry.seenName}` : `Promed – Dr ${entry.doctorName}`,
    location: entry.location,
    stamp,
  }
}
