import { createHash, type Hash } from "node:crypto"
import { appendFile, rm, writeFile } from "node:fs/promises"
import { newUploadId, type ObjectFiles } from "./objects.ts"

/** An abandoned upload is dropped after this long without a chunk (the SDK never says it cancelled). */
export const UPLOAD_TTL_MS = 60 * 60_000

export interface UploadSession {
  readonly id: string
  readonly bucket: string
  readonly name: string
  readonly userId: string
  readonly total: number
  readonly contentType: string
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

/** Resumable uploads under way, kept in memory with their bytes in a file each. */
export class ResumableUploads {
  private readonly sessions = new Map<string, UploadSession>()

  constructor(
    private readonly files: ObjectFiles,
    private readonly ttlMs: number = UPLOAD_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async start(init: Omit<UploadSession, "id" | "file" | "received" | "head" | "md5" | "lastActivity" | "busy" | "final">): Promise<UploadSession> {
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

  /** Appends a chunk read in full; a chunk cut short never reaches the file. */
  async append(session: UploadSession, bytes: Uint8Array): Promise<void> {
    await appendFile(session.file, bytes)
    session.md5.update(bytes)
    if (session.head.length < 16) session.head = new Uint8Array([...session.head, ...bytes.subarray(0, 16 - session.head.length)])
    session.received += bytes.length
    session.lastActivity = this.now()
  }

  /** Forgets a session; its file is removed unless it was moved into place. */
  async drop(session: UploadSession): Promise<void> {
    this.sessions.delete(session.id)
    await rm(session.file, { force: true })
  }

  async sweep(): Promise<void> {
    const limit = this.now() - this.ttlMs
    for (const session of [...this.sessions.values()]) {
      if (session.lastActivity < limit && !session.busy) await this.drop(session)
    }
  }

  get size(): number {
    return this.sessions.size
  }
}
