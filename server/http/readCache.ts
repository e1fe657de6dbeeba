import type { Context, MiddlewareHandler } from "hono"
import type { AppEnv } from "./context.ts"
import type { DoctorId } from "../../schemas/ids.ts"
import { gzipAnswer, wantsGzip } from "./compressAnswers.ts"
import { jsonOf } from "./jsonText.ts"
import { isDatabaseUnavailable } from "../db/unavailable.ts"

interface Entry {
  /** When it was loaded (the cache's clock), for the Age of a stale answer. */
  readonly loadedAt: number
  readonly expires: number
  /** The doctor the read is about (a profile, a week of slots); none for a search, which any doctor may change. */
  readonly doctorId: DoctorId | undefined
  /** For a read about no one doctor: how to tell, once loaded, the doctors its body shows (a search's page). */
  readonly listed: Listed | undefined
  /** The doctors the loaded body shows, when `listed` says. */
  mentions?: ReadonlySet<string>
  readonly body: Promise<string>
  /** Characters of the body once loaded (0 while loading), and bytes of its gzip once made. */
  size: number
  /** The body gzipped, made by the first hit that takes gzip, for every hit after it. */
  gzip?: Uint8Array<ArrayBuffer>
  /** The body once loaded: what an outage may answer, stale, after the entry has expired. */
  loaded?: string
  /** While the entry is loading, the one it replaces, loaded: answered stale if this load finds the database gone. */
  previous?: Entry
}

/**
 * How long an expired entry may still answer while the database cannot be reached, marked stale:
 * about as long as a restart, a failover or a minor upgrade of a managed PostgreSQL takes, with room.
 */
export const STALE_IF_UNAVAILABLE_MS = 30 * 60_000

/** A body as the cache answers it: its JSON, and that JSON gzipped (made once for a cached body). */
export interface CachedBody {
  readonly body: string
  readonly gzipped: () => Uint8Array<ArrayBuffer>
  /** Set when the database could not be reached and this body was kept from before: its age in seconds. */
  readonly staleSeconds?: number
}

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"])

/**
 * What a write may have changed among the cached reads: one or more doctors' (their profiles and
 * slots, and every search, where any doctor can appear or move), or anything (a write that does
 * not say: a facility's name is on many profiles). A write of `slotsOnly` changed those doctors'
 * slots and nothing a search matches or sorts by: only the searches showing one of them (their
 * next availability) are dropped with their own reads. At the peak's 5 bookings a second, dropping
 * every search at each booking left the cache nearly empty of them.
 */
export type ReadScope = { readonly doctors: ReadonlyArray<string>; readonly slotsOnly?: true } | "all"

/** The doctors a loaded body shows (a search's page), for a read cached about no one doctor. */
export type Listed = (body: string) => ReadonlySet<string>

/**
 * A short-lived cache of the public reads that every visitor shares (doctor search, profiles, week
 * slots), holding their JSON bodies and their gzip, at most `maxChars` characters of the one and
 * bytes of the other (oldest dropped first). A miss is loaded once however many requests wait for it. A successful write drops what it may
 * have changed (its ReadScope) before it is answered, here and, through the ReadCacheBus, in every
 * other gateway on the database; the time limit bounds what writes made outside a gateway (the
 * seed script) can leave stale. A time limit of 0 turns it off (the cost-growth bench measures the
 * database); so does a bus that lost its connection, until it is back (`suspended`).
 */
export class ReadCache {
  readonly #entries = new Map<string, Entry>()
  #chars = 0
  /** While true every read goes to the database: another gateway's writes could not be heard. */
  suspended = false
  /** Run before an entry is answered, so that the other gateways' writes made before are heard first (ReadCacheBus). */
  beforeHit: (() => Promise<void>) | undefined

  constructor(
    readonly ttlMs: number,
    readonly maxChars = 16_000_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get size(): number {
    return this.#entries.size
  }

  /** The cached JSON of `key`, or the JSON of what `load` makes (kept unless it fails). */
  async json(key: string, load: () => Promise<unknown>, about?: DoctorId | Listed): Promise<string> {
    return (await this.read(key, load, about)).body
  }

  /**
   * As `json`, with the body's gzip beside it, compressed once however many hits take it; `about`
   * is the doctor the read is about, or how to tell the doctors its body shows.
   */
  async read(key: string, load: () => Promise<unknown>, about?: DoctorId | Listed): Promise<CachedBody> {
    if (this.ttlMs <= 0) return this.#through(load)
    // Another gateway's writes cannot be heard: nothing kept is answered as fresh, but it is kept
    // for an outage (the connection is usually lost with the database), and dropped when the
    // listener is back (ReadCacheBus).
    if (this.suspended) return this.#through(load, this.#entries.get(key))
    if (this.beforeHit && this.#entries.has(key)) await this.beforeHit()
    const now = this.now()
    const hit = this.#entries.get(key)
    if (hit && hit.expires > now) return this.#answer(key, hit)
    const previous = hit?.loaded !== undefined ? hit : hit?.previous
    if (hit) this.#drop(key, hit)
    const [doctorId, listed] = typeof about === "function" ? [undefined, about] : [about, undefined]
    const entry: Entry = { loadedAt: now, expires: now + this.ttlMs, doctorId, listed, body: load().then(jsonOf), size: 0, ...(previous ? { previous } : {}) }
    this.#entries.set(key, entry)
    entry.body.then(
      (body) => {
        delete entry.previous
        if (this.#entries.get(key) !== entry) return
        entry.loaded = body
        if (entry.listed) entry.mentions = entry.listed(body)
        entry.size = body.length
        this.#chars += body.length
        this.#trim()
      },
      () => {
        if (this.#entries.get(key) !== entry) return
        this.#drop(key, entry)
        // What was there before stays for the next outage answer (its size was counted out with it).
        if (previous) this.#keep(key, previous)
      },
    )
    return this.#answer(key, entry)
  }

  /** Loads without keeping; when the database is out of reach, answers what `kept` holds, stale. */
  async #through(load: () => Promise<unknown>, kept?: Entry): Promise<CachedBody> {
    try {
      const body = jsonOf(await load())
      return { body, gzipped: () => gzipAnswer(body) }
    } catch (error) {
      const stale = this.#staleOf(kept, error)
      if (stale) return stale
      throw error
    }
  }

  /** A stale answer from `entry` (or the one it replaces) when `error` is an outage and it is recent enough. */
  #staleOf(entry: Entry | undefined, error: unknown): CachedBody | undefined {
    const kept = entry?.loaded !== undefined ? entry : entry?.previous
    if (kept?.loaded === undefined || !isDatabaseUnavailable(error)) return undefined
    const age = this.now() - kept.loadedAt
    if (age > STALE_IF_UNAVAILABLE_MS) return undefined
    const body = kept.loaded
    return { body, gzipped: () => kept.gzip ?? gzipAnswer(body), staleSeconds: Math.max(0, Math.floor(age / 1000)) }
  }

  /** The entry's body, and its gzip made once and counted in the cache's size while the entry is kept. */
  async #answer(key: string, entry: Entry): Promise<CachedBody> {
    let body: string
    try {
      body = await entry.body
    } catch (error) {
      const stale = this.#staleOf(entry, error)
      if (stale) return stale
      throw error
    }
    const gzipped = () => {
      if (entry.gzip) return entry.gzip
      const gzip = (entry.gzip = gzipAnswer(body))
      if (this.#entries.get(key) === entry) {
        entry.size += gzip.byteLength
        this.#chars += gzip.byteLength
        this.#trim()
      }
      return gzip
    }
    return { body, gzipped }
  }

  /** Puts a loaded entry back, counted again. */
  #keep(key: string, entry: Entry): void {
    this.#entries.set(key, entry)
    this.#chars += entry.size
    this.#trim()
  }

  clear(): void {
    this.#entries.clear()
    this.#chars = 0
  }

  /** Drops what a write in `scope` may have changed. */
  invalidate(scope: ReadScope): void {
    if (scope === "all") return this.clear()
    const doctors = new Set(scope.doctors)
    const changed = (entry: Entry): boolean => {
      if (entry.doctorId !== undefined) return doctors.has(entry.doctorId)
      // A search still loading may have read before the write: it goes, as any read not saying whom it shows.
      if (!scope.slotsOnly || entry.mentions === undefined) return true
      for (const doctor of entry.mentions) if (doctors.has(doctor)) return true
      return false
    }
    for (const [key, entry] of this.#entries) if (changed(entry)) this.#drop(key, entry)
  }

  #drop(key: string, entry: Entry): void {
    this.#entries.delete(key)
    this.#chars -= entry.size
  }

  /** Oldest first: a Map iterates in insertion order. */
  #trim(): void {
    for (const [key, entry] of this.#entries) {
      if (this.#chars <= this.maxChars) return
      this.#drop(key, entry)
    }
  }
}

/**
 * Answers a cached public read with its JSON body, gzipped when the client takes it (the cached
 * gzip: a hit does not compress again); `doctorId` is the doctor it is about, if one.
 */
export async function cachedJson(c: Context<AppEnv>, key: string, load: () => Promise<unknown>, about?: DoctorId | Listed): Promise<Response> {
  const { body, gzipped, staleSeconds } = await c.get("deps").readCache.read(key, load, about)
  // An answer kept from before an outage says so (RFC 9111's Age, RFC 7234's Warning 110): the app may tell its user.
  const stale: Record<string, string> = staleSeconds === undefined ? {} : { Age: String(staleSeconds), Warning: '110 - "Response is Stale"' }
  if (!wantsGzip(c, Buffer.byteLength(body))) return c.body(body, 200, { "Content-Type": "application/json", ...stale })
  return c.body(gzipped(), 200, { "Content-Type": "application/json", "Content-Encoding": "gzip", Vary: "Accept-Encoding", ...stale })
}

/** Marks a POST that only reads (a search), so that it leaves the cache alone. */
export const markReadOnly = (c: Context<AppEnv>): void => c.set("readOnly", true)

/** Says that the write being handled changes only what is cached about `doctorId` (and searches). */
export const writesDoctor = (c: Context<AppEnv>, doctorId: DoctorId): void => addToScope(c, doctorId, false)

/** Says that the write being handled changes only `doctorId`'s slots (a booking, a hold): its reads and the searches showing it. */
export const writesSlotsOf = (c: Context<AppEnv>, doctorId: DoctorId): void => addToScope(c, doctorId, true)

function addToScope(c: Context<AppEnv>, doctorId: DoctorId, slotsOnly: boolean): void {
  const scope = c.get("readScope")
  if (scope === "all") return
  const doctors = [...(scope?.doctors ?? []), doctorId]
  // Slots alone only while every write of the request said so.
  c.set("readScope", slotsOnly && (scope === undefined || scope.slotsOnly) ? { doctors, slotsOnly: true } : { doctors })
}

/**
 * After every successful write answered by the routes behind it, drops what it may have changed
 * (all of the cache unless the handler said `writesDoctor`), here and in the other gateways, before
 * the answer leaves: whoever reads next, through whichever gateway, reads the change.
 */
export function invalidateReadCacheOnWrite(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next()
    if (!MUTATING.has(c.req.method) || c.res.status >= 400 || c.get("readOnly")) return
    const scope = c.get("readScope") ?? "all"
    const { readCache, readCacheBus } = c.get("deps")
    readCache.invalidate(scope)
    await readCacheBus?.publish(scope)
  }
}
