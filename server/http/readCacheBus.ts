import { randomUUID } from "node:crypto"
import type { PostgresListener } from "../db/listener.ts"
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

function messageOf(payload: string): Message | undefined {
  try {
    const message = JSON.parse(payload) as Partial<Message>
    const scope = message.scope
    const scopeOk =
      scope === "all" ||
      (typeof scope === "object" &&
        scope !== null &&
        Array.isArray(scope.doctors) &&
        scope.doctors.every((d) => typeof d === "string") &&
        (scope.slotsOnly === undefined || scope.slotsOnly === true))
    return typeof message.from === "string" && scopeOk ? (message as Message) : undefined
  } catch {
    return undefined
  }
}

/**
 * PostgreSQL LISTEN/NOTIFY on the gateway's listening connection (server/db/listener.ts). A
 * write's notification is committed before the write is answered. Before answering from its
 * cache, a gateway makes sure to have heard every notification committed before (a round trip on
 * that connection, shared by the reads waiting at once), so whatever was written before the read
 * began has dropped its entries by then. While the connection is down, the cache reads through
 * (it could not hear the others' writes) until it is back, and answers what it kept only when the
 * database cannot be reached either (marked stale).
 */
export class PostgresReadCacheBus implements ReadCacheBus {
  readonly #id = randomUUID()

  private constructor(
    private readonly listener: PostgresListener,
    private readonly cache: ReadCache,
  ) {}

  static async open(listener: PostgresListener, cache: ReadCache): Promise<PostgresReadCacheBus> {
    const bus = new PostgresReadCacheBus(listener, cache)
    await listener.listen(CHANNEL, {
      heard: (payload) => bus.#heard(payload),
      // What is kept is no longer answered as fresh (other gateways' writes go unheard), only as
      // a stale answer while the database is out of reach; once the listener is back, whatever
      // was written meanwhile may have changed any of it: all of it is dropped before the cache
      // answers again.
      lost: () => (cache.suspended = true),
      back: () => {
        cache.clear()
        cache.suspended = false
      },
    })
    cache.beforeHit = () => listener.sync()
    return bus
  }

  #heard(payload: string): void {
    const message = messageOf(payload)
    if (message && message.from !== this.#id) this.cache.invalidate(message.scope)
  }

  async publish(scope: ReadScope): Promise<void> {
    if (!this.listener.connected) return
    const sent: ReadScope = scope !== "all" && scope.doctors.length > MAX_DOCTORS ? "all" : scope
    await this.listener.notify(CHANNEL, JSON.stringify({ from: this.#id, scope: sent } satisfies Message))
  }

  async close(): Promise<void> {
    this.cache.beforeHit = undefined
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
