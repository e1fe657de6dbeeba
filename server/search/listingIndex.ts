import type { DoctorSearchRequest } from "../../schemas/doctor.ts"
import { Bitset } from "./bitset.ts"
import { cityOf, insurerOf, ratingOf, serviceCodesOf, sortOrderOf, specialtyCodesOf, wordsOf, type SortKey } from "./searchTerms.ts"

/** A doctor's row of doctor_listings, as the search reads it. */
export interface Listing {
  readonly doctorId: string
  readonly listed: boolean
  /** Lower case, as PostgreSQL's lower() wrote it: a keyword's words are looked for in it. */
  readonly searchText: string
  readonly primaryCity: string | null
  readonly minPrice: number | null
  readonly serviceCodes: ReadonlyArray<string>
  readonly specialtyCodes: ReadonlyArray<string>
  readonly sortFirstName: string
  readonly sortLastName: string
  readonly averageRate: number
  readonly careerStartYear: number | null
  readonly spokenLanguages: ReadonlyArray<string>
  /** The insurers' names, each as PostgreSQL's lower() wrote it. */
  readonly insurers: ReadonlyArray<string>
}

/** What a search found: its page's doctors in order, and its matches counted up to the limit and one more. */
export interface ListingMatches {
  readonly ids: string[]
  readonly counted: number
}

/**
 * Text in code point order, as PostgreSQL compares it under the C and C.UTF-8 collations (the
 * feed checks that the database does, ./listingFeed.ts). JavaScript compares UTF-16 code units,
 * which differs only where a surrogate (a character past U+FFFF) meets U+E000–U+FFFF.
 */
export function compareText(a: string, b: string): number {
  const length = Math.min(a.length, b.length)
  for (let i = 0; i < length; i++) {
    let x = a.charCodeAt(i)
    let y = b.charCodeAt(i)
    if (x === y) continue
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000
    }
    return x - y
  }
  return a.length - b.length
}

const compareNumbers = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0)
/** Missing values after every present one. */
const compareNullable = (a: number | null, b: number | null) => (a === null ? (b === null ? 0 : 1) : b === null ? -1 : compareNumbers(a, b))

/** Each sort key's order, ascending, missing values last: the search walks it forwards or back. */
const KEY_ORDERS: Record<SortKey, (a: Listing, b: Listing) => number> = {
  name: (a, b) => compareText(a.sortFirstName, b.sortFirstName) || compareText(a.sortLastName, b.sortLastName),
  rating: (a, b) => compareNumbers(a.averageRate, b.averageRate),
  experience: (a, b) => compareNullable(a.careerStartYear, b.careerStartYear),
  price: (a, b) => compareNullable(a.minPrice, b.minPrice),
}
const SORT_KEYS = Object.keys(KEY_ORDERS) as SortKey[]
/** The key a missing value can hold, per sort key (none for the names and the rating). */
const MISSING: Record<SortKey, ((listing: Listing) => boolean) | undefined> = {
  name: undefined,
  rating: undefined,
  experience: (listing) => listing.careerStartYear === null,
  price: (listing) => listing.minPrice === null,
}

/** The three-letter pieces of a text: a text holding a word holds each of the word's pieces. */
function trigramsOf(text: string): Set<string> {
  const pieces = new Set<string>()
  for (let i = 0; i + 3 <= text.length; i++) pieces.add(text.slice(i, i + 3))
  return pieces
}

/** Index of the first element of sorted `items` not before `item`. */
function lowerBound<T>(items: ReadonlyArray<T>, item: T, compare: (a: T, b: T) => number): number {
  let low = 0
  let high = items.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (compare(items[middle]!, item) < 0) low = middle + 1
    else high = middle
  }
  return low
}

const bySlot = (a: number, b: number) => a - b

/**
 * The doctors' listings in memory, answering a search as the statement on doctor_listings does
 * (server/repositories/doctorSearch.ts), without the statement's planning and round trip. Each
 * listing has a slot; sets of slots (bitsets) per city, specialty, service and language are
 * intersected; a keyword's words are looked for among the listings holding the word's rarest
 * three-letter piece; the page is then read off the chosen order, kept sorted as listings change.
 */
export class ListingIndex {
  readonly #slots: Array<Listing | undefined> = []
  readonly #slotOf = new Map<string, number>()
  readonly #free: number[] = []
  readonly #listed = new Bitset()
  readonly #byCity = new Map<string, Bitset>()
  readonly #bySpecialty = new Map<string, Bitset>()
  readonly #byService = new Map<string, Bitset>()
  readonly #byLanguage = new Map<string, Bitset>()
  /** Per three-letter piece, the slots of the listings holding it, in increasing order. */
  readonly #byTrigram = new Map<string, number[]>()
  /** Each slot's average rating, read by the rating filter without going through its listing. */
  #rates = new Float64Array(0)
  /** A search's scratch sets: its matches, and a word's. */
  readonly #matches = new Bitset()
  readonly #found = new Bitset()
  /** Per sort key, every slot in that key's ascending order (ties by id). */
  readonly #orders: Record<SortKey, number[]> = { name: [], rating: [], experience: [], price: [] }

  /** An index of these listings, its orders sorted once rather than kept sorted listing after listing. */
  static of(listings: Iterable<Listing>): ListingIndex {
    const index = new ListingIndex()
    // The database's rows, one per doctor.
    for (const listing of listings) index.#link(index.#slots.length, listing, false)
    for (const key of SORT_KEYS) index.#orders[key] = [...index.#slotOf.values()].sort(index.#compare(key))
    return index
  }

  get size(): number {
    return this.#slotOf.size
  }

  /** Every doctor's id in the ascending order of names, as the database sorts them (ListingFeed checks the two agree). */
  idsByName(): string[] {
    return this.#orders.name.map((slot) => this.#slots[slot]!.doctorId)
  }

  /** The whole order of `key`, ties broken by the doctor's id. */
  #compare(key: SortKey): (a: number, b: number) => number {
    const order = KEY_ORDERS[key]
    return (a, b) => {
      const x = this.#slots[a]!
      const y = this.#slots[b]!
      return order(x, y) || compareText(x.doctorId, y.doctorId)
    }
  }

  /** Adds a listing, or puts it in place of the doctor's last one. */
  put(listing: Listing): void {
    const slot = this.#slotOf.get(listing.doctorId)
    if (slot !== undefined) this.#unlink(slot)
    this.#link(slot ?? this.#free.pop() ?? this.#slots.length, listing, true)
  }

  remove(doctorId: string): void {
    const slot = this.#slotOf.get(doctorId)
    if (slot === undefined) return
    this.#unlink(slot)
    this.#slots[slot] = undefined
    this.#slotOf.delete(doctorId)
    this.#free.push(slot)
  }

  /** Puts a listing in `slot`, in every set, and in every order unless they are sorted afterwards. */
  #link(slot: number, listing: Listing, ordered: boolean): void {
    this.#slots[slot] = listing
    if (slot >= this.#rates.length) {
      const grown = new Float64Array(Math.max(slot + 1, this.#rates.length * 2))
      grown.set(this.#rates)
      this.#rates = grown
    }
    this.#rates[slot] = listing.averageRate
    this.#slotOf.set(listing.doctorId, slot)
    if (listing.listed) this.#listed.add(slot)
    const join = (sets: Map<string, Bitset>, key: string) => {
      let set = sets.get(key)
      if (!set) sets.set(key, (set = new Bitset()))
      set.add(slot)
    }
    if (listing.primaryCity !== null) join(this.#byCity, listing.primaryCity)
    for (const code of listing.specialtyCodes) join(this.#bySpecialty, code)
    for (const code of listing.serviceCodes) join(this.#byService, code)
    for (const language of listing.spokenLanguages) join(this.#byLanguage, language)
    for (const piece of trigramsOf(listing.searchText)) {
      let slots = this.#byTrigram.get(piece)
      if (!slots) this.#byTrigram.set(piece, (slots = []))
      // A first load fills slots in increasing order: most go at the end.
      if (slots.length === 0 || slots.at(-1)! < slot) slots.push(slot)
      else slots.splice(lowerBound(slots, slot, bySlot), 0, slot)
    }
    if (!ordered) return
    for (const key of SORT_KEYS) {
      const order = this.#orders[key]
      const compare = this.#compare(key)
      if (order.length === 0 || compare(order.at(-1)!, slot) < 0) order.push(slot)
      else order.splice(lowerBound(order, slot, compare), 0, slot)
    }
  }

  /** Takes the listing in `slot` out of every set and order (the slot keeps it meanwhile, for the orders' comparisons). */
  #unlink(slot: number): void {
    const listing = this.#slots[slot]!
    this.#listed.delete(slot)
    if (listing.primaryCity !== null) this.#byCity.get(listing.primaryCity)?.delete(slot)
    for (const code of listing.specialtyCodes) this.#bySpecialty.get(code)?.delete(slot)
    for (const code of listing.serviceCodes) this.#byService.get(code)?.delete(slot)
    for (const language of listing.spokenLanguages) this.#byLanguage.get(language)?.delete(slot)
    for (const piece of trigramsOf(listing.searchText)) {
      const slots = this.#byTrigram.get(piece)!
      slots.splice(lowerBound(slots, slot, bySlot), 1)
      if (slots.length === 0) this.#byTrigram.delete(piece)
    }
    for (const key of SORT_KEYS) {
      const order = this.#orders[key]
      order.splice(lowerBound(order, slot, this.#compare(key)), 1)
    }
  }

  /**
   * The slots of the listed doctors matching every filter of the search, in a scratch set of the
   * index's own: a search runs from start to end without awaiting, so one search at a time uses it
   * (at 100,000 doctors, a new set of 12.5 kB a filter was much of a search's time, with its GC).
   */
  #matching(request: DoctorSearchRequest): Bitset {
    const query = request.query ?? {}
    const matches = this.#matches.assign(this.#listed)
    const city = cityOf(query)
    if (city !== undefined) matches.intersect(this.#byCity.get(city))
    const services = serviceCodesOf(query)
    if (services) matches.intersectAny(services.map((code) => this.#byService.get(code)))
    const specialties = specialtyCodesOf(query)
    if (specialties.length > 0) matches.intersectAny(specialties.map((code) => this.#bySpecialty.get(code)))
    if (query.language) matches.intersect(this.#byLanguage.get(query.language))
    const rating = ratingOf(query)
    const insurer = insurerOf(query)
    const words = wordsOf(query)
    // The words of three letters or more: among the listings that hold the word's rarest piece
    // (which, for a word of three, are those that hold the word).
    for (const word of words.filter((w) => w.length >= 3)) {
      const found = this.#found.clear()
      const whole = word.length === 3
      for (const slot of this.#rarestPieceHolders(word)) {
        if (matches.has(slot) && (whole || this.#slots[slot]!.searchText.includes(word))) found.add(slot)
      }
      matches.intersect(found)
    }
    // forEach reads each word before its members are visited: deleting them meanwhile is safe.
    if (rating !== undefined) {
      const rates = this.#rates
      matches.forEach((slot) => {
        if (!(rates[slot]! >= rating)) matches.delete(slot)
      })
    }
    const shortWords = words.filter((word) => word.length < 3)
    if (insurer === undefined && shortWords.length === 0) return matches
    matches.forEach((slot) => {
      const listing = this.#slots[slot]!
      const kept =
        (insurer === undefined || listing.insurers.some((name) => name.includes(insurer))) && shortWords.every((word) => listing.searchText.includes(word))
      if (!kept) matches.delete(slot)
    })
    return matches
  }

  #rarestPieceHolders(word: string): ReadonlyArray<number> {
    let rarest: ReadonlyArray<number> | undefined
    for (const piece of trigramsOf(word)) {
      const slots = this.#byTrigram.get(piece) ?? []
      if (rarest === undefined || slots.length < rarest.length) rarest = slots
    }
    return rarest ?? []
  }

  /** Where the missing values begin in an ascending order, which holds them last. */
  #firstMissing(order: ReadonlyArray<number>, missing: (listing: Listing) => boolean): number {
    let low = 0
    let high = order.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (missing(this.#slots[order[middle]!]!)) high = middle
      else low = middle + 1
    }
    return low
  }

  /**
   * The page `paginationSettings` asks for, in the search's order, and the matches counted up to
   * `countLimit` and one more (as the statement counts them, to tell "exactly N" from "more").
   */
  search(request: DoctorSearchRequest, countLimit: number): ListingMatches {
    const matches = this.#matching(request)
    const total = matches.size
    const { offset, limit } = request.paginationSettings
    const counted = Math.min(total, countLimit + 1)
    if (offset >= total) return { ids: [], counted }
    const { key, ascending } = sortOrderOf(request.sortBy)
    const order = this.#orders[key]
    const missing = MISSING[key]
    // Descending, the present values go backwards from the last of them, then the missing ones,
    // which stay last, backwards too (their ids descending).
    const present = missing ? this.#firstMissing(order, missing) : order.length
    const ids: string[] = []
    let skipped = 0
    const take = (slot: number): boolean => {
      if (!matches.has(slot)) return false
      if (skipped < offset) skipped++
      else ids.push(this.#slots[slot]!.doctorId)
      return ids.length === limit
    }
    if (ascending) {
      for (const slot of order) if (take(slot)) break
    } else {
      let done = false
      for (let i = present - 1; i >= 0 && !done; i--) done = take(order[i]!)
      for (let i = order.length - 1; i >= present && !done; i--) done = take(order[i]!)
    }
    return { ids, counted }
  }
}
