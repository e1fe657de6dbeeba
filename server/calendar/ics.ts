import { Temporal } from "temporal-polyfill"

/**
 * iCalendar text (RFC 5545): one appointment's file (`GET /appointments/{id}/calendar.ics`) and a
 * user's private feed (`GET /calendar/{token}.ics`). Written by hand rather than with a library:
 * VEVENTs, two fixed-offset zones and the text rules below are all it needs, and the gateway stays
 * free of a calendar runtime.
 */

/** The zones our facilities are in, both without daylight saving time (tz database, since 1970). */
const ZONES: Readonly<Record<string, { readonly offset: string; readonly name: string }>> = {
  "Africa/Dakar": { offset: "+0000", name: "GMT" },
  "Africa/Ndjamena": { offset: "+0100", name: "WAT" },
}

export type CalendarStatus = "CONFIRMED" | "CANCELLED" | "TENTATIVE"

export interface CalendarEvent {
  /** Stable for the appointment's whole life, so calendars update the event instead of adding one. */
  readonly uid: string
  /** Grows with each reschedule (RFC 5545 §3.8.7.4), so calendars take the newer version. */
  readonly sequence: number
  readonly status: CalendarStatus
  readonly start: Temporal.Instant
  readonly end: Temporal.Instant
  /** The place's IANA zone; times are written in it when it is one of ours, else in UTC. */
  readonly timeZone: string
  readonly summary: string
  readonly location: string | null
  /** When this file was made (DTSTAMP). */
  readonly stamp: Temporal.Instant
}

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeText(text: string): string {
  return text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, "\\n")
}

const encoder = new TextEncoder()

/**
 * Folds one content line at 75 octets (RFC 5545 §3.1): each continuation starts with a space, and
 * a character written in several UTF-8 octets is never split across lines.
 */
export function foldLine(line: string): string {
  const parts: string[] = []
  let current = ""
  let octets = 0
  for (const char of line) {
    const size = encoder.encode(char).length
    // The first line holds 75 octets; the others 74 after their leading space.
    const limit = parts.length === 0 ? 75 : 74
    if (octets + size > limit) {
      parts.push(current)
      current = ""
      octets = 0
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join("\r\n ")
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0")

/** 20261124T093000 in the zone, or 20261124T093000Z in UTC. */
function dateTime(instant: Temporal.Instant, zone: string | null): string {
  const t = instant.toZonedDateTimeISO(zone ?? "UTC")
  const text = `${pad(t.year, 4)}${pad(t.month)}${pad(t.day)}T${pad(t.hour)}${pad(t.minute)}${pad(t.second)}`
  return zone ? text : `${text}Z`
}

function timeZoneBlock(zone: string): string[] {
  const { offset, name } = ZONES[zone]!
  return [
    "BEGIN:VTIMEZONE",
    `TZID:${zone}`,
    "BEGIN:STANDARD",
    "DTSTART:19700101T000000",
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    `TZNAME:${name}`,
    "END:STANDARD",
    "END:VTIMEZONE",
  ]
}

function eventLines(event: CalendarEvent): string[] {
  const zone = event.timeZone in ZONES ? event.timeZone : null
  const at = (instant: Temporal.Instant) => (zone ? `;TZID=${zone}:${dateTime(instant, zone)}` : `:${dateTime(instant, null)}`)
  return [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${dateTime(event.stamp, null)}`,
    `DTSTART${at(event.start)}`,
    `DTEND${at(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    `STATUS:${event.status}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
  ]
}

/**
 * A VCALENDAR of these events, with one VTIMEZONE per zone of ours they use, CRLF line ends,
 * folded. `name` (X-WR-CALNAME, read by Google, Apple and Outlook) titles a subscribed feed.
 */
export function calendarText(events: ReadonlyArray<CalendarEvent>, name?: string): string {
  const zones = [...new Set(events.map((e) => e.timeZone).filter((zone) => zone in ZONES))].sort()
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Promed//Appointments//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...(name ? [`X-WR-CALNAME:${escapeText(name)}`] : []),
    ...zones.flatMap(timeZoneBlock),
    ...events.flatMap(eventLines),
    "END:VCALENDAR",
  ]
  return lines.map(foldLine).join("\r\n") + "\r\n"
}

/** The file of one appointment: `GET /appointments/{id}/calendar.ics`. */
export const calendarFile = (event: CalendarEvent): string => calendarText([event])
