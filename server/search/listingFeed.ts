import { asc, inArray, sql } from "drizzle-orm"
import type { Doctor, DoctorSearchRequest } from "../../schemas/doctor.ts"
import type { DoctorId } from "../../schemas/ids.ts"
import type { Db } from "../db/client.ts"
import type { PostgresListener } from "../db/listener.ts"
import { doctorListings } from "../db/schema.ts"
import { JsonText } from "../http/jsonText.ts"
import { DoctorMirror } from "./doctorMirror.ts"
import { ListingIndex, type Listing, type ListingMatches } from "./listingIndex.ts"
import { CardRecords } from "./cardRecords.ts"

/** A page found in memory, with its doctors' records as JSON text when memory holds them all. */
export interface MemoryMatches extends ListingMatches {
  readonly records?: string
}

/** What answers a doctor search from memory: the page and the count, or null when the database must (not loaded, not heard from). */
export interface ListingSearch {
  search(request: DoctorSearchRequest, countLimit: number): Promise<MemoryMatches | null>
  /** A doctor's record as JSON text, null when there is no such doctor, undefined when the database must answer. */
  record(id: DoctorId): Promise<JsonText<Doctor> | null | undefined>
}

/** The channels migrations 0018's and 0019's triggers notify: the changed doctors' ids, comma-separated, or "*" for all. */
const LISTINGS_CHANNEL = "promed_listings"
const RECORDS_CHANNEL = "promed_records"

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [])

/** The columns the index keeps; the insurers lowered by PostgreSQL, as the statement's filter lowers them. */
function listingRows(db: Db) {
  return db
    .select({
      doctorId: doctorListings.doctorId,
      listed: doctorListings.listed,
      searchText: doctorListings.searchText,
      primaryCity: doctorListings.primaryCity,
      minPrice: doctorListings.minPrice,
      serviceCodes: doctorListings.serviceCodes,
      specialtyCodes: doctorListings.specialtyCodes,
      sortFirstName: doctorListings.sortFirstName,
      sortLastName: doctorListings.sortLastName,
      averageRate: doctorListings.averageRate,
      careerStartYear: doctorListings.careerStartYear,
      spokenLanguages: doctorListings.spokenLanguages,
      insurers: sql<string[]>`CASE WHEN jsonb_typeof(${doctorListings.insuranceAccepted}) = 'array'
        THEN ARRAY(SELECT lower(i) FROM jsonb_array_elements_text(${doctorListings.insuranceAccepted}) AS i) ELSE '{}' END`,
    })
    .from(doctorListings)
    .$dynamic()
}

type ListingRow = Awaited<ReturnType<typeof listingRows>>[number]

const listingOf = (row: ListingRow): Listing => ({ ...row, spokenLanguages: strings(row.spokenLanguages), insurers: strings(row.insurers) })

/** Every listing of the database, as the index keeps them. */
export const readListings = async (db: Db): Promise<Listing[]> => (await listingRows(db)).map(listingOf)

/**
 * Every listing into an index, or undefined (told once) when the database sorts names otherwise
 * than the index: then the statement answers every search.
 */
async function indexOfAll(db: Db): Promise<ListingIndex | undefined> {
  const index = ListingIndex.of(await readListings(db))
  const databaseOrder = await db
    .select({ id: doctorListings.doctorId })
    .from(doctorListings)
    .orderBy(asc(doctorListings.sortFirstName), asc(doctorListings.sortLastName), asc(doctorListings.doctorId))
  const indexOrder = index.idsByName()
  if (databaseOrder.some((row, i) => row.id !== indexOrder[i])) {
    console.warn(
      "doctor search: answered by PostgreSQL only, the database sorts names otherwise than in code point order (a collation other than C or C.UTF-8)",
    )
    return undefined
  }
  return index
}

async function readChangedListings(db: Db, index: ListingIndex, ids: DoctorId[]): Promise<void> {
  const rows = await listingRows(db).where(inArray(doctorListings.doctorId, ids))
  const found = new Map(rows.map((row) => [row.doctorId, row]))
  for (const id of ids) {
    const row = found.get(id)
    if (row) index.put(listingOf(row))
    else index.remove(id)
  }
}

/**
 * What a search and a profile need of a PostgreSQL database, kept in this gateway's memory and
 * up to date (./doctorMirror.ts): the doctors' listings (./listingIndex.ts), which choose and
 * count a page, and their records with the next free slot (./cardRecords.ts), which fill it and
 * answer a profile; so that either costs the database nothing but the listener's round trip,
 * shared by the reads under way. The statement answers a search while the listings are not
 * loaded or the connection is down; the prepared statement reads the records while they are not.
 */
export class ListingFeed implements ListingSearch {
  private constructor(
    private readonly listings: DoctorMirror<ListingIndex>,
    private readonly records: DoctorMirror<CardRecords>,
  ) {}

  static async open(listener: PostgresListener, db: Db): Promise<ListingFeed> {
    const [listings, records] = await Promise.all([
      DoctorMirror.open(listener, LISTINGS_CHANNEL, "listings", {
        all: () => indexOfAll(db),
        some: (index, ids) => readChangedListings(db, index, ids),
      }),
      DoctorMirror.open(listener, RECORDS_CHANNEL, "records", CardRecords.reads(db)),
    ])
    return new ListingFeed(listings, records)
  }

  /** Whether searches are answered from memory now. */
  get ready(): boolean {
    return this.listings.ready
  }

  /** Stops reading changes and waits for the reads under way, before the database is closed. */
  async close(): Promise<void> {
    await Promise.all([this.listings.close(), this.records.close()])
  }

  async search(request: DoctorSearchRequest, countLimit: number): Promise<MemoryMatches | null> {
    const index = await this.listings.held({ synced: false })
    if (!index) return null
    const matches = index.search(request, countLimit)
    const records = await this.#recordsOf(matches.ids, { synced: true })
    return records ? { ...matches, records: records.json(matches.ids) } : matches
  }

  async record(id: DoctorId): Promise<JsonText<Doctor> | null | undefined> {
    const records = await this.#recordsOf([id], { synced: false })
    if (!records) return undefined
    const json = records.one(id)
    return json === undefined ? null : new JsonText<Doctor>(json)
  }

  /** The records, up to date for these doctors: those whose next free slot has begun read again. */
  async #recordsOf(ids: ReadonlyArray<string>, heard: { synced: boolean }): Promise<CardRecords | undefined> {
    const records = await this.records.held(heard)
    const passed = records?.passed(ids, Date.now()) ?? []
    if (passed.length === 0) return records
    await this.records.reread(passed)
    return this.records.held({ synced: true })
  }
}
