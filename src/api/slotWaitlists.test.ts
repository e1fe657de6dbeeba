import { Temporal } from "temporal-polyfill"
import { describe, expect, it } from "vitest"
import { weekRange } from "./slotWaitlists.ts"

// A Wednesday: the waitlist reaches 62 days on (issue 14, the gateway's limit), to Tuesday 2027-01-26.
const today = Temporal.PlainDate.from("2026-11-25")

describe("a full week's waitlist range", () => {
  it("runs from today (not a past Monday) to the week's Sunday", () => {
    expect(weekRange("2026-11-23", today)).toEqual({ fromDate: "2026-11-25", toDate: "2026-11-29" })
    expect(weekRange("2027-01-18", today)).toEqual({ fromDate: "2027-01-18", toDate: "2027-01-24" })
  })

  it("stops at the waitlist's reach, and a week wholly past it offers nothing the gateway would refuse", () => {
    expect(weekRange("2027-01-25", today)).toEqual({ fromDate: "2027-01-25", toDate: "2027-01-26" })
    expect(weekRange("2027-02-01", today)).toBeNull()
  })
})
