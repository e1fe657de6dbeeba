import * as Schema from "effect/Schema"
import { Id, type DoctorId } from "../../schemas/ids.ts"
import type { PostgresListener } from "../db/listener.ts"

/** How a mirror reads the database: everything at once, or the rows of some doctors into what it holds. */
export interface MirrorReads<M> {
  /** Everything, or undefined when memory must never answer (the reason told by the reader). */
  all(): Promise<M | undefined>
  /** Puts the rows of these doctors as they are now into `memory`, and takes out those that are gone. */
  some(memory: M, ids: DoctorId[]): Promise<void>
}

/** "*" on a channel: read everything again. */
const EVERYTHING = "*"

/**
 * Whether a notice's item can be a doctor's id. Anyone who may write to the database may NOTIFY on
 * the channel: an item that is no UUID would fail the read of the changed rows, which stops the
 * mirror and reads everything again.
 */
const isId = Schema.is(Id)

/**
 * Some doctors' rows of a PostgreSQL database kept in this gateway's memory, and kept up to date:
 * loaded at start; every statement that changes them notifies their doctors' ids on `channel` when
 * it commits (migrations 0018 and 0019), and the mirror reads those rows again. A reader first
 * makes sure to have heard every change committed before it began (the listener's round trip) and
 * waits for those rows; so a write through any gateway, or straight in the database, is read at
 * once through every other. While the listening connection is down, or while everything is read
 * again, the mirror holds nothing and the database answers.
 */
export class DoctorMirror<M> {
  #memory: M | undefined
  /** The reads of changed rows, one after the other in the order heard: a later read never lands before an earlier one. */
  #applied: Promise<void> = Promise.resolve()
  /** Whether the reader refused for good. */
  #refused = false
  /** The doctors a `reread` has queued and not begun to read. */
  readonly #rereading = new Set<string>()
  /** Set by `close`: nothing more is read. */
  #closed = false

  private constructor(
    private readonly listener: PostgresListener,
    private readonly what: string,
    private readonly reads: MirrorReads<M>,
  ) {}

  /** Listens on `channel` and reads everything; `what` names the rows in warnings. */
  static async open<M>(listener: PostgresListener, channel: string, what: string, reads: MirrorReads<M>): Promise<DoctorMirror<M>> {
    const mirror = new DoctorMirror(listener, what, reads)
    await listener.listen(channel, {
      heard: (payload) => mirror.#heard(payload),
      // What is written while the connection is down is not heard: the database answers until all is read again.
      lost: () => (mirror.#memory = undefined),
      back: () => mirror.#reloadAll(),
    })
    mirror.#reloadAll()
    await mirror.#applied
    return mirror
  }

  /** Whether the mirror answers now. */
  get ready(): boolean {
    return this.#memory !== undefined && this.listener.connected
  }

  /**
   * What the mirror holds once every change heard so far is read, or undefined when it does not
   * answer. It is up to date only when the listener has synced since the read began: `synced` says
   * that the caller made sure of it, else the mirror does.
   */
  async held({ synced }: { synced: boolean }): Promise<M | undefined> {
    if (!this.ready) return undefined
    if (!synced) await this.listener.sync()
    await this.#applied
    return this.#memory
  }

  /** Reads these doctors' rows again, after the reads already queued (the clock moved what they show). */
  reread(ids: DoctorId[]): Promise<void> {
    // Searches under way at once find the same doctors: one read each is enough.
    const unread = ids.filter((id) => !this.#rereading.has(id))
    if (unread.length > 0) {
      for (const id of unread) this.#rereading.add(id)
      this.#readSome(unread, () => unread.forEach((id) => this.#rereading.delete(id)))
    }
    return this.#applied
  }

  /** Reads nothing more and resolves once the reads under way are done: the database can be closed then. */
  close(): Promise<void> {
    this.#closed = true
    this.#memory = undefined
    return this.#applied
  }

  #heard(payload: string): void {
    if (this.#closed) return
    if (payload === EVERYTHING) return this.#reloadAll()
    const items = payload.split(",").filter(Boolean)
    const ids = items.filter(isId) as DoctorId[]
    if (ids.length < items.length)
      console.warn(`doctor search: a ${this.what} notice named ${items.length - ids.length} item(s) that are no doctor's id, left out`)
    if (ids.length > 0) this.#readSome(ids)
  }

  /** Queues a read of these doctors' rows; `starting` runs when it begins. */
  #readSome(ids: DoctorId[], starting?: () => void): void {
    this.#then(async () => {
      starting?.()
      const memory = this.#memory
      if (memory) await this.reads.some(memory, ids) // else everything is being read again
    })
  }

  /** Stops answering, reads everything again, then answers from it (unless the reader refuses). */
  #reloadAll(): void {
    this.#memory = undefined
    this.#then(async () => {
      if (this.#refused) return
      const memory = await this.reads.all()
      if (memory === undefined) this.#refused = true
      else this.#memory = memory
    })
  }

  /** Queues `work` after the reads already queued; a failed read leaves the memory stale, so it stops answering and all is read again. */
  #then(work: () => Promise<void>): void {
    this.#applied = this.#applied
      .then(() => (this.#closed ? undefined : work()))
      .catch((error: unknown) => {
        console.warn(`doctor search: reading the ${this.what} failed (${reasonOf(error)}); answered by PostgreSQL until read again`)
        this.#memory = undefined
        setTimeout(() => this.#reloadAll(), 1_000).unref()
      })
  }
}

/** An error's message, with its cause's (drizzle wraps the driver's error in one naming the query). */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  return error.cause === undefined ? error.message : `${error.message}: ${reasonOf(error.cause)}`
}
