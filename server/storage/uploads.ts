import { createHash, type Hash } from "node:crypto"
import { appendFile, readdir, rm, stat, writeFile } from "node:fs/promises"
import path from "node:path"
import { SNIFF_BYTES } from "./fileKinds.ts"
import { newUploadId, type ObjectFiles } from "./objects.ts"
import { pendingRefusal, STORAGE_QUOTA, type StorageQuota, type Usage } from "./quota.ts"
import { errorFacts } from "../http/errorLog.ts"
import { scoped } from "../observability/log.ts"

/**
 * An abandoned upload is dropped after this long without a request (the SDK never says it
 * cancelled). Every chunk, status query or retry of the owner starts it again, and a chunk being
 * received is never dropped, so a 4 MiB chunk on slow 3G (about 90 s) is safe; the SDK itself gives
 * up retrying after 10 minutes (maxUploadRetryTime), so a longer wait would keep nothing useful.
 */
export const UPLOAD_TTL_MS = 10 * 60_000
/** How often the uploads under way are swept without waiting for a request. */
export const SWEEP_EVERY_MS = 60_000

export interface UploadSession {
  readonly id: string
  readonly bucket: string
  readonly name: string
  readonly userId: string
  readonly total: number
  readonly customMetadata: Record<string, string>
  readonly file: string
  received: number
  head: Uint8Array
  readonly md5: Hash
  lastActivity: number
  /** Chunks of one session are stored one after the other. */
  busy: boolean
  final: boolean
}

/**
 * Uploads under way: resumable sessions, kept in memory with their bytes in a file each, and
 * multipart bodies being read (held), which count against the same per-user limits.
 */
export class ResumableUploads {
  private readonly sessions = new Map<string, UploadSession>()
  private readonly holds = new Map<symbol, { userId: string; bytes: number }>()

  constructor(
    private readonly files: ObjectFiles,
    private readonly ttlMs: number = UPLOAD_TTL_MS,
    // Read at each call, so a test that sets the system clock moves these sessions' clock too.
    private readonly now: () => number = () => Date.now(),
  ) {}

  async start(init: Pick<UploadSession, "bucket" | "name" | "userId" | "total" | "customMetadata">): Promise<UploadSession> {
    await this.sweep()
    await this.files.ensureDirs()
    const id = newUploadId()
    const session: UploadSession = {
      ...init,
      id,
      file: this.files.uploadPath(id),
      received: 0,
      head: new Uint8Array(0),
      md5: createHash("md5"),
      lastActivity: this.now(),
      busy: false,
      final: false,
    }
    await writeFile(session.file, new Uint8Array(0))
    this.sessions.set(id, session)
    return session
  }

  /** The live session, or undefined when unknown or expired. */
  async get(id: string): Promise<UploadSession | undefined> {
    await this.sweep()
    return this.sessions.get(id)
  }

  /** The owner is still at it (a query or a retry counts): the session's time to live starts again. */
  touch(session: UploadSession): void {
    session.lastActivity = this.now()
  }

  /** Appends a chunk read in full; a chunk cut short never reaches the file. */
  async append(session: UploadSession, bytes: Uint8Array): Promise<void> {
    await appendFile(session.file, bytes)
    session.md5.update(bytes)
    if (session.head.length < SNIFF_BYTES) session.head = new Uint8Array([...session.head, ...bytes.subarray(0, SNIFF_BYTES - session.head.length)])
    session.received += bytes.length
    session.lastActivity = this.now()
  }

  /** Forgets a session; its file is removed unless it was moved into place. */
  async drop(session: UploadSession): Promise<void> {
    this.sessions.delete(session.id)
    await rm(session.file, { force: true })
  }

  /**
   * Holds a place for one more upload of `bytes` when the user's uploads under way leave room, in
   * one synchronous step (concurrent requests cannot all see the same free place); the refusal
   * otherwise. The place counts until released: a multipart body while it is read, a resumable
   * session until it is registered (it then counts itself).
   */
  reserve(userId: string, bytes: number, quota: StorageQuota = STORAGE_QUOTA): { release: () => void } | { refusal: string } {
    const refusal = pendingRefusal(this.pendingOf(userId), bytes, quota)
    if (refusal) return { refusal }
    const key = Symbol(userId)
    this.holds.set(key, { userId, bytes })
    return { release: () => void this.holds.delete(key) }
  }

  /** A user's uploads under way, with the bytes they announced (reserved, not yet received). */
  pendingOf(userId: string): Usage {
    let count = 0
    let bytes = 0
    for (const entry of [...this.sessions.values(), ...this.holds.values()]) {
      if (entry.userId !== userId) continue
      count += 1
      bytes += "total" in entry ? entry.total : entry.bytes
    }
    return { count, bytes }
  }

  async sweep(): Promise<void> {
    const limit = this.now() - this.ttlMs
    for (const session of [...this.sessions.values()]) {
      if (session.lastActivity < limit && !session.busy) await this.drop(session)
    }
  }

  /** Also removes upload files no session here knows (left by a process that stopped), once they are old. */
  async sweepOrphans(): Promise<void> {
    const folder = path.dirname(this.files.uploadPath("x"))
    const known = new Set([...this.sessions.values()].map((s) => path.basename(s.file)))
    const names = await readdir(folder).catch(() => [] as string[])
    const limit = this.now() - this.ttlMs
    for (const name of names) {
      if (known.has(name)) continue
      const file = path.join(folder, name)
      const info = await stat(file).catch(() => null)
      if (info && info.mtimeMs < limit) await rm(file, { force: true })
    }
  }

  /** Sweeps every `everyMs` on a timer that never keeps the process alive; returns its stop. */
  startSweeping(everyMs: number = SWEEP_EVERY_MS): () => void {
    const timer = setInterval(() => {
      this.sweep()
        .then(() => this.sweepOrphans())
        .catch((error: unknown) => scoped("storage").error({ error: errorFacts(error).name }, "sweeping uploads failed"))
    }, everyMs)
    timer.unref()
    return () => clearInterval(timer)
  }

  get size(): number {
    return this.sessions.size
  }
}
