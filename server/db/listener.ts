import pg from "pg"
import { scoped } from "../observability/log.ts"

const log = scoped("listener")

/** Delays before reconnecting after a loss: 0.25 s doubling to 5 s, each with up to a fifth more at random so gateways do not all knock at once. */
export const reconnectDelayMs = (attempt: number, random: () => number = Math.random) => {
  const base = Math.min(5_000, 250 * 2 ** Math.max(0, attempt - 1))
  return Math.round(base * (1 + random() / 5))
}

/** What a part of the gateway does with one channel's notifications. */
export interface ChannelListener {
  heard(payload: string): void
  /** The connection is down: notifications sent from now on are not heard until `back`. */
  lost(): void
  /** Listening again, after a loss (what was sent meanwhile was not heard). */
  back(): void
}

/**
 * One PostgreSQL connection of a gateway's own, on which it LISTENs to the channels of the other
 * gateways' news (read cache drops) and sends its own. `sync` is the way to be
 * sure to have heard what was committed before: PostgreSQL sends a connection every notification
 * committed before a command ahead of that command's answer, so once a round trip made after a
 * read began is answered, whatever was written before the read began has been heard. Reads waiting
 * at once share the next round trip. A lost connection is told to every channel's listener and
 * opened again.
 */
export class PostgresListener {
  readonly #channels = new Map<string, ChannelListener>()
  #client: pg.Client | undefined
  #closed = false
  #pid = 0
  /** The round trip under way, and the one queued behind it for the reads that came after it began. */
  #inFlight: Promise<void> | undefined
  #queued: Promise<void> | undefined
  /** The last query sent: a client runs one at a time, and pg 9 will refuse a second sent meanwhile. */
  #lastQuery: Promise<unknown> = Promise.resolve()

  private constructor(private readonly url: string) {}

  static async open(url: string): Promise<PostgresListener> {
    const listener = new PostgresListener(url)
    await listener.#connect()
    return listener
  }

  get connected(): boolean {
    return this.#client !== undefined
  }

  /** The server process of the connection (for a test that ends it), or undefined while down. */
  get backendPid(): number | undefined {
    return this.#client ? this.#pid : undefined
  }

  /** Listens on `channel` from now on (and again after each reconnection). */
  async listen(channel: string, listener: ChannelListener): Promise<void> {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`)
    this.#channels.set(channel, listener)
    await this.#query(`LISTEN ${channel}`)
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: 5_000,
      // A round trip that waits this long is on a connection that is gone without saying so (a
      // failover behind a silent network): it is dropped and opened again (#query).
      query_timeout: 5_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    })
    client.on("notification", (notification) => this.#channels.get(notification.channel)?.heard(notification.payload ?? ""))
    // Heard before the client is ours too: an 'error' nobody hears stops the process.
    client.on("error", () => this.#lost(client))
    client.on("end", () => this.#lost(client))
    try {
      await client.connect()
      this.#pid = (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid
      for (const channel of this.#channels.keys()) await client.query(`LISTEN ${channel}`)
    } catch (error) {
      await client.end().catch(() => {})
      throw error
    }
    this.#client = client
    for (const listener of this.#channels.values()) listener.back()
  }

  #lost(client: pg.Client): void {
    if (this.#client !== client) return
    this.#client = undefined
    if (this.#closed) return
    log.warn("the listening connection was lost: caches read through, memory dropped, until it is back")
    // Whoever relied on what was heard stops now; `back` tells them to read again before they are trusted.
    for (const listener of this.#channels.values()) listener.lost()
    let attempt = 0
    const retry = () => {
      if (this.#closed) return
      attempt++
      this.#connect().then(
        () => log.info({ attempts: attempt }, "the listening connection is back"),
        () => setTimeout(retry, reconnectDelayMs(attempt + 1)).unref(),
      )
    }
    setTimeout(retry, reconnectDelayMs(1)).unref()
  }

  /** Resolves once every notification committed before the call has been heard (at once while the connection is down). */
  sync(): Promise<void> {
    const roundTrip = async () => {
      try {
        await this.#query("SELECT 1")
      } catch {
        // A lost connection is told to the listeners (#lost), who stop relying on what they heard.
      }
    }
    if (!this.#inFlight) {
      this.#inFlight = roundTrip().finally(() => (this.#inFlight = undefined))
      return this.#inFlight
    }
    // The round trip under way may have begun before this read: wait for the next one.
    this.#queued ??= this.#inFlight.then(() => {
      this.#queued = undefined
      return this.sync()
    })
    return this.#queued
  }

  /** Sends a notification; resolves once it is committed (at once, sending nothing, while the connection is down). */
  async notify(channel: string, payload: string): Promise<void> {
    try {
      await this.#query("SELECT pg_notify($1, $2)", [channel, payload])
    } catch {
      // The connection's own error handler takes over (#lost).
    }
  }

  /** Sends `text` once the query before it has been answered. */
  #query(text: string, values?: unknown[]): Promise<unknown> {
    const client = this.#client
    if (!client) return Promise.resolve()
    const sent = this.#lastQuery.then(() => client.query(text, values))
    this.#lastQuery = sent.catch((error: unknown) => {
      if (error instanceof Error && error.message === "Query read timeout") {
        this.#lost(client)
        void client.end().catch(() => {})
      }
    })
    return sent
  }

  async close(): Promise<void> {
    this.#closed = true
    await this.#client?.end()
  }
}
