import { Temporal } from "temporal-polyfill"
import { describe, expect, it } from "vitest"
import { changeAllowed, initialStatusFor, isUniqueViolation } from "./appointmentRules.ts"

describe("the 24-hour change rule", () => {
  const now = Temporal.Instant.from("2026-11-23T08:00:00Z")
  const at = (iso: string) => new Date(iso)

  it("allows a change 24 hours or more before, and refuses it closer or after", () => {
    expect(changeAllowed(at("2026-11-24T08:00:00Z"), now)).toBe(true)
    expect(changeAllowed(at("2026-11-30T08:00:00Z"), now)).toBe(true)
    expect(changeAllowed(at("2026-11-24T07:59:59Z"), now)).toBe(false)
    expect(changeAllowed(at("2026-11-23T09:00:00Z"), now)).toBe(false)
    expect(changeAllowed(at("2026-11-20T08:00:00Z"), now)).toBe(false)
  })
})

describe("booking rules", () => {
  it("creates bookings CONFIRMED whatever the auto-confirm setting (SPEC §4)", () => {
    expect(initialStatusFor({ autoConfirmAppointments: false })).toBe("CONFIRMED")
    expect(initialStatusFor({ autoConfirmAppointments: true })).toBe("CONFIRMED")
    expect(initialStatusFor(null)).toBe("CONFIRMED")
  })

  it("recognises a unique violation, wrapped or not, and by constraint name", () => {
    const pgError = Object.assign(new Error("duplicate key"), { code: "23505", constraint: "appointments_active_slot_key" })
    expect(isUniqueViolation(pgError)).toBe(true)
    expect(isUniqueViolation(new Error("query failed", { cause: pgError }), "appointments_active_slot_key")).toBe(true)
    expect(isUniqueViolation(pgError, "review_reactions_review_user_key")).toBe(false)
    expect(isUniqueViolation(Object.assign(new Error("x"), { code: "23503" }))).toBe(false)
  })
})
