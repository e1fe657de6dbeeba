import { asc, inArray, sql } from "drizzle-orm"
import * as Schema from "effect/Schema"
import type { DoctorSearchRequest } from "../../schemas/doctor.ts"
import { Id, type DoctorId } from "../../schemas/ids.ts"
import type { Db } from "../db/client.ts"
import type { PostgresListener } from "../db/listener.ts"
import { doctorListings } from "../db/schema.ts"
import { ListingIndex, type Listing, type ListingMatches } from "./listingIndex.ts"

/** What answers a doctor search from memory: the page and the count, or null when the database must (not loaded, not heard from). */
export interface ListingSearch {
  search(request: DoctorSearchRequest, countLimit: number): Promise<ListingMatches | null>
}

/** The channel migration 0018's triggers notify: the changed doctors' ids, comma-separated, or "*" for all. */
const CHANNEL = "promed_listings"
const EVERYTHING = "*"

/**
 * Whether a notice's item can be a doctor's id. Anyone who may write to the database may NOTIFY on
 * the channel: an item that is no UUID would fail the read of the changed rows, which stops the
 * index and reads every listing again.
 */
const isId = Schema.is(Id)

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
 * The doctors' listings of a PostgreSQL database kept in this gateway's memory (./listingIndex.ts),
 * so that a search costs no statement but the page's records. Loaded at start; every statement
 * that changes listings notifies their doctors' ids when it commits (migration 0018), and the
 * gateway reads those rows again. A search first makes sure to have heard every change committed
 * before it began (the listener's round trip) and waits for those rows; so a write through any
 * gateway, or straight in the database, is searched at once through every other. While the
 * listening connection is down, while everything is read again, or when the database sorts text
 * otherwise than the index (another collation than C), the statement answers.
 */
export class ListingFeed implements ListingSearch {
  #index: ListingIndex | undefined
  /** The reads of changed rows, one after the other in the order heard: a later read never lands before an earlier one. */
  #applied: Promise<void> = Promise.resolve()
  /** Why the index never answers, once found (the database's text order). */
  #refused: string | undefined

  private constructor(
    private readonly listener: PostgresListener,
    private readonly db: Db,
  ) {}

  static async open(listener: PostgresListener, db: Db): Promise<ListingFeed> {
    const feed = new ListingFeed(listener, db)
    await listener.listen(CHANNEL, {
      heard: (payload) => feed.#heard(payload),
      // What is written while the connection is down is not heard: the statement answers until all is read again.
      lost: () => (feed.#index = undefined),
      back: () => feed.#reloadAll(),
    })
    feed.#reloadAll()
    await feed.#applied
    return feed
  }

  /** Whether searches are answered from memory now. */
  get ready(): boolean {
    return this.#index !== undefined
  }

  async search(request: DoctorSearchRequest, countLimit: number): Promise<ListingMatches | null> {
    if (!this.#index || !this.listener.connected) return null
    await this.listener.sync()
    await this.#applied
    return this.#index?.search(request, countLimit) ?? null
  }

  #heard(payload: string): void {
    if (payload === EVERYTHING) return this.#reloadAll()
    const items = payload.split(",").filter(Boolean)
    const ids = items.filter(isId) as DoctorId[]
    if (ids.length < items.length) console.warn(`doctor search: a listings notice named ${items.length - ids.length} item(s) that are no doctor's id, left out`)
    if (ids.length === 0) return
    this.#then(async () => {
      const index = this.#index
      if (!index) return // everything is being read again
      const rows = await listingRows(this.db).where(inArray(doctorListings.doctorId, ids))
      const found = new Map(rows.map((row) => [row.doctorId, row]))
      for (const id of ids) {
        const row = found.get(id)
        if (row) index.put(listingOf(row))
        else index.remove(id)
      }
    })
  }

  /** Stops answering, reads every listing into a new index, then answers from it (unless the database's text order differs). */
  #reloadAll(): void {
    this.#index = undefined
    this.#then(async () => {
      if (this.#refused) return
      const index = ListingIndex.of(await readListings(this.db))
      const databaseOrder = await this.db
        .select({ id: doctorListings.doctorId })
        .from(doctorListings)
        .orderBy(asc(doctorListings.sortFirstName), asc(doctorListings.sortLastName), asc(doctorListings.doctorId))
      const indexOrder = index.idsByName()
      if (databaseOrder.some((row, i) => row.id !== indexOrder[i])) {
        this.#refused = "the database sorts names otherwise than in code point order (a collation other than C or C.UTF-8)"
        console.warn(`doctor search: answered by PostgreSQL only, ${this.#refused}`)
        return
      }
      this.#index = index
    })
  }

  /** Queues `work` after the reads already queued; a failed read leaves the index stale, so it stops answering and all is read again. */
  #then(work: () => Promise<void>): void {
    this.#applied = this.#applied.then(work).catch((error: unknown) => {
      console.warn(
        `doctor search: reading the listings failed (${error instanceof Error ? error.message : String(error)}); answered by PostgreSQL until read again`,
      )
      this.#index = undefined
      setTimeout(() => this.#reloadAll(), 1_000).unref()
    })
  }
}
