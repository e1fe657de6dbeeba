import { afterEach, beforeEach, describe, expect, it } from "vitest"
import type { BookingDraft } from "../../../machines/bookingWizard.machine.ts"
import { draftStore } from "./draftStore.ts"
import { testIds } from "../../../schemas/testIds.ts"

/** Issue 11: the tab keeps the wizard's draft by doctor; what does not read as one is ignored. */
const DOCTOR = "3f2a0000-0000-4000-8000-0000000000aa"
const OTHER = "3f2a0000-0000-4000-8000-0000000000ab"
const draft: BookingDraft = {
  origin: "availability",
  details: { forWhom: "self", reason: "Fièvre depuis deux jours", appointmentType: "CLINIC" },
  slot: {
    id: testIds.timeSlot("3f2a0000-0000-4000-8000-000000000001"),
    availabilityId: testIds.availability("3f2a0000-0000-4000-8000-000000000009"),
    slotDate: "2026-11-24",
    slotStartTime: "09:30",
    slotEndTime: "10:00",
    startsAt: "2026-11-24T09:30:00Z",
    timeZone: "Africa/Dakar",
    status: "AVAILABLE",
    healthcareFacilityId: null,
    appointmentId: null,
  },
}

beforeEach(() => {
  const items = new Map<string, string>()
  globalThis.sessionStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  } as Storage
})
afterEach(() => {
  delete (globalThis as { sessionStorage?: Storage }).sessionStorage
})

describe("the tab's booking draft", () => {
  it("comes back as it was kept, for that doctor only", () => {
    draftStore.write(DOCTOR, draft)
    expect(draftStore.read(DOCTOR)).toEqual(draft)
    expect(draftStore.read(OTHER)).toBeNull()
  })

  it("is gone once cleared (booked or cancelled)", () => {
    draftStore.write(DOCTOR, draft)
    draftStore.clear(DOCTOR)
    expect(draftStore.read(DOCTOR)).toBeNull()
  })

  it("is ignored when it does not read as a draft (edited by hand, an older version)", () => {
    sessionStorage.setItem(`promed.bookingDraft.${DOCTOR}`, "{not json")
    expect(draftStore.read(DOCTOR)).toBeNull()
    sessionStorage.setItem(`promed.bookingDraft.${DOCTOR}`, JSON.stringify({ ...draft, origin: "elsewhere" }))
    expect(draftStore.read(DOCTOR)).toBeNull()
  })

  it("is not kept when storage is refused, without breaking the wizard", () => {
    delete (globalThis as { sessionStorage?: Storage }).sessionStorage
    expect(() => draftStore.write(DOCTOR, draft)).not.toThrow()
    expect(draftStore.read(DOCTOR)).toBeNull()
  })
})
