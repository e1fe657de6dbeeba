import { Temporal } from "temporal-polyfill"
import { describe, expect, it } from "vitest"
import type { UserId } from "../../schemas/ids.ts"
import { liveHolder } from "./slotHolds.ts"

// Issue 14: a hold lasts until its time and not a moment longer; a slot held by nobody is free.
describe("who holds a slot", () => {
  const holder = "5f0c2a61-4d7e-4c39-9a61-2f1e0b7c9d11" as UserId
  const until = new Date("2026-11-25T10:05:00.000Z")
  const at = (iso: string) => Temporal.Instant.from(iso)

  it("the holder, until the hold's last millisecond", () => {
    expect(liveHolder({ heldBy: holder, heldUntil: until }, at("2026-11-25T10:04:59.999Z"))).toBe(holder)
  })
  it("nobody at the very instant the hold ends, nor after", () => {
    expect(liveHolder({ heldBy: holder, heldUntil: until }, at("2026-11-25T10:05:00.000Z"))).toBeNull()
    expect(liveHolder({ heldBy: holder, heldUntil: until }, at("2026-11-25T11:00:00.000Z"))).toBeNull()
  })
  it("nobody when the slot was never held", () => {
    expect(liveHolder({ heldBy: null, heldUntil: null }, at("2026-11-25T10:00:00.000Z"))).toBeNull()
  })
})
