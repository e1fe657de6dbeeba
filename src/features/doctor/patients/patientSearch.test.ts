import { describe, expect, it } from "vitest"
import type { DoctorPatient } from "../../../../schemas/doctorPatients.ts"
import { filterPatients, patientFiltersOf, patientSearchOf } from "./patientSearch.ts"

const patient = (id: string, firstName: string, lastName: string, status: "ACTIVE" | "INACTIVE") => ({ id, firstName, lastName, status }) as DoctorPatient
const list = [
  patient("0a1b2c3d-aaaa", "Awa", "Diop", "ACTIVE"),
  patient("9f8e7d6c-bbbb", "Fatou", "Sarr", "INACTIVE"),
  patient("5d5d5d5d-cccc", "Moussa", "Diouf", "ACTIVE"),
]

describe("patient list filters", () => {
  it("finds by first or last name, in any order, whatever the case", () => {
    expect(filterPatients(list, { q: "DIO", status: null }).map((p) => p.firstName)).toEqual(["Awa", "Moussa"])
    expect(filterPatients(list, { q: "sarr fatou", status: null }).map((p) => p.firstName)).toEqual(["Fatou"])
    expect(filterPatients(list, { q: "  awa diop ", status: null }).map((p) => p.firstName)).toEqual(["Awa"])
  })

  it("finds by id, and filters by status", () => {
    expect(filterPatients(list, { q: "9F8E", status: null }).map((p) => p.firstName)).toEqual(["Fatou"])
    expect(filterPatients(list, { q: "", status: "ACTIVE" }).map((p) => p.firstName)).toEqual(["Awa", "Moussa"])
    expect(filterPatients(list, { q: "fatou", status: "ACTIVE" })).toEqual([])
  })

  it("reads the address leniently and writes only what is set", () => {
    expect(patientFiltersOf({ q: 123, status: "inactive" })).toEqual({ q: "123", status: "INACTIVE" })
    expect(patientFiltersOf({ status: "whatever" })).toEqual({ q: "", status: null })
    expect(patientSearchOf({ q: " ", status: null })).toEqual({})
    expect(patientSearchOf({ q: "awa", status: "ACTIVE" })).toEqual({ q: "awa", status: "ACTIVE" })
  })
})
