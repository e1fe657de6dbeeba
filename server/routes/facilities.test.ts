import * as Schema from "effect/Schema"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { FacilitySearchResponse, type FacilitySearchRequest } from "../../schemas/facility.ts"
import { FACILITIES } from "../db/seedData/places.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"

let gw: TestGateway
const decode = Schema.decodeUnknownSync(FacilitySearchResponse)
const DAKAR = { lat: 14.7167, lng: -17.4677 }

async function search(body: Partial<FacilitySearchRequest> & Record<string, unknown>) {
  return gw.api("POST", "/healthcare-facilities/search", { body: { paginationSettings: { offset: 0, limit: 100 }, ...body } })
}

async function found(body: Partial<FacilitySearchRequest> & Record<string, unknown>) {
  const response = await search(body)
  expect(response.status, response.text).toBe(200)
  return decode(response.body)
}

/** The same great-circle formula, computed independently of the gateway's SQL. */
function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2
  return 2 * 6371 * Math.asin(Math.sqrt(h))
}

beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw?.stop()
})

describe("POST /healthcare-facilities/search", () => {
  it("lists every facility by name ascending by default, with hours for each weekday", async () => {
    const page = await found({})
    expect(page.paginationSettings.totalCount).toBe(FACILITIES.length)
    const names = page.data.map((f) => f.name.toLowerCase())
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    for (const f of page.data) {
      expect(Object.keys(f.hours)).toHaveLength(7)
      expect(f.distance).toBeUndefined()
    }
    expect(page.data.some((f) => f.coordinates === null)).toBe(true)
  })

  it("sorts by name descending and by rating", async () => {
    const ascending = (await found({ sortBy: { property: "name", order: "asc" } })).data.map((f) => f.id)
    const descending = (await found({ sortBy: { property: "name", order: "desc" } })).data.map((f) => f.id)
    expect(descending).toEqual([...ascending].reverse())
    const ratings = (await found({ sortBy: { property: "rating", order: "desc" } })).data.map((f) => f.rating)
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a))
  })

  it("sorts by distance from the searcher, facilities without coordinates last", async () => {
    const page = await found({ sortBy: { property: "distance", order: "asc" }, query: { near: DAKAR } })
    const located = page.data.filter((f) => f.coordinates !== null)
    expect(page.data.slice(0, located.length)).toEqual(located)
    for (const f of located) expect(f.distance).toBeCloseTo(haversineKm(DAKAR, f.coordinates!), 0)
    for (const f of page.data.slice(located.length)) expect(f.distance).toBeNull()
    const distances = located.map((f) => f.distance!)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    expect(page.data[0]!.location.city).toBe("Dakar")
    expect(page.data.at(-1 - (page.data.length - located.length))!.location.city).toBe("Abéché")
  })

  it("searches names and cities, any case", async () => {
    const chad = await found({ query: { keyword: "N'Djamena" } })
    expect(chad.data.length).toBeGreaterThan(2)
    for (const f of chad.data) expect(`${f.name} ${f.location.city}`.toLowerCase()).toContain("n'djamena")
    const byName = await found({ query: { keyword: "pasteur" } })
    expect(byName.data.map((f) => f.name)).toEqual(["Institut Pasteur de Dakar"])
    expect((await found({ query: { keyword: "" } })).paginationSettings.totalCount).toBe(FACILITIES.length)
  })

  it("searches a keyword without its outer spaces, and a facility name in names only, not cities", async () => {
    expect((await found({ query: { keyword: "  pasteur " } })).data.map((f) => f.name)).toEqual(["Institut Pasteur de Dakar"])
    const named = await found({ query: { healthcare_facility_name: " dakar " } })
    const expected = FACILITIES.filter((f) => f.name.toLowerCase().includes("dakar")).map((f) => f.name)
    expect(named.data.map((f) => f.name).sort()).toEqual([...expected].sort())
    expect(expected.length).toBeLessThan(FACILITIES.filter((f) => `${f.name} ${f.city}`.toLowerCase().includes("dakar")).length)
  })

  it("gives each facility's coordinates as seeded, none when it has none", async () => {
    const all = await found({})
    for (const seeded of FACILITIES) {
      const facility = all.data.find((f) => f.name === seeded.name)
      expect(facility?.coordinates, seeded.name).toEqual(seeded.lat === null || seeded.lng === null ? null : { lat: seeded.lat, lng: seeded.lng })
    }
    expect(FACILITIES.some((f) => f.lat === null)).toBe(true)
  })

  it("filters by type and by emergency care", async () => {
    const pharmacies = await found({ query: { facilityType: "PHARMACY" } })
    expect(pharmacies.paginationSettings.totalCount).toBe(FACILITIES.filter((f) => f.type === "PHARMACY").length)
    for (const f of pharmacies.data) expect(f.facilityType).toBe("PHARMACY")
    const emergency = await found({ query: { emergency: true } })
    expect(emergency.data.length).toBeGreaterThan(0)
    for (const f of emergency.data) expect(f.emergency).toBe(true)
  })

  it("pages with the total count", async () => {
    const first = await found({ paginationSettings: { offset: 0, limit: 10 } })
    const third = await found({ paginationSettings: { offset: 20, limit: 10 } })
    expect(first.data).toHaveLength(10)
    expect(third.data).toHaveLength(FACILITIES.length - 20)
    expect(third.paginationSettings).toEqual({ offset: 20, limit: 10, totalCount: FACILITIES.length })
  })

  it("refuses a one-character keyword, an unknown type and an oversized page", async () => {
    const short = await search({ query: { keyword: "a" } })
    expect(short.status).toBe(400)
    expect(short.body.fields).toContainEqual({ name: "query.keyword", message: "validation.searchMin" })
    expect((await search({ query: { facilityType: "SPA" as never } })).body.code).toBe("VALIDATION_ERROR")
    expect((await search({ paginationSettings: { offset: 0, limit: 500 } })).body.code).toBe("VALIDATION_ERROR")
    expect((await search({ sortBy: { property: "distance", order: "sideways" as never } })).status).toBe(400)
  })
})
