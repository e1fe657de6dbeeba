import { describe, expect, it } from "vitest"
import { monthLabel, paymentsFileName } from "./paymentText.ts"

describe("the payments page's words", () => {
  it("names a month of the totals in the reader's language, French in lower case", () => {
    expect(monthLabel("2026-12", "fr")).toBe("décembre 2026")
    expect(monthLabel("2027-01", "en")).toBe("January 2027")
  })

  it("dates the CSV file by the day where the doctor practises, not by UTC", () => {
    const lateOnNewYearsEve = new Date("2026-12-31T23:30:00Z")
    expect(paymentsFileName("Africa/Dakar", lateOnNewYearsEve)).toBe("promed-paiements-2026-12-31.csv")
    // N'Djamena is an hour ahead: already the new year there.
    expect(paymentsFileName("Africa/Ndjamena", lateOnNewYearsEve)).toBe("promed-paiements-2027-01-01.csv")
  })
})
