import pg from "pg"

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
 * gateways' news (read cache drops, changed listings) and sends its own. `sync` is the way to be
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
    const client = new pg.Client({ connectionString: this.url })
    client.on("notification", (notification) => this.#channels.get(notification.channel)?.heard(notification.payload ?? ""))
    client.on("error", () => this.#lost(client))
    client.on("end", () => this.#lost(client))
    await client.connect()
    this.#pid = (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid
    for (const channel of this.#channels.keys()) await client.query(`LISTEN ${channel}`)
    this.#client = client
    for (const listener of this.#channels.values()) listener.back()
  }

  #lost(client: pg.Client): void {
    if (this.#client !== client) return
    this.#client = undefined
    if (this.#closed) return
    for (const listener of this.#channels.values()) listener.lost()
    const retry = () => {
      if (this.#closed) return
      this.#connect().catch(() => setTimeout(retry, 1_000).unref())
    }
    setTimeout(retry, 200).unref()
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
    this.#lastQuery = sent.catch(() => undefined)
    return sent
  }

  async close(): Promise<void> {
    this.#closed = true
    await this.#client?.end()
  }
}
