import { randomUUID } from "node:crypto"
import pg from "pg"
import type { ReadCache, ReadScope } from "./readCache.ts"

/** How one gateway's writes reach the read caches of the others on the same database. */
export interface ReadCacheBus {
  /** Tells the other gateways what a write changed; resolves once the notice is committed. */
  publish(scope: ReadScope): Promise<void>
  close(): Promise<void>
}

const CHANNEL = "promed_read_cache"
/** Beyond this many doctors a scope travels as "all": a notification holds at most 8000 bytes. */
const MAX_DOCTORS = 100

interface Message {
  readonly from: string
  readonly scope: ReadScope
}

function messageOf(payload: string | undefined): Message | undefined {
  try {
    const message = JSON.parse(payload ?? "") as Partial<Message>
    const scope = message.scope
    const scopeOk =
      scope === "all" || (typeof scope === "object" && scope !== null && Array.isArray(scope.doctors) && scope.doctors.every((d) => typeof d === "string"))
    return typeof message.from === "string" && scopeOk ? (message as Message) : undefined
  } catch {
    return undefined
  }
}

/**
 * PostgreSQL LISTEN/NOTIFY on one connection of its own. A write's notification is committed before
 * the write is answered. Before answering from its cache, a gateway makes one round trip on its
 * listening connection: PostgreSQL sends a connection every notification committed before a
 * command ahead of that command's answer, so whatever was written before the read began has
 * dropped its entries by then. Reads waiting at once share the next round trip. While the
 * connection is down, the cache reads through (it could not hear the others' writes) and the bus
 * reconnects.
 */
export class PostgresReadCacheBus implements ReadCacheBus {
  readonly #id = randomUUID()
  #client: pg.Client | undefined
  #closed = false
  /** The round trip under way, and the one queued behind it for the reads that came after it began. */
  #inFlight: Promise<void> | undefined
  #queued: Promise<void> | undefined
  /** The last query sent on the listening connection: a client runs one at a time, and pg 9 will refuse a second sent meanwhile. */
  #lastQuery: Promise<unknown> = Promise.resolve()

  private constructor(
    private readonly url: string,
    private readonly cache: ReadCache,
  ) {}

  static async open(url: string, cache: ReadCache): Promise<PostgresReadCacheBus> {
    const bus = new PostgresReadCacheBus(url, cache)
    await bus.#connect()
    cache.beforeHit = () => bus.#sync()
    return bus
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url })
    client.on("notification", (notification) => this.#heard(notification.payload))
    client.on("error", () => this.#lost(client))
    client.on("end", () => this.#lost(client))
    await client.connect()
    await client.query(`LISTEN ${CHANNEL}`)
    this.#client = client
    this.cache.suspended = false
  }

  #lost(client: pg.Client): void {
    if (this.#client !== client) return
    this.#client = undefined
    if (this.#closed) return
    this.cache.suspended = true
    this.cache.clear()
    console.warn("read cache: lost its PostgreSQL listener; reading through until it is back")
    const retry = () => {
      if (this.#closed) return
      this.#connect().catch(() => setTimeout(retry, 1_000).unref())
    }
    setTimeout(retry, 200).unref()
  }

  #heard(payload: string | undefined): void {
    const message = messageOf(payload)
    if (message && message.from !== this.#id) this.cache.invalidate(message.scope)
  }

  /** Resolves once every notification committed before the call has been heard. */
  #sync(): Promise<void> {
    const roundTrip = async () => {
      try {
        await this.#query("SELECT 1")
      } catch {
        // A lost connection suspends the cache (#lost): the read goes to the database.
      }
    }
    if (!this.#inFlight) {
      this.#inFlight = roundTrip().finally(() => (this.#inFlight = undefined))
      return this.#inFlight
    }
    // The round trip under way may have begun before this read: wait for the next one.
    this.#queued ??= this.#inFlight.then(() => {
      this.#queued = undefined
      return this.#sync()
    })
    return this.#queued
  }

  /** Sends `text` on the listening connection once the query before it has been answered. */
  #query(text: string, values?: unknown[]): Promise<unknown> {
    const client = this.#client
    if (!client) return Promise.resolve()
    const sent = this.#lastQuery.then(() => client.query(text, values))
    this.#lastQuery = sent.catch(() => undefined)
    return sent
  }

  async publish(scope: ReadScope): Promise<void> {
    if (!this.#client) return
    const sent: ReadScope = scope !== "all" && scope.doctors.length > MAX_DOCTORS ? "all" : scope
    try {
      await this.#query("SELECT pg_notify($1, $2)", [CHANNEL, JSON.stringify({ from: this.#id, scope: sent } satisfies Message)])
    } catch {
      // The listener's own error handler takes over (reads go through until it is back).
    }
  }

  async close(): Promise<void> {
    this.#closed = true
    this.cache.beforeHit = undefined
    await this.#client?.end()
  }
}

/** Gateways in one process (tests on PGlite, which one process holds): a write reaches the others' caches directly. */
export class LocalReadCacheHub {
  readonly #caches = new Set<ReadCache>()

  join(cache: ReadCache): ReadCacheBus {
    this.#caches.add(cache)
    return {
      publish: async (scope) => {
        for (const other of this.#caches) if (other !== cache) other.invalidate(scope)
      },
      close: async () => void this.#caches.delete(cache),
    }
  }
}
