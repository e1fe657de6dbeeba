import { describe, expect, it } from "vitest"
import type { Appointment } from "../../../schemas/appointment.ts"
import { filterAppointments, filtersOf, searchOf, upcomingConfirmed } from "./appointmentFilters.ts"
import { testIds } from "../../../schemas/testIds.ts"

const NOW = Date.parse("2026-11-23T12:00:00Z")
const make = (id: string, time: string, extra: Partial<Appointment> = {}): Appointment =>
  ({
    id,
    appointmentTime: time,
    status: "CONFIRMED",
    appointmentType: "CLINIC",
    reason: "Contrôle",
    doctor: { firstName: "Moussa", lastName: "Ndiaye", photoUrl: null, specialties: [{ code: "CARDIOLOGY", label: "Cardiologie" }] },
    patient: { id: "p1", firstName: "Awa", lastName: "Diop", email: null, phoneNumber: null, dateOfBirth: null, civility: null, dependant: null },
    ...extra,
  }) as Appointment

const list = [
  make("past", "2026-11-01T09:00:00Z", { status: "COMPLETE" }),
  make("later", "2026-12-10T09:00:00Z", { appointmentType: "HOME" }),
  make("soon", "2026-11-24T09:00:00Z", {
    patient: { ...make("x", "").patient, dependant: { id: testIds.dependant("d1"), firstName: "Moustapha", lastName: "Diop" } },
  }),
  make("cancelled", "2026-11-30T09:00:00Z", {
    status: "CANCELED",
    doctor: { firstName: "Aïcha", lastName: "Mahamat", photoUrl: null, specialties: [{ code: "PEDIATRICS", label: "Pédiatrie" }] },
  }),
]
const ids = (a: Appointment[]) => a.map((x) => x.id)

describe("appointment list filters", () => {
  it("puts upcoming soonest first, then past latest first", () => {
    expect(ids(filterAppointments(list, filtersOf({}), "patient", NOW))).toEqual(["soon", "cancelled", "later", "past"])
  })

  it("filters by date, status and type, and searches names without accents", () => {
    expect(ids(filterAppointments(list, filtersOf({ date: "past" }), "patient", NOW))).toEqual(["past"])
    expect(ids(filterAppointments(list, filtersOf({ date: "upcoming", status: "CONFIRMED" }), "patient", NOW))).toEqual(["soon", "later"])
    expect(ids(filterAppointments(list, filtersOf({ type: "HOME" }), "patient", NOW))).toEqual(["later"])
    expect(ids(filterAppointments(list, filtersOf({ q: "aicha" }), "patient", NOW))).toEqual(["cancelled"])
    expect(ids(filterAppointments(list, filtersOf({ q: "moustapha" }), "patient", NOW))).toEqual(["soon"])
    expect(ids(filterAppointments(list, filtersOf({ q: "diop awa" }), "doctor", NOW))).toHaveLength(4)
  })

  it("reads the address leniently and writes back only what is set", () => {
    expect(filtersOf({ q: 123, status: "NOPE", date: "past" })).toEqual({ q: "123", status: null, type: null, date: "past" })
    expect(searchOf({ q: " ", status: "CANCELED", type: null, date: null })).toEqual({ status: "CANCELED" })
  })

  it("counts confirmed appointments still ahead for the bell", () => {
    expect(ids(upcomingConfirmed(list, NOW))).toEqual(["soon", "later"])
  })
})
