import { describe, expect, it } from "vitest"
import type { Appointment } from "../../../../schemas/appointment.ts"
import { testIds } from "../../../../schemas/testIds.ts"
import { joinRequestOf } from "../../../../machines/joinSlotWaitlist.machine.ts"
import { appointmentsToMove } from "./joinWaitlist.ts"

const NOW = Date.parse("2026-11-23T12:00:00Z")
const DOCTOR = { id: testIds.doctor("doc-1") }
const KID = testIds.dependant("kid-1")
const person = { id: testIds.patient("p1"), firstName: "Awa", lastName: "Diop", email: null, phoneNumber: null, dateOfBirth: null, civility: null }
const make = (id: string, time: string, extra: Partial<Appointment> = {}): Appointment =>
  ({ id, doctorId: DOCTOR.id, appointmentTime: time, status: "CONFIRMED", patient: { ...person, dependant: null }, ...extra }) as Appointment
const forKid = { patient: { ...person, dependant: { id: KID, firstName: "Moustapha", lastName: "Diop" } } }

// Issue 14: "earlier than my appointment" chooses among the patient's confirmed upcoming
// appointments with this doctor, for the person who waits.
describe("the appointments a waitlist entry may move earlier", () => {
  const list = [
    make("later", "2026-12-10T09:00:00Z"),
    make("soon", "2026-11-30T09:00:00Z"),
    make("past", "2026-11-01T09:00:00Z"),
    make("cancelled", "2026-12-01T09:00:00Z", { status: "CANCELED" }),
    make("other-doctor", "2026-12-02T09:00:00Z", { doctorId: testIds.doctor("doc-2") }),
    make("kid", "2026-12-03T09:00:00Z", forKid),
  ]
  it("for the patient: their own confirmed appointments to come with this doctor, soonest first", () => {
    expect(appointmentsToMove(list, DOCTOR, "self", NOW).map((a) => a.id)).toEqual(["soon", "later"])
  })
  it("for a dependant: only theirs", () => {
    expect(appointmentsToMove(list, DOCTOR, KID, NOW).map((a) => a.id)).toEqual(["kid"])
  })
  it("none for someone with no appointment with this doctor", () => {
    expect(appointmentsToMove(list, DOCTOR, testIds.dependant("kid-2"), NOW)).toEqual([])
  })
})

describe("the join request", () => {
  const form = { forWhom: "self", mode: "BETWEEN_DATES" as const, appointmentId: "a1", fromDate: "2026-11-23", toDate: "2026-12-07" }
  it("between dates: the two dates, no appointment, the patient themself", () => {
    expect(joinRequestOf(DOCTOR.id, form)).toEqual({
      doctorId: DOCTOR.id,
      dependantId: null,
      mode: "BETWEEN_DATES",
      fromDate: "2026-11-23",
      toDate: "2026-12-07",
    })
  })
  it("earlier than an appointment: that appointment, no dates, for the dependant chosen", () => {
    expect(joinRequestOf(DOCTOR.id, { ...form, forWhom: KID, mode: "EARLIER_THAN_APPOINTMENT" })).toEqual({
      doctorId: DOCTOR.id,
      dependantId: KID,
      mode: "EARLIER_THAN_APPOINTMENT",
      appointmentId: "a1",
    })
  })
})
