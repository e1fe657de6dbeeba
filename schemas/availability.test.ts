import { describe, expect, it } from "vitest"
import { AvailabilityInput } from "./availability.ts"
import { decodeWithFields } from "./decode.ts"
import { SAMPLES } from "./testing/requestSamples.ts"

/** Issue 39: the availability form's slot duration left empty (the field gives NaN) says it is required, not "invalid value". */
describe("the availability form's slot duration", () => {
  const verdict = (slotDurationMinutes: number) => decodeWithFields(AvailabilityInput, { ...SAMPLES.availability, slotDurationMinutes })

  it("left empty is required", () => {
    expect(verdict(Number.NaN)).toEqual({ ok: false, fields: [{ name: "slotDurationMinutes", message: "validation.durationRequired" }] })
  })

  it("not whole minutes goes in steps of 5", () => {
    expect(verdict(17.5)).toEqual({ ok: false, fields: [{ name: "slotDurationMinutes", message: "validation.slotDurationStep" }] })
  })

  it("of 30 minutes passes", () => {
    expect(verdict(30)).toMatchObject({ ok: true })
  })
})
