import ICAL from "ical.js"
import { Temporal } from "temporal-polyfill"
import { describe, expect, it } from "vitest"
import { calendarFile, calendarText, escapeText, foldLine, type CalendarEvent } from "./ics.ts"

const octets = (text: string) => new TextEncoder().encode(text).length

/** RFC 5545 §3.1 unfolding: a line break followed by one space or tab is removed. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "")

const event = (over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  uid: "3f2a0000-0000-4000-8000-000000000001@promed",
  sequence: 0,
  status: "CONFIRMED",
  start: Temporal.Instant.from("2026-12-01T09:30:00Z"),
  end: Temporal.Instant.from("2026-12-01T10:00:00Z"),
  timeZone: "Africa/Dakar",
  summary: "Promed – Dr Awa Ndiaye",
  location: "Clinique du Point E, Avenue Cheikh Anta Diop, Dakar",
  stamp: Temporal.Instant.from("2026-11-24T08:00:00Z"),
  ...over,
})

describe("iCalendar text", () => {
  it("escapes backslash, semicolon, comma and line breaks in TEXT values", () => {
    expect(escapeText("Rue 10; Immeuble A, 2e étage\\B\nDakar\r\nPlateau")).toBe("Rue 10\\; Immeuble A\\, 2e étage\\\\B\\nDakar\\nPlateau")
  })

  it("folds at 75 octets without splitting a UTF-8 character, and unfolds to the same line", () => {
    const name = "SUMMARY:Promed – Dr " + "عبد الرحمن بن محمد الأمين ولد سيدي أحمد ".repeat(4)
    const folded = foldLine(name)
    const lines = folded.split("\r\n")
    expect(lines.length).toBeGreaterThan(2)
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75)
    for (const line of lines.slice(1)) expect(line.startsWith(" ")).toBe(true)
    // Every piece is valid UTF-8 on its own: no character was cut in two.
    for (const line of lines) expect(new TextDecoder("utf-8", { fatal: true }).decode(new TextEncoder().encode(line))).toBe(line)
    expect(unfold(folded)).toBe(name)
    expect(foldLine("SHORT:line")).toBe("SHORT:line")
  })

  it("keeps an emoji (4 octets, 2 UTF-16 units) whole at a fold", () => {
    const line = "X".repeat(74) + "🙂" + "Y"
    const [first, second] = foldLine(line).split("\r\n")
    expect(first).toBe("X".repeat(74))
    expect(second).toBe(" 🙂Y")
  })

  it("writes CRLF lines, the zone's VTIMEZONE and local times that ical.js reads back as the same instants", () => {
    const text = calendarFile(
      event({
        timeZone: "Africa/Ndjamena",
        summary: "Promed – Dr " + "محمد عبد الله الحسن ".repeat(5),
        location: "Hôpital de la Mère et de l'Enfant; Bloc B, Avenue Mobutu, N'Djamena",
      }),
    )
    expect(text.endsWith("\r\n")).toBe(true)
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/)
    for (const line of text.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75)
    expect(unfold(text)).toContain("DTSTART;TZID=Africa/Ndjamena:20261201T103000\r\n")

    const calendar = new ICAL.Component(ICAL.parse(text))
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH")
    for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(new ICAL.Timezone(zone))
    const vevent = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!)
    expect(vevent.startDate.toJSDate().toISOString()).toBe("2026-12-01T09:30:00.000Z")
    expect(vevent.endDate.toJSDate().toISOString()).toBe("2026-12-01T10:00:00.000Z")
    expect(vevent.summary).toBe("Promed – Dr " + "محمد عبد الله الحسن ".repeat(5))
    expect(vevent.location).toBe("Hôpital de la Mère et de l'Enfant; Bloc B, Avenue Mobutu, N'Djamena")
    expect(vevent.uid).toBe("3f2a0000-0000-4000-8000-000000000001@promed")
  })

  it("writes a zone it has no VTIMEZONE for in UTC", () => {
    const text = calendarFile(event({ timeZone: "Europe/Paris" }))
    expect(text).not.toContain("VTIMEZONE")
    expect(text).toContain("DTSTART:20261201T093000Z\r\n")
  })

  it("holds several events, each zone of ours once, and a name calendars show for a subscription", () => {
    const text = calendarText(
      [
        event(),
        event({ uid: "b@promed", timeZone: "Africa/Ndjamena", summary: "Promed – Dr Aïcha Mahamat" }),
        event({ uid: "c@promed", status: "CANCELLED", sequence: 1 }),
      ],
      "Promed – Mes rendez-vous",
    )
    const calendar = new ICAL.Component(ICAL.parse(text))
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Promed – Mes rendez-vous")
    expect(calendar.getAllSubcomponents("vtimezone").map((z) => z.getFirstPropertyValue("tzid"))).toEqual(["Africa/Dakar", "Africa/Ndjamena"])
    const events = calendar.getAllSubcomponents("vevent")
    expect(events.map((e) => e.getFirstPropertyValue("uid"))).toEqual([event().uid, "b@promed", "c@promed"])
    expect(events[2]!.getFirstPropertyValue("status")).toBe("CANCELLED")
    expect(calendarText([])).toBe(
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Promed//Appointments//EN\r\nCALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\nEND:VCALENDAR\r\n",
    )
  })
})
