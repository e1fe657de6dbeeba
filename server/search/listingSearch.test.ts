import { sql } from "drizzle-orm"
import fc from "fast-check"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import type { DoctorSearchRequest } from "../../schemas/doctor.ts"
import { SERVICE_CODES, SPOKEN_LANGUAGES } from "../../schemas/enums.ts"
import { doctors, timeSlots } from "../db/schema.ts"
import { searchDoctors } from "../repositories/doctorSearch.ts"
import { doctorRecordsOf, loadDoctor } from "../repositories/doctors.ts"
import { CardRecords } from "./cardRecords.ts"
import { JsonText } from "../http/jsonText.ts"
import type { DoctorId } from "../../schemas/ids.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { readListings, type ListingSearch } from "./listingFeed.ts"
import { ListingIndex } from "./listingIndex.ts"

// The listings in memory are held to the statement on doctor_listings, which has its own tests
// written from SPEC (server/routes/doctors.test.ts): for any search, the same doctors in the same
// order and the same count. The data first gets the cases an index gets wrong: ties of names and
// ratings, missing career starts and fees, unlisted doctors, names whose code point order differs
// from JavaScript's, LIKE's wildcards in a search text.

let gw: TestGateway
let ids: string[]
const vocabulary = { words: [] as string[], cities: [] as string[], codes: [] as string[], insurers: [] as string[] }

const exec = (statement: ReturnType<typeof sql>) => gw.db.execute(statement)

beforeAll(async () => {
  gw = await startTestGateway({ readCacheMs: 0 })
  ids = (await gw.db.select({ id: doctors.id }).from(doctors).orderBy(doctors.id)).map((row) => row.id)
  const at = (i: number) => ids[i]!
  // Two doctors of one name, and three of one rating: their ids decide.
  await exec(sql`UPDATE doctors SET sort_first_name = 'aminata', sort_last_name = 'diallo' WHERE id IN (${at(0)}, ${at(1)})`)
  await exec(sql`UPDATE doctors SET average_rate = 4.5 WHERE id IN (${at(2)}, ${at(3)}, ${at(4)})`)
  // No career start, no fee: last in both directions.
  await exec(sql`UPDATE doctors SET career_start_year = NULL, min_price = NULL WHERE id IN (${at(5)}, ${at(6)}, ${at(7)})`)
  await exec(sql`UPDATE doctors SET listed = false WHERE id IN (${at(8)}, ${at(9)})`)
  // U+00E9, U+FF21 (fullwidth A) and U+1D49C (script A, a surrogate pair in JavaScript): PostgreSQL
  // puts the last after the other two, JavaScript's < before.
  await exec(sql`UPDATE doctors SET sort_first_name = 'émile' WHERE id = ${at(10)}`)
  await exec(sql`UPDATE doctors SET sort_first_name = ${"\uff21lpha"} WHERE id = ${at(11)}`)
  await exec(sql`UPDATE doctors SET sort_first_name = ${"\u{1d49c}lpha"} WHERE id = ${at(12)}`)
  await exec(sql`UPDATE doctors SET search_text = search_text || ' 50% off_peak' WHERE id = ${at(13)}`)
  // A free slot already past is nobody's next availability.
  await exec(sql`UPDATE time_slots SET starts_at = now() - interval '2 days'
    WHERE id = (SELECT id FROM time_slots WHERE doctor_id = ${at(0)} AND status = 'AVAILABLE' ORDER BY starts_at LIMIT 1)`)
  // Every piece of "qwer" and "qwert" (qwe, wer, ert) is in this text, neither word is.
  await exec(sql`UPDATE doctors SET search_text = search_text || ' qwex wery erto' WHERE id = ${at(15)}`)
  await exec(sql`UPDATE doctors SET insurance_accepted = '["İnsurance Plus", "MUTUELLE Santé"]'::jsonb WHERE id = ${at(14)}`)

  const listings = await readListings(gw.db)
  vocabulary.words = [...new Set(listings.flatMap((l) => l.searchText.split(" ")))].filter((w) => w.length >= 2)
  vocabulary.cities = [...new Set(listings.flatMap((l) => (l.primaryCity ? [l.primaryCity] : [])))]
  vocabulary.codes = [...new Set(listings.flatMap((l) => l.specialtyCodes))]
  vocabulary.insurers = [...new Set(listings.flatMap((l) => l.insurers))]
})
afterAll(async () => {
  await gw?.stop()
})

/** A part of a word: what a visitor types before the end. */
const partOf = (words: ReadonlyArray<string>) =>
  fc.constantFrom(...words).chain((word) => fc.integer({ min: 0, max: Math.max(0, word.length - 2) }).map((start) => word.slice(start, start + 3)))

/** A filter a search names one time in three, as the search page's visitors do: most searches name one or two. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | null> => fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary })

const defined = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null)) as T

function searches(): fc.Arbitrary<{ request: DoctorSearchRequest; countLimit: number }> {
  // Two parts of words joined: a word of four letters or more whose pieces are in search texts it is not in.
  const joined = fc.tuple(partOf(vocabulary.words), partOf(vocabulary.words)).map(([a, b]) => a + b.slice(0, 2))
  const word = fc.oneof(
    fc.constantFrom(...vocabulary.words),
    partOf(vocabulary.words),
    joined,
    fc.constantFrom("50%", "off_", "zz", "a", "é", "qwer", "qwert", "wery"),
  )
  const query = fc.record({
    keyword: sometimes(fc.array(word, { minLength: 1, maxLength: 2 }).map((words) => words.join(" "))),
    specialtyCodes: sometimes(fc.subarray([...vocabulary.codes.slice(0, 6), "NONE", vocabulary.codes[0]!.toLowerCase()], { minLength: 1, maxLength: 3 })),
    location: sometimes(fc.constantFrom(...vocabulary.cities, ` ${vocabulary.cities[0]!.toUpperCase()} `, "Nowhere")),
    rating: sometimes(fc.constantFrom(0, 1, 3, 3.5, 4, 4.5, 5)),
    language: sometimes(fc.constantFrom(...SPOKEN_LANGUAGES)),
    insurance: sometimes(fc.oneof(partOf(vocabulary.insurers), fc.constantFrom("İns", "SANTÉ", "zzz"))),
    providedServiceCodes: sometimes(fc.subarray([...SERVICE_CODES], { minLength: 1 })),
  })
  const sortBy = fc.record({
    property: fc.constantFrom("user.firstName", "rating", "experience", "price") as fc.Arbitrary<"rating">,
    order: fc.constantFrom("asc", "desc") as fc.Arbitrary<"asc">,
  })
  return fc.record({
    request: fc
      .record({
        paginationSettings: fc.record({ offset: fc.oneof(fc.constant(0), fc.nat(50)), limit: fc.integer({ min: 1, max: 25 }) }),
        sortBy: fc.option(sortBy),
        query: fc.option(query.map(defined)),
      })
      .map(defined) as fc.Arbitrary<DoctorSearchRequest>,
    countLimit: fc.constantFrom(1, 3, 10, 1000),
  })
}

const indexOf = async (): Promise<ListingSearch> => {
  const index = ListingIndex.of(await readListings(gw.db))
  return { search: async (request, countLimit) => index.search(request, countLimit), record: async () => undefined }
}

/** The page's doctors in order and the page's settings, as the statement and as `listings` answer. */
async function bothAnswers(request: DoctorSearchRequest, countLimit: number, listings: ListingSearch) {
  const [statement, inMemory] = await Promise.all([
    searchDoctors(gw.db, request, { exactCountLimit: countLimit }),
    searchDoctors(gw.db, request, { exactCountLimit: countLimit, listings }),
  ])
  // The whole records too: the statement writes them in PostgreSQL (doctor_records_json), the listings' page in the gateway.
  const shown = (answer: typeof statement) => ({
    ids: answer.data.map((doctor) => doctor.id),
    paginationSettings: answer.paginationSettings,
    records: answer.data,
  })
  return { statement: shown(statement), inMemory: shown(inMemory) }
}

describe("searches answered from the listings in memory", () => {
  it("find the doctors the statement finds, in its order, with its count, whatever the search", async () => {
    const index = await indexOf()
    let nonEmpty = 0
    await fc.assert(
      fc.asyncProperty(searches(), async ({ request, countLimit }) => {
        const { statement, inMemory } = await bothAnswers(request, countLimit, index)
        if (statement.ids.length > 0) nonEmpty++
        expect(inMemory).toEqual(statement)
      }),
      { numRuns: 400 },
    )
    // Not a run of empty pages agreeing: most searches found someone.
    expect(nonEmpty).toBeGreaterThan(100)
  })

  it("find a word where a search text holds it, not where it holds only the word's pieces", async () => {
    const index = await indexOf()
    const found = async (keyword: string) => {
      const { statement, inMemory } = await bothAnswers({ paginationSettings: { offset: 0, limit: 10 }, query: { keyword } }, 1000, index)
      expect(inMemory).toEqual(statement)
      return inMemory.ids
    }
    expect(await found("qwer")).toEqual([])
    expect(await found("qwert")).toEqual([])
    expect(await found("wery erto")).toEqual([ids[15]])
    expect(await found("qwe")).toEqual([ids[15]])
  })

  it("sort names in PostgreSQL's order: a character past U+FFFF after U+FF21", async () => {
    const index = await indexOf()
    const request: DoctorSearchRequest = { paginationSettings: { offset: 0, limit: 100 }, sortBy: { property: "user.firstName", order: "desc" } }
    const { statement, inMemory } = await bothAnswers(request, 1000, index)
    expect(statement.ids.slice(0, 2)).toEqual([ids[12], ids[11]])
    expect(inMemory).toEqual(statement)
  })
})

describe("the records kept beside the listings", () => {
  it("read page by page, hold every doctor's record as the prepared statement reads it", async () => {
    // Pages of 7 over the seeded doctors: several full pages and a last one short (or empty).
    expect(ids.length).toBeGreaterThan(21)
    for (const pageSize of [7, ids.length, 1_000]) {
      const records = (await CardRecords.reads(gw.db, pageSize).all())!
      expect(JSON.parse(records.json(ids))).toEqual(JSON.parse(await doctorRecordsOf(gw.db, ids)))
    }
    const records = (await CardRecords.reads(gw.db, 7).all())!
    expect(records.one("00000000-0000-4000-8000-000000000000")).toBeUndefined()
    expect(JSON.parse(records.json([ids[3]!, "00000000-0000-4000-8000-000000000000", ids[1]!])).map((d: { id: string }) => d.id)).toEqual([ids[3], ids[1]])
  })
})

// Only PostgreSQL has the feed (a listening connection): on PGlite these are not registered
// rather than passed with nothing to see.
const onPostgres = process.env.TEST_DB === "postgres"
const describeOnPostgres = onPostgres ? describe : () => undefined

describeOnPostgres("the listings of each gateway on PostgreSQL", () => {
  const requests: DoctorSearchRequest[] = [
    { paginationSettings: { offset: 0, limit: 100 } },
    { paginationSettings: { offset: 0, limit: 100 }, sortBy: { property: "rating", order: "desc" } },
    { paginationSettings: { offset: 0, limit: 100 }, sortBy: { property: "price", order: "asc" }, query: { keyword: "zebulon" } },
    { paginationSettings: { offset: 0, limit: 100 }, sortBy: { property: "experience", order: "desc" }, query: { location: "Ziguinchor" } },
  ]
  const expectSameAnswers = async () => {
    for (const request of requests) {
      const { statement, inMemory } = await bothAnswers(request, 1000, gw.listings!)
      expect(inMemory).toEqual(statement)
    }
  }

  it("answer a search at once with what was written before it, even straight in the database", async () => {
    expect(gw.listings!.ready).toBe(true)
    const [first, second, third] = [ids[20]!, ids[21]!, ids[22]!]
    const writes = [
      sql`UPDATE doctors SET sort_first_name = 'zebulon', search_text = search_text || ' zebulon' WHERE id = ${first}`,
      sql`UPDATE doctors SET average_rate = 5, primary_city = 'ziguinchor' WHERE id = ${second}`,
      sql`UPDATE doctors SET listed = false WHERE id = ${first}`,
      sql`UPDATE doctors SET listed = true, min_price = NULL, career_start_year = 1970 WHERE id IN (${first}, ${third})`,
      sql`DELETE FROM doctor_listings WHERE doctor_id = ${second}`,
      // Every doctor at once: the copy trigger puts the deleted listing back.
      sql`UPDATE doctors SET average_rate = average_rate`,
      sql`UPDATE doctors SET search_text = search_text || '' , sort_last_name = sort_last_name || 'x' WHERE id = ${third}`,
    ]
    for (const write of writes) {
      await exec(write)
      // No wait: the search itself makes sure it heard the write.
      await expectSameAnswers()
    }
    const listed = await gw.listings!.search(requests[2]!, 1000)
    expect(listed?.ids).toEqual([first])
  })

  it("are the routes' answer: a search's page and records, and a profile, from memory", async () => {
    const search = vi.spyOn(gw.listings!, "search")
    try {
      const response = await gw.api("POST", "/doctors/search", { body: { paginationSettings: { offset: 0, limit: 5 }, query: { keyword: "zebulon" } } })
      expect(response.status).toBe(200)
      expect(response.body.data.map((doctor: { id: string }) => doctor.id)).toEqual([ids[20]])
      expect(search).toHaveBeenCalledTimes(1)
      await expect(search.mock.results[0]!.value).resolves.toMatchObject({ ids: [ids[20]], counted: 1, records: expect.stringContaining(ids[20]!) })
    } finally {
      search.mockRestore()
    }
    const record = vi.spyOn(gw.listings!, "record")
    try {
      const profile = await gw.api("GET", `/doctors/${ids[20]}`)
      expect(profile.status).toBe(200)
      expect(profile.body.id).toBe(ids[20])
      await expect(record.mock.results[0]!.value).resolves.toBeInstanceOf(JsonText)
      // No such doctor: memory says so, and the route answers 404.
      const missing = await gw.api("GET", "/doctors/00000000-0000-4000-8000-000000000000")
      expect(missing.status).toBe(404)
      expect(missing.body.code).toBe("DOCTOR_NOT_FOUND")
      await expect(record.mock.results[1]!.value).resolves.toBeNull()
    } finally {
      record.mockRestore()
    }
  })

  /** The one doctor a search for `keyword` finds, as memory answers it (and checked against the statement's answer). */
  const cardOf = async (keyword: string) => {
    const request: DoctorSearchRequest = { paginationSettings: { offset: 0, limit: 10 }, query: { keyword } }
    const { statement, inMemory } = await bothAnswers(request, 1000, gw.listings!)
    expect(inMemory).toEqual(statement)
    const found = await gw.listings!.search(request, 1000)
    // Filled from memory, not by the prepared statement's fallback.
    expect(found?.records).toBeDefined()
    const [card, ...others] = JSON.parse(found!.records!) as Array<{ id: string; firstName: string; nextAvailability: string | null }>
    expect(others).toEqual([])
    // Their profile from memory too: the card, and the record the prepared statement reads.
    const profile = (await gw.listings!.record(card!.id as DoctorId))?.parse()
    expect(profile).toEqual(card)
    expect(profile).toEqual(await loadDoctor(gw.db, card!.id as DoctorId))
    return card!
  }
  const earliestFreeSlot = (doctorId: string) =>
    sql`(SELECT id FROM time_slots WHERE doctor_id = ${doctorId} AND status = 'AVAILABLE' AND starts_at > now() ORDER BY starts_at LIMIT 1)`
  const apiTimeOf = async (slot: ReturnType<typeof sql>) => {
    const [row] = await gw.db
      .select({ at: sql<string>`to_char(starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')` })
      .from(timeSlots)
      .where(sql`id = ${slot}`)
    return row?.at ?? null
  }

  it("send the records and next free slots they keep, changed at once by a write straight in the database", async () => {
    const doctor = ids[25]!
    await exec(sql`UPDATE doctors SET search_text = search_text || ' quetzal' WHERE id = ${doctor}`)
    const first = await cardOf("quetzal")
    expect(first.id).toBe(doctor)
    expect(first.nextAvailability).toBe(await apiTimeOf(earliestFreeSlot(doctor)))

    // Their record: a new first name is in the card at once.
    await exec(sql`UPDATE users SET first_name = 'Quentin' WHERE id = (SELECT user_id FROM doctors WHERE id = ${doctor})`)
    expect((await cardOf("quetzal")).firstName).toBe("Quentin")

    // Their slots: the next free one taken, then one made earlier, then none left.
    await exec(sql`UPDATE time_slots SET status = 'BOOKED' WHERE id = ${earliestFreeSlot(doctor)}`)
    const afterBooking = await cardOf("quetzal")
    expect(afterBooking.nextAvailability).not.toBe(first.nextAvailability)
    expect(afterBooking.nextAvailability).toBe(await apiTimeOf(earliestFreeSlot(doctor)))
    await exec(sql`UPDATE time_slots SET starts_at = date_trunc('second', now()) + interval '20 minutes'
      WHERE id = (SELECT id FROM time_slots WHERE doctor_id = ${doctor} AND status = 'AVAILABLE' ORDER BY starts_at DESC LIMIT 1)`)
    const sooner = await cardOf("quetzal")
    expect(Date.parse(sooner.nextAvailability!)).toBeLessThan(Date.parse(afterBooking.nextAvailability!))
    expect(Date.parse(sooner.nextAvailability!) - Date.now()).toBeLessThan(21 * 60_000)
    await exec(sql`DELETE FROM time_slots WHERE doctor_id = ${doctor}`)
    expect((await cardOf("quetzal")).nextAvailability).toBeNull()
  })

  it("read a doctor again once their next free slot has begun, which no write tells of: in a search, and in a profile", async () => {
    const doctor = ids[26]!
    await exec(sql`UPDATE doctors SET search_text = search_text || ' quokka' WHERE id = ${doctor}`)
    expect((await cardOf("quokka")).nextAvailability).not.toBeNull()
    const secondFreeSlot = sql`(SELECT id FROM time_slots WHERE doctor_id = ${doctor} AND status = 'AVAILABLE' AND starts_at > now()
      ORDER BY starts_at OFFSET 1 LIMIT 1)`
    // Their next free slot moved to begin a second from now, and kept: past it, the one after is the next.
    const beginsSoon = async () => {
      const following = await apiTimeOf(secondFreeSlot)
      await exec(sql`UPDATE time_slots SET starts_at = now() + interval '1 second' WHERE id = ${earliestFreeSlot(doctor)}`)
      const soon = await cardOf("quokka")
      expect(Date.parse(soon.nextAvailability!)).toBeLessThan(Date.now() + 1_000)
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      return following
    }
    // The search first (its card), then the profile first: either reads the doctor again on its own.
    const followingInSearch = await beginsSoon()
    expect((await cardOf("quokka")).nextAvailability).toBe(followingInSearch)
    const followingInProfile = await beginsSoon()
    expect((await gw.listings!.record(doctor as DoctorId))?.parse().nextAvailability).toBe(followingInProfile)
    expect((await cardOf("quokka")).nextAvailability).toBe(followingInProfile)
  })

  it("leave searches to the database while their connection is down, and read everything again once back", async () => {
    const admin = new pg.Client({ connectionString: gw.url })
    await admin.connect()
    try {
      const pid = gw.listener!.backendPid
      expect(pid).toBeGreaterThan(0)
      await admin.query("SELECT pg_terminate_backend($1)", [pid])
      await expect.poll(() => gw.listings!.ready).toBe(false)
      expect(await gw.listings!.search(requests[0]!, 1000)).toBeNull()
      // Written while nothing could hear it.
      await admin.query("UPDATE doctors SET sort_first_name = 'aaron' WHERE id = $1", [ids[23]])
      await expect.poll(() => gw.listings!.ready, { timeout: 10_000 }).toBe(true)
      await expectSameAnswers()
      const byName = await gw.listings!.search({ paginationSettings: { offset: 0, limit: 1 }, sortBy: { property: "user.firstName", order: "asc" } }, 1000)
      expect(byName?.ids).toEqual([ids[23]])
    } finally {
      await admin.end()
    }
  })

  it("keep answering from memory when a notice names something that is no doctor's id, and read the ids beside it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    const admin = new pg.Client({ connectionString: gw.url })
    await admin.connect()
    try {
      // Written with the triggers off (as a replica applies rows), so only the hand-made notice tells of it.
      await admin.query("SET session_replication_role = replica")
      await admin.query("UPDATE doctor_listings SET sort_first_name = 'aaaa' WHERE doctor_id = $1", [ids[24]])
      await admin.query("SELECT pg_notify('promed_listings', $1)", [`not-a-doctor,${ids[24]},'); DROP TABLE doctors; --`])
      const byName = await gw.listings!.search({ paginationSettings: { offset: 0, limit: 1 }, sortBy: { property: "user.firstName", order: "asc" } }, 1000)
      expect(byName?.ids).toEqual([ids[24]])
      expect(gw.listings!.ready).toBe(true)
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("2 item(s) that are no doctor's id"))
      await expectSameAnswers()
    } finally {
      await admin.end()
      warn.mockRestore()
    }
  })

  it('read everything again on "*" (a truncation, or more doctors than a notice holds)', async () => {
    await exec(sql`TRUNCATE doctor_listings CASCADE`)
    // Straight after: from the database or from everything read again, never from before.
    expect((await gw.listings!.search(requests[0]!, 1000))?.ids ?? []).toEqual([])
    await expect.poll(() => gw.listings!.ready).toBe(true)
    expect((await gw.listings!.search(requests[0]!, 1000))?.ids).toEqual([])
    await exec(sql`UPDATE doctors SET average_rate = average_rate`)
    await expectSameAnswers()
    expect((await gw.listings!.search(requests[0]!, 1000))?.ids.length).toBeGreaterThan(30)
  })
})
