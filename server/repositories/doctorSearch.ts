import { and, arrayOverlaps, asc, desc, eq, gte, sql, type SQL } from "drizzle-orm"
import type { DoctorSearchRequest, DoctorSearchResponse } from "../../schemas/doctor.ts"
import type { Db } from "../db/client.ts"
import { doctorListings as listings, doctorSpecialtyListings as bySpecialty } from "../db/schema.ts"
import { JsonText } from "../http/jsonText.ts"
import { doctorRecordsJson } from "./doctors.ts"
import { cityOf, insurerOf, ratingOf, serviceCodesOf, sortOrderOf, specialtyCodesOf, wordsOf, type SearchQuery, type SortBy } from "./searchTerms.ts"

/** The doctors' listings, or one specialty's rows of them. */
type ListingTable = typeof listings | typeof bySpecialty

/** LIKE pattern for a word, with its wildcards escaped (a user typing "%" searches for "%"). */
export const containing = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * The filters both listing tables can answer (listed, city, rating, services), on the columns of
 * either: the doctors' listings or one specialty's rows.
 */
function listingFiltersOf(query: SearchQuery, table: ListingTable): SQL[] {
  const where: SQL[] = [eq(table.listed, true)]
  const city = cityOf(query)
  if (city) where.push(eq(table.primaryCity, city))
  const rating = ratingOf(query)
  if (rating !== undefined) where.push(gte(table.averageRate, rating))
  const services = serviceCodesOf(query)
  if (services) where.push(arrayOverlaps(table.serviceCodes, [...services]))
  return where
}

/**
 * The filters of the search, on the doctors' listings alone (server/db/schema.ts: names,
 * specialties, services and the active flag are copied there): the trigram index on search_text
 * for words, the city index, the specialty codes' GIN index, the rating index; listed and service
 * codes ride in the listing index.
 */
function filtersOf(query: SearchQuery): SQL[] {
  const where = listingFiltersOf(query, listings)
  for (const word of wordsOf(query)) where.push(sql`${listings.searchText} LIKE ${containing(word)}`)
  const codes = specialtyCodesOf(query)
  if (codes.length > 0) where.push(arrayOverlaps(listings.specialtyCodes, codes))
  if (query.language) where.push(sql`${listings.spokenLanguages} @> ${JSON.stringify([query.language])}::jsonb`)
  const insurance = insurerOf(query)
  if (insurance) {
    where.push(
      sql`EXISTS (SELECT 1 FROM jsonb_array_elements_text(${listings.insuranceAccepted}) AS i(name) WHERE lower(i.name) LIKE ${containing(insurance)})`,
    )
  }
  return where
}

/**
 * The same filters on the rows of one specialty (doctor_specialty_listings), for a search that
 * names one specialty and no words, language or insurer: every column they read is in that
 * table's count index, so its matches are counted from the index alone, and its sort indexes walk
 * that specialty's rows alone for the page. Null for any other search.
 */
function specialtyFiltersOf(query: SearchQuery): SQL[] | null {
  const codes = specialtyCodesOf(query)
  if (codes.length !== 1 || wordsOf(query).length > 0 || query.language || insurerOf(query)) return null
  return [eq(bySpecialty.specialtyCode, codes[0]!), ...listingFiltersOf(query, bySpecialty)]
}

/** The order of sortOrderOf (./searchTerms.ts) on either listing table, which has every sort column. */
function orderOf(sortBy: SortBy | undefined, table: ListingTable): SQL[] {
  const { key, ascending } = sortOrderOf(sortBy)
  const by = ascending ? asc : desc
  // Nullable columns: missing values last in both directions.
  const nullsLast = (column: SQL) => (ascending ? sql`${column} ASC NULLS LAST` : sql`${column} DESC NULLS LAST`)
  const columns = {
    rating: () => [by(table.averageRate)],
    experience: () => [nullsLast(sql`${table.careerStartYear}`)],
    price: () => [nullsLast(sql`${table.minPrice}`)],
    name: () => [by(table.sortFirstName), by(table.sortLastName)],
  }[key]()
  return [...columns, by(table.doctorId)]
}

/**
 * Matches are counted exactly up to this many, or up to the end of the page asked for when it lies
 * further: a broad search stops counting there ("more than 1 000") instead of reading every match,
 * so its cost does not grow with the number of doctors.
 */
export const EXACT_COUNT_LIMIT = 1000

/**
 * Counts (up to the limit), chooses the page's doctors and reads their whole records in one
 * statement, one round trip: on the listings alone, on one specialty's rows when the search names
 * one specialty and nothing they lack; the records are the stored ones `doctor_records_json`
 * reads (doctors.ts), so this statement, shaped by the filters, stays cheap to plan (gathering five
 * lists a doctor here had been 1.7 ms of planning a search). Joined before choosing, a broad
 * search read the user of every match before keeping ten (60 ms for Cardiology in Dakar at 100,000
 * doctors). In the VM the bench runs in, a round trip costs the gateway and PostgreSQL a system
 * call each way, as much as the queries themselves.
 */
async function searchStatement(db: Db, request: DoctorSearchRequest, countLimit: number): Promise<{ records: string; counted: number }> {
  const query = request.query ?? {}
  const { offset, limit } = request.paginationSettings
  const ofOneSpecialty = specialtyFiltersOf(query)
  const table: ListingTable = ofOneSpecialty ? bySpecialty : listings
  const where = and(...(ofOneSpecialty ?? filtersOf(query)))
  const matches = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(countLimit + 1)
  const page = db
    .select({ id: table.doctorId })
    .from(table)
    .where(where)
    .orderBy(...orderOf(request.sortBy, table))
    .limit(limit)
    .offset(offset)
  // One row of two values, from no table; ARRAY(...) keeps the page's order.
  const [found] = await db
    .select({
      counted: sql<number>`(SELECT count(*)::int FROM (${matches}) AS matches)`,
      records: doctorRecordsJson(sql`ARRAY(${page})`),
    })
    .from(sql`(SELECT) AS nothing`)
  return { records: found?.records ?? "[]", counted: Number(found?.counted ?? 0) }
}

export interface SearchOptions {
  /** Where the statement's count stops (EXACT_COUNT_LIMIT), for tests of the cap. */
  readonly exactCountLimit?: number
}

/**
 * A page of the search, its doctors' whole records, and the matches counted exactly up to the
 * limit (then "more than"), as the JSON the gateway sends, in one statement on PostgreSQL's own
 * indexes; the records' text goes out as PostgreSQL wrote it. Several gateways need nothing more
 * to agree: each reads the database, and the read cache's bus drops what a write changed.
 */
export async function searchDoctorsJson(db: Db, request: DoctorSearchRequest, options: SearchOptions = {}): Promise<JsonText<DoctorSearchResponse>> {
  const { offset, limit } = request.paginationSettings
  const countLimit = Math.max(options.exactCountLimit ?? EXACT_COUNT_LIMIT, offset + limit)
  const { records, counted } = await searchStatement(db, request, countLimit)
  const totalCount = Math.min(counted, countLimit)
  const paginationSettings: DoctorSearchResponse["paginationSettings"] = {
    offset,
    limit,
    totalCount,
    ...(counted > countLimit ? { totalCountCapped: true } : {}),
  }
  return new JsonText(`{"data":${records},"paginationSettings":${JSON.stringify(paginationSettings)}}`)
}

/** The same page as a value. */
export const searchDoctors = async (db: Db, request: DoctorSearchRequest, options: SearchOptions = {}): Promise<DoctorSearchResponse> =>
  (await searchDoctorsJson(db, request, options)).parse()
