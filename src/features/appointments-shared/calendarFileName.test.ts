import { describe, expect, it } from "vitest"
import { calendarFileName } from "./AddToCalendarButton.tsx"

describe("the calendar file's name", () => {
  it("is promed-<the appointment's day where it takes place>.ics", () => {
    expect(calendarFileName({ appointmentTime: "2026-11-24T09:30:00Z", timeZone: "Africa/Dakar" })).toBe("promed-2026-11-24.ics")
    // 23:30 UTC is already the next day in N'Djamena (UTC+1).
    expect(calendarFileName({ appointmentTime: "2026-11-24T23:30:00Z", timeZone: "Africa/Ndjamena" })).toBe("promed-2026-11-25.ics")
  })
})
