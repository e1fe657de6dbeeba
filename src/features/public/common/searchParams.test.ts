import { describe, expect, it } from "vitest"
import { doctorSearchParamsOf, parseDoctorSearch } from "../doctors/searchParams.ts"
import { facilitySearchParamsOf, parseFacilitySearch } from "../facilities/searchParams.ts"
import { pageInRange } from "./pageInRange.ts"

// Issue 11: an unknown or out-of-range value in the address falls back to its default.
describe("doctor search address", () => {
  it("drops a rating that is not one of the filters, so the search asks without it", () => {
    const search = parseDoctorSearch({ rating: "abc" })
    expect(search.rating).toBeUndefined()
    // TanStack spreads the route's search over the raw one: the refused field must still be named, to hide the raw value.
    expect({ ...{ rating: "abc" }, ...search }.rating).toBeUndefined()
    expect(doctorSearchParamsOf({ ...{ rating: "abc" }, ...search } as never)).not.toHaveProperty("rating")
  })

  it("falls back to defaults for a bad page, size, sort or language", () => {
    const params = doctorSearchParamsOf(parseDoctorSearch({ page: "x", limit: 7, sort: "cheapest", language: "ZZ" }))
    expect(params).toMatchObject({ page: 1, limit: 10, sort: "relevance" })
    expect(params).not.toHaveProperty("language")
    expect(parseDoctorSearch({ page: 0 }).page).toBeUndefined()
    expect(parseDoctorSearch({ page: -3 }).page).toBeUndefined()
    expect(parseDoctorSearch({ page: 2.5 }).page).toBeUndefined()
  })

  it("keeps valid values", () => {
    expect(parseDoctorSearch({ rating: 4, page: 3, limit: 25, sort: "fee", language: "WO" })).toMatchObject({
      rating: 4,
      page: 3,
      limit: 25,
      sort: "fee",
      language: "WO",
    })
  })
})

describe("the booking wizard in the search's address", () => {
  const doctorId = "3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b"

  it("opens on a doctor's id and a step, both needed", () => {
    expect(parseDoctorSearch({ book: doctorId, booking: 2 })).toMatchObject({ book: doctorId, booking: 2 })
    expect(parseDoctorSearch({ book: doctorId })).toMatchObject({ book: undefined, booking: undefined })
    expect(parseDoctorSearch({ booking: 1 })).toMatchObject({ book: undefined, booking: undefined })
  })

  it("drops an id that is not one, or a step outside 1 to 3", () => {
    for (const book of ["../admin", "1", true, { id: doctorId }, [doctorId]]) expect(parseDoctorSearch({ book, booking: 1 }).book).toBeUndefined()
    for (const booking of [0, 4, "2", true, 1.5]) expect(parseDoctorSearch({ book: doctorId, booking })).toMatchObject({ book: undefined, booking: undefined })
  })

  it("is not asked of the gateway", () => {
    expect(doctorSearchParamsOf(parseDoctorSearch({ book: doctorId, booking: 3, page: 2 }))).toEqual(doctorSearchParamsOf(parseDoctorSearch({ page: 2 })))
  })
})

describe("a valid address at its defaults", () => {
  it("is left as it was asked for (a default named undefined would be another address, and be redirected)", () => {
    const raw = { page: 1, limit: 10 }
    expect({ ...raw, ...parseDoctorSearch(raw) }).toEqual(raw)
    expect({ ...raw, ...parseFacilitySearch(raw) }).toEqual(raw)
  })
})

describe("facility search address", () => {
  it("drops an unknown type, view, order or page", () => {
    const raw = { type: "SPA", view: "globe", order: "up", page: "abc", limit: 3, sort: "size" }
    const search = { ...raw, ...parseFacilitySearch(raw) }
    const params = facilitySearchParamsOf(search as never, null)
    expect(params).toMatchObject({ page: 1, limit: 10, sort: "name", order: "asc" })
    expect(params).not.toHaveProperty("type")
    expect(search.view).toBeUndefined()
  })
})

describe("a page beyond the last", () => {
  it("is replaced by the last page", () => {
    // 48 doctors, 10 a page: 5 pages.
    expect(pageInRange(999, 10, 48)).toBe(5)
    expect(pageInRange(6, 10, 48)).toBe(5)
    expect(pageInRange(3, 25, 48)).toBe(2)
  })

  it("is page 1 when nothing matches", () => {
    expect(pageInRange(4, 10, 0)).toBe(1)
  })

  it("stays when it exists", () => {
    expect(pageInRange(5, 10, 48)).toBeNull()
    expect(pageInRange(1, 10, 0)).toBeNull()
    expect(pageInRange(2, 5, 10)).toBeNull()
  })
})
