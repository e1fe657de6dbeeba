import type { Context, MiddlewareHandler } from "hono"
import type { AppEnv } from "./context.ts"

interface Entry {
  readonly expires: number
  readonly body: Promise<string>
  /** Characters of the body once loaded (0 while loading). */
  size: number
}

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"])

/**
 * A short-lived cache of the public reads that every visitor shares (doctor search, profiles, week
 * slots), holding their JSON bodies, at most `maxChars` characters of them (oldest dropped first).
 * A miss is loaded once however many requests wait for it. Any successful write through this
 * gateway empties the cache, so everyone reads a change as soon as it is answered; the time limit
 * bounds what writes made elsewhere (another instance, the seed script) can leave stale. A time
 * limit of 0 turns it off (the cost-growth bench measures the database).
 */
export class ReadCache {
  readonly #entries = new Map<string, Entry>()
  #chars = 0

  constructor(
    readonly ttlMs: number,
    readonly maxChars = 16_000_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get size(): number {
    return this.#entries.size
  }

  /** The cached body of `key`, or the body `load` makes (kept unless it fails). */
  json(key: string, load: () => Promise<unknown>): Promise<string> {
    if (this.ttlMs <= 0) return load().then((value) => JSON.stringify(value))
    const now = this.now()
    const hit = this.#entries.get(key)
    if (hit && hit.expires > now) return hit.body
    if (hit) this.#drop(key, hit)
    const entry: Entry = { expires: now + this.ttlMs, body: load().then((value) => JSON.stringify(value)), size: 0 }
    this.#entries.set(key, entry)
    entry.body.then(
      (body) => {
        if (this.#entries.get(key) !== entry) return
        entry.size = body.length
        this.#chars += body.length
        this.#trim()
      },
      () => {
        if (this.#entries.get(key) === entry) this.#drop(key, entry)
      },
    )
    return entry.body
  }

  clear(): void {
    this.#entries.clear()
    this.#chars = 0
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

/** Answers a cached public read with its JSON body. */
export async function cachedJson(c: Context<AppEnv>, key: string, load: () => Promise<unknown>): Promise<Response> {
  const body = await c.get("deps").readCache.json(key, load)
  return c.body(body, 200, { "Content-Type": "application/json" })
}

/** Marks a POST that only reads (a search), so that it leaves the cache alone. */
export const markReadOnly = (c: Context<AppEnv>): void => c.set("readOnly", true)

/** Empties the read cache after every successful write answered by the routes behind it. */
export function clearReadCacheOnWrite(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next()
    if (MUTATING.has(c.req.method) && c.res.status < 400 && !c.get("readOnly")) c.get("deps").readCache.clear()
  }
}
