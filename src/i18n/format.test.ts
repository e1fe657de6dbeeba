import { describe, expect, it } from "vitest"
import { formatCountdown, formatDate, formatFcfa, formatNumber } from "./format.ts"

// Spaces inside an amount are no-break ones (it never wraps); compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ")

describe("formatFcfa", () => {
  it("writes the amount, then the FCFA label, in French (SPEC §1)", () => {
    expect(plain(formatFcfa(25000))).toBe("25 000 FCFA")
    expect(plain(formatFcfa(35000, "fr"))).toBe("35 000 FCFA")
  })

  it("groups digits the way each language does and keeps the label after the amount", () => {
    expect(plain(formatFcfa(35000, "en"))).toBe("35,000 FCFA")
    // Arabic as written in Chad: Latin digits, label after the amount, no bidi marks inside.
    expect(formatFcfa(35000, "ar")).toMatch(/^35[^\d]?000\u00a0FCFA$/)
    expect(formatFcfa(35000, "ar")).not.toMatch(/[\u200e\u200f\u061c]/)
  })

  it("never breaks the amount from its label", () => {
    for (const language of ["fr", "en", "ar"] as const) expect(formatFcfa(1500000, language)).not.toContain(" ")
  })

  it("rounds to whole francs", () => {
    expect(plain(formatFcfa(12499.6))).toBe("12 500 FCFA")
  })
})

describe("formatNumber", () => {
  it("uses Latin digits in every language", () => {
    expect(formatNumber(1234, "ar")).toMatch(/^1.?234$/)
    expect(plain(formatNumber(1234, "fr"))).toBe("1 234")
  })
})

describe("formatDate", () => {
  it("keeps French weekday and month names in lower case (« lundi 23 novembre »)", () => {
    expect(formatDate("2026-11-23", "fr", { weekday: "long", day: "numeric", month: "long" })).toBe("lundi 23 novembre")
  })

  it("capitalises English names as English does", () => {
    expect(formatDate("2026-11-23", "en", { weekday: "long", day: "numeric", month: "long" })).toBe("Monday 23 November")
  })

  it("reads a calendar date as that day whatever the device's zone", () => {
    expect(formatDate("2026-11-23", "fr")).toBe("23 novembre 2026")
  })
})

describe("formatCountdown", () => {
  it("writes a hold's time left as mm:ss, whole seconds rounded up, never below zero (issue 14)", () => {
    expect(formatCountdown(300, "fr")).toBe("05:00")
    expect(formatCountdown(299, "en")).toBe("04:59")
    expect(formatCountdown(59.2, "fr")).toBe("01:00")
    expect(formatCountdown(9, "fr")).toBe("00:09")
    expect(formatCountdown(-3, "fr")).toBe("00:00")
    // Arabic text keeps Latin digits (INTL_LOCALE), like every number of the app.
    expect(formatCountdown(61, "ar")).toBe("01:01")
  })
})
