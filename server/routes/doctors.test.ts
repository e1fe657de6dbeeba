import { and, eq, sql } from "drizzle-orm"
import * as Schema from "effect/Schema"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Doctor, DoctorSearchResponse, type DoctorSearchRequest } from "../../schemas/doctor.ts"
import { doctorIdOf } from "../../tests/support/gatewayFixtures.ts"
import { doctors, providedServices, users } from "../db/schema.ts"
import { refreshDoctorSearchFields } from "../repositories/doctors.ts"
import { searchDoctors } from "../repositories/doctorSearch.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { testIds } from "../../schemas/testIds.ts"

let gw: TestGateway
let demoDoctorId: string
let totalDoctors: number

const decode = Schema.decodeUnknownSync(DoctorSearchResponse)

async function search(body: Partial<DoctorSearchRequest> & Record<string, unknown>) {
  const response = await gw.api("POST", "/doctors/search", { body: { paginationSettings: { offset: 0, limit: 100 }, ...body } })
  return response
}

async function found(body: Partial<DoctorSearchRequest> & Record<string, unknown>) {
  const response = await search(body)
  expect(response.status).toBe(200)
  return decode(response.body)
}

beforeAll(async () => {
  gw = await startTestGateway()
  demoDoctorId = await doctorIdOf(gw.db, "doctor@demo.sn")
  const [count] = await gw.db.select({ n: sql<number>`count(*)::int` }).from(doctors)
  totalDoctors = Number(count!.n)
})
afterAll(async () => {
  await gw?.stop()
})

describe("POST /doctors/search: pagination", () => {
  it("answers the first page of 10 with the total count of doctors", async () => {
    const page = await found({ paginationSettings: { offset: 0, limit: 10 } })
    expect(page.data).toHaveLength(10)
    expect(page.paginationSettings).toEqual({ offset: 0, limit: 10, totalCount: totalDoctors })
  })

  it("pages without overlap or gap, whatever the sort", async () => {
    for (const sortBy of [
      { property: "rating", order: "desc" },
      { property: "price", order: "asc" },
      { property: "experience", order: "desc" },
      { property: "user.firstName", order: "desc" },
    ] as const) {
      const all = await found({ sortBy, paginationSettings: { offset: 0, limit: 15 } })
      const first = await found({ sortBy, paginationSettings: { offset: 0, limit: 5 } })
      const second = await found({ sortBy, paginationSettings: { offset: 5, limit: 5 } })
      const third = await found({ sortBy, paginationSettings: { offset: 10, limit: 5 } })
      expect([...first.data, ...second.data, ...third.data].map((d) => d.id)).toEqual(all.data.map((d) => d.id))
    }
  })

  it("counts exactly up to the limit, or to the end of the page asked for, then says there are more", async () => {
    const request = { paginationSettings: { offset: 0, limit: 2 } }
    expect(totalDoctors).toBeGreaterThan(12)
    expect((await searchDoctors(gw.db, request, { exactCountLimit: 3 })).paginationSettings).toEqual({
      offset: 0,
      limit: 2,
      totalCount: 3,
      totalCountCapped: true,
    })
    const further = await searchDoctors(gw.db, { paginationSettings: { offset: 8, limit: 4 } }, { exactCountLimit: 3 })
    expect(further.paginationSettings).toEqual({ offset: 8, limit: 4, totalCount: 12, totalCountCapped: true })
    expect(further.data).toHaveLength(4)
    expect((await searchDoctors(gw.db, request, { exactCountLimit: totalDoctors })).paginationSettings).toEqual({
      offset: 0,
      limit: 2,
      totalCount: totalDoctors,
    })
    const oneShort = await searchDoctors(gw.db, request, { exactCountLimit: totalDoctors - 1 })
    expect(oneShort.paginationSettings).toEqual({ offset: 0, limit: 2, totalCount: totalDoctors - 1, totalCountCapped: true })
  })

  it("answers an empty page past the end, still with the count", async () => {
    const page = await found({ paginationSettings: { offset: totalDoctors + 10, limit: 10 } })
    expect(page.data).toEqual([])
    expect(page.paginationSettings.totalCount).toBe(totalDoctors)
  })
})

describe("POST /doctors/search: sorting (SPEC §7)", () => {
  it("rating: highest average first", async () => {
    const rates = (await found({ sortBy: { property: "rating", order: "desc" } })).data.map((d) => d.averageRate)
    expect(rates).toEqual([...rates].sort((a, b) => b - a))
  })

  it("experience: the longest careers (earliest careerStartYear) first", async () => {
    const years = (await found({ sortBy: { property: "experience", order: "desc" } })).data.map((d) => d.careerStartYear ?? 9999)
    expect(years).toEqual([...years].sort((a, b) => a - b))
  })

  it("price: the cheapest starting price first", async () => {
    const prices = (await found({ sortBy: { property: "price", order: "asc" } })).data.map((d) => Math.min(...d.providedServices.map((s) => s.price)))
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
  })

  it("first name: descending by default, the exact reverse of ascending", async () => {
    const name = (d: Doctor) => `${d.firstName} ${d.lastName}`.toLowerCase()
    const byDefault = (await found({})).data.map(name)
    const descending = (await found({ sortBy: { property: "user.firstName", order: "desc" } })).data.map(name)
    const ascending = (await found({ sortBy: { property: "user.firstName", order: "asc" } })).data.map(name)
    expect(byDefault).toEqual(descending)
    expect(descending).toEqual([...ascending].reverse())
  })
})

describe("POST /doctors/search: each sort in its other direction (SPEC §7)", () => {
  const missingLast = <T>(values: ReadonlyArray<T | null>, compare: (a: T, b: T) => number) => {
    const present = values.filter((v): v is T => v !== null)
    expect(values.slice(present.length).every((v) => v === null)).toBe(true)
    expect(present).toEqual([...present].sort(compare))
  }

  it("rating ascending: the lowest average first", async () => {
    const rates = (await found({ sortBy: { property: "rating", order: "asc" } })).data.map((d) => d.averageRate)
    expect(new Set(rates).size).toBeGreaterThan(1)
    expect(rates).toEqual([...rates].sort((a, b) => a - b))
  })

  it("experience ascending: the shortest careers (latest careerStartYear) first, unknown careers last", async () => {
    const years = (await found({ sortBy: { property: "experience", order: "asc" } })).data.map((d) => d.careerStartYear ?? null)
    missingLast(years, (a, b) => b - a)
    expect(new Set(years).size).toBeGreaterThan(1)
  })

  it("price descending: the dearest starting price first, doctors without a price last", async () => {
    const prices = (await found({ sortBy: { property: "price", order: "desc" } })).data.map((d) =>
      d.providedServices.length > 0 ? Math.min(...d.providedServices.map((s) => s.price)) : null,
    )
    missingLast(prices, (a, b) => b - a)
    expect(new Set(prices).size).toBeGreaterThan(1)
  })

  it("first name ascending: A before Z", async () => {
    const first = (await found({ sortBy: { property: "user.firstName", order: "asc" } })).data.map((d) => d.firstName.toLowerCase())
    expect(first[0]!.localeCompare(first.at(-1)!, "fr")).toBeLessThan(0)
  })
})

describe("POST /doctors/search: filters", () => {
  it("finds a doctor by name, words in any order and case", async () => {
    const page = await found({ query: { keyword: "NDIAYE moussa" } })
    expect(page.data.map((d) => d.id)).toContain(demoDoctorId)
    for (const d of page.data) expect(`${d.firstName} ${d.lastName}`.toLowerCase()).toMatch(/ndiaye/)
  })

  it("finds doctors by specialty label or code", async () => {
    for (const keyword of ["cardio", "cardiology"]) {
      const page = await found({ query: { keyword } })
      expect(page.data.map((d) => d.id)).toContain(demoDoctorId)
      for (const d of page.data) expect(d.specialties.some((s) => s.code === "CARDIOLOGY")).toBe(true)
    }
  })

  it("treats % and _ in the keyword as plain characters", async () => {
    expect((await found({ query: { keyword: "%%" } })).paginationSettings.totalCount).toBe(0)
    expect((await found({ query: { keyword: "__" } })).paginationSettings.totalCount).toBe(0)
  })

  it("finds a % or _ typed in the insurance filter as itself, not as a wildcard", async () => {
    const other = testIds.doctor(await doctorIdOf(gw.db, "doctor2@demo.sn"))
    const [before] = await gw.db.select({ insurance: doctors.insuranceAccepted }).from(doctors).where(eq(doctors.id, other))
    await gw.db
      .update(doctors)
      .set({ insuranceAccepted: ["IPM 80%", "AXA_Santé"] })
      .where(eq(doctors.id, other))
    try {
      expect((await found({ query: { insurance: "m 80%" } })).data.map((d) => d.id)).toEqual([other])
      expect((await found({ query: { insurance: "xa_s" } })).data.map((d) => d.id)).toEqual([other])
      // "ipm" is accepted by seeded doctors: an unescaped _ would match its p.
      expect((await found({ query: { insurance: "i_m" } })).paginationSettings.totalCount).toBe(0)
    } finally {
      await gw.db.update(doctors).set({ insuranceAccepted: before!.insurance }).where(eq(doctors.id, other))
    }
  })

  it("leaves out a doctor whose account is closed", async () => {
    const other = testIds.doctor(await doctorIdOf(gw.db, "doctor2@demo.sn"))
    const [user] = await gw.db
      .select({ id: users.id, lastName: users.lastName })
      .from(users)
      .innerJoin(doctors, eq(doctors.userId, users.id))
      .where(eq(doctors.id, other))
    await gw.db.update(users).set({ isActive: false }).where(eq(users.id, user!.id))
    await refreshDoctorSearchFields(gw.db, other)
    try {
      expect((await found({ query: { keyword: user!.lastName } })).data.map((d) => d.id)).not.toContain(other)
      expect((await found({ paginationSettings: { offset: 0, limit: 7 } })).paginationSettings.totalCount).toBe(totalDoctors - 1)
    } finally {
      await gw.db.update(users).set({ isActive: true }).where(eq(users.id, user!.id))
      await refreshDoctorSearchFields(gw.db, other)
    }
  })

  it("counts a search of one specialty (read from its own index) exactly as its pages list it", async () => {
    const queries: Array<NonNullable<DoctorSearchRequest["query"]>> = [
      { specialtyCodes: ["CARDIOLOGY"] },
      { specialtyCodes: [" cardiology "], location: "DAKAR" },
      { specialtyCodes: ["PEDIATRICS"], rating: 4 },
      { specialtyCodes: ["CARDIOLOGY", "cardiology"], providedServiceCodes: ["HOME"] },
      { specialtyCodes: ["GENERAL_PRACTITIONER"], location: "Thiès", rating: 3, providedServiceCodes: ["CLINIC", "ONLINE"] },
    ]
    for (const query of queries) {
      const listed: string[] = []
      let page = await found({ query, paginationSettings: { offset: 0, limit: 25 } })
      listed.push(...page.data.map((d) => d.id))
      while (page.data.length === 25) {
        page = await found({ query, paginationSettings: { offset: listed.length, limit: 25 } })
        listed.push(...page.data.map((d) => d.id))
      }
      expect(new Set(listed).size, JSON.stringify(query)).toBe(listed.length)
      expect(page.paginationSettings.totalCount, JSON.stringify(query)).toBe(listed.length)
    }
    // The five differ: a filter left out of the count would make two of them count alike.
    const counts = await Promise.all(queries.map(async (query) => (await found({ query })).paginationSettings.totalCount))
    expect(counts[0]).toBeGreaterThan(counts[1]!)
    expect(counts[1]).toBeGreaterThan(0)
    expect(counts[2]).toBeGreaterThan(0)
  })

  it("pages a search of one specialty (chosen on its own rows) in the order the listings give, whichever sort", async () => {
    const sorts = (["rating", "experience", "price", "user.firstName"] as const).flatMap((property) =>
      (["asc", "desc"] as const).map((order) => ({ property, order })),
    )
    const queries: Array<NonNullable<DoctorSearchRequest["query"]> & { specialtyCodes: string[] }> = [
      { specialtyCodes: ["GENERAL_PRACTITIONER"] },
      { specialtyCodes: ["GENERAL_PRACTITIONER"], location: "Dakar", providedServiceCodes: ["CLINIC"] },
      { specialtyCodes: ["GENERAL_PRACTITIONER"], rating: 4.5 },
      { specialtyCodes: ["PEDIATRICS"] },
    ]
    for (const query of queries) {
      for (const sortBy of sorts) {
        for (const paginationSettings of [
          { offset: 0, limit: 100 },
          { offset: 2, limit: 3 },
        ]) {
          const ids = async (codes: string[]) => (await found({ query: { ...query, specialtyCodes: codes }, sortBy, paginationSettings })).data.map((d) => d.id)
          const ofOneSpecialty = await ids(query.specialtyCodes)
          // A second code that no doctor has sends the same search through the listings.
          const throughListings = await ids([...query.specialtyCodes, "NO_SUCH_SPECIALTY"])
          expect(ofOneSpecialty, JSON.stringify({ query, sortBy, paginationSettings })).toEqual(throughListings)
          expect(ofOneSpecialty.length).toBeGreaterThan(1)
        }
      }
    }
  })

  it("follows any change to a doctor's row at once, whichever statement makes it", async () => {
    const other = testIds.doctor(await doctorIdOf(gw.db, "doctor2@demo.sn"))
    const [before] = await gw.db
      .select({ rate: doctors.averageRate, career: doctors.careerStartYear, languages: doctors.spokenLanguages, specialties: doctors.specialtyCodes })
      .from(doctors)
      .where(eq(doctors.id, other))
    // Written behind the gateway's back: each question is asked once (its read cache keeps an answer 5 s), with a page size no other test asks.
    let asked = 0
    const ids = async (body: Partial<DoctorSearchRequest>) =>
      (await found({ ...body, paginationSettings: { offset: 0, limit: 90 + asked++ } })).data.map((d) => d.id)
    const countOf = async (query: NonNullable<DoctorSearchRequest["query"]>) =>
      (await found({ query, paginationSettings: { offset: 0, limit: 90 + asked++ } })).paginationSettings.totalCount
    const specialty = before!.specialties[0]!
    // No other doctor of this specialty is rated above 4.96 in the demo data.
    expect(await countOf({ specialtyCodes: [specialty], rating: 4.96 })).toBe(0)
    const longestCareersOfTheSpecialty = { query: { specialtyCodes: [specialty] }, sortBy: { property: "experience", order: "desc" } } as const
    expect((await ids(longestCareersOfTheSpecialty))[0]).not.toBe(other)
    try {
      await gw.db
        .update(doctors)
        .set({ averageRate: 4.97, careerStartYear: 1941, spokenLanguages: ["AR", "WO"] })
        .where(eq(doctors.id, other))
      expect(await ids({ query: { rating: 4.96 } })).toContain(other)
      expect(await countOf({ specialtyCodes: [specialty], rating: 4.96 })).toBe(1)
      expect(await ids({ query: { language: "AR" } })).toContain(other)
      expect((await ids({ sortBy: { property: "experience", order: "desc" } }))[0]).toBe(other)
      expect((await ids(longestCareersOfTheSpecialty))[0]).toBe(other)
      await gw.db
        .update(doctors)
        .set({ averageRate: 1, spokenLanguages: ["WO"] })
        .where(eq(doctors.id, other))
      expect(await ids({ query: { rating: 4.96 } })).not.toContain(other)
      expect(await countOf({ specialtyCodes: [specialty], rating: 4.96 })).toBe(0)
      expect(await ids({ query: { language: "AR" } })).not.toContain(other)
    } finally {
      await gw.db
        .update(doctors)
        .set({ averageRate: before!.rate, careerStartYear: before!.career, spokenLanguages: before!.languages })
        .where(eq(doctors.id, other))
    }
  })

  it("lists and counts the doctors of every asked specialty, not only the first", async () => {
    const all = { offset: 0, limit: 100 }
    const idsOf = async (specialtyCodes: string[]) => {
      const page = await found({ query: { specialtyCodes }, paginationSettings: all })
      expect(page.paginationSettings.totalCount).toBe(page.data.length)
      return page.data.map((d) => d.id)
    }
    const pediatrics = await idsOf(["PEDIATRICS"])
    const neurology = await idsOf(["NEUROLOGY"])
    expect(pediatrics.length).toBeGreaterThan(0)
    expect(neurology.length).toBeGreaterThan(0)
    expect(new Set(await idsOf(["PEDIATRICS", "NEUROLOGY"]))).toEqual(new Set([...pediatrics, ...neurology]))
    expect(new Set(await idsOf(["NEUROLOGY", "PEDIATRICS"]))).toEqual(new Set([...pediatrics, ...neurology]))
  })

  it("filters by any of the specialty codes", async () => {
    const page = await found({ query: { specialtyCodes: ["PEDIATRICS", "NEUROLOGY"] } })
    expect(page.data.length).toBeGreaterThan(0)
    for (const d of page.data) expect(d.specialties.some((s) => s.code === "PEDIATRICS" || s.code === "NEUROLOGY")).toBe(true)
  })

  it("reads a specialty code in any case and with spaces around it as the code (as the search page's address does)", async () => {
    const exact = await found({ query: { specialtyCodes: ["CARDIOLOGY"] } })
    expect(exact.paginationSettings.totalCount).toBeGreaterThan(0)
    expect(await found({ query: { specialtyCodes: [" cardiology "] } })).toEqual(exact)
  })

  it("filters by the city of the primary location, any case", async () => {
    const page = await found({ query: { location: "DAKAR" } })
    expect(page.data.length).toBeGreaterThan(0)
    for (const d of page.data) expect(d.locations.find((l) => l.isPrimary)?.city).toBe("Dakar")
    expect((await found({ query: { location: "Kédougou" } })).data).toEqual([])
  })

  it("takes an empty list of specialties or services, and a minimum rating of 0, as no filter", async () => {
    for (const query of [{ specialtyCodes: [] }, { providedServiceCodes: [] }, { rating: 0 }]) {
      expect((await found({ query })).paginationSettings.totalCount, JSON.stringify(query)).toBe(totalDoctors)
    }
  })

  it("filters by minimum rating", async () => {
    const page = await found({ query: { rating: 4.5 } })
    expect(page.data.length).toBeGreaterThan(0)
    for (const d of page.data) expect(d.averageRate).toBeGreaterThanOrEqual(4.5)
    expect(page.paginationSettings.totalCount).toBeLessThan(totalDoctors)
  })

  it("filters by spoken language and by insurance", async () => {
    const arabic = await found({ query: { language: "AR" } })
    expect(arabic.data.length).toBeGreaterThan(0)
    for (const d of arabic.data) expect(d.doctorSpokenLanguages).toContain("AR")
    const ipm = await found({ query: { insurance: "ipm" } })
    expect(ipm.data.map((d) => d.id)).toContain(demoDoctorId)
    for (const d of ipm.data) expect(d.insuranceAccepted.some((i) => i.toLowerCase().includes("ipm"))).toBe(true)
  })

  it("keeps only doctors offering the CLINIC service when asked", async () => {
    const other = { id: await doctorIdOf(gw.db, "doctor2@demo.sn") }
    await gw.db.delete(providedServices).where(and(eq(providedServices.doctorId, testIds.doctor(other.id)), eq(providedServices.code, "CLINIC")))
    await refreshDoctorSearchFields(gw.db, testIds.doctor(other.id))
    const clinic = await found({ query: { providedServiceCodes: ["CLINIC"] } })
    expect(clinic.data.map((d) => d.id)).not.toContain(other.id)
    for (const d of clinic.data) expect(d.providedServices.map((s) => s.code)).toContain("CLINIC")
    expect(clinic.paginationSettings.totalCount).toBe(totalDoctors - 1)
    expect((await found({})).paginationSettings.totalCount).toBe(totalDoctors)
  })

  it("combines filters: a cardiologist in Dakar, cheapest first", async () => {
    const page = await found({
      query: { keyword: "cardio", location: "Dakar", providedServiceCodes: ["CLINIC"] },
      sortBy: { property: "price", order: "asc" },
    })
    expect(page.data.map((d) => d.id)).toContain(demoDoctorId)
    for (const d of page.data) {
      expect(d.locations.find((l) => l.isPrimary)?.city).toBe("Dakar")
      expect(d.specialties.some((s) => s.code === "CARDIOLOGY")).toBe(true)
    }
  })
})

describe("POST /doctors/search: validation", () => {
  it("refuses a one-character keyword with the minimum-characters message", async () => {
    const response = await search({ query: { keyword: "a" } })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe("VALIDATION_ERROR")
    expect(response.body.fields).toContainEqual({ name: "query.keyword", message: "validation.searchMin" })
  })

  it("refuses page sizes out of 1..100, negative offsets, unknown sorts and languages", async () => {
    for (const body of [
      { paginationSettings: { offset: 0, limit: 101 } },
      { paginationSettings: { offset: 0, limit: 0 } },
      { paginationSettings: { offset: -1, limit: 10 } },
      { sortBy: { property: "password", order: "desc" } },
      { query: { language: "DE" } },
      { query: { rating: 6 } },
      { query: { providedServiceCodes: ["SURGERY"] } },
    ]) {
      const response = await search(body as never)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(response.body.code).toBe("VALIDATION_ERROR")
      expect(response.body.fields.length).toBeGreaterThan(0)
    }
    const missing = await gw.api("POST", "/doctors/search", { body: {} })
    expect(missing.body.fields).toContainEqual({ name: "paginationSettings", message: "validation.required" })
  })
})

describe("GET /doctors/{id}", () => {
  it("answers the public profile", async () => {
    const response = await gw.api("GET", `/doctors/${demoDoctorId}`)
    expect(response.status).toBe(200)
    const doctor = Schema.decodeUnknownSync(Doctor)(response.body)
    expect(doctor).toMatchObject({ firstName: "Moussa", lastName: "Ndiaye", careerStartYear: 2006 })
    expect(doctor.providedServices.map((s) => s.price).sort()).toEqual([10000, 15000, 25000])
    expect(doctor.healthcareFacilities.map((f) => f.name)).toContain("Hôpital Principal de Dakar")
    expect(doctor.nextAvailability).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/)
  })

  it("answers DOCTOR_NOT_FOUND for an unknown id and INVALID_PARAMETER for a malformed one", async () => {
    const unknown = await gw.api("GET", "/doctors/00000000-0000-4000-8000-000000000000")
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe("DOCTOR_NOT_FOUND")
    const malformed = await gw.api("GET", "/doctors/not-an-id")
    expect(malformed.status).toBe(400)
    expect(malformed.body.code).toBe("INVALID_PARAMETER")
  })
})

describe("the stored doctor records (profile and search pages)", () => {
  it("keep no secret of the doctor's account: the password hash stays in its table", async () => {
    const [row] = await gw.db
      .select({ definition: sql<string>`pg_get_functiondef('doctor_records_refresh(uuid[])'::regprocedure)` })
      .from(sql`(SELECT) AS nothing`)
    expect(row!.definition).toContain('u."email"')
    expect(row!.definition).not.toContain("password")
    expect(row!.definition).not.toContain("search_text")
  })
})
