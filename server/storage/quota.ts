import { and, count, eq, ne, sum } from "drizzle-orm"
import type { Db } from "../db/client.ts"
import { storageObjects } from "../db/schema.ts"

const MiB = 1024 * 1024

/** What one user may have in storage: uploads under way (pending) and objects kept (stored). */
export interface StorageQuota {
  readonly pendingUploads: number
  readonly pendingBytes: number
  readonly storedObjects: number
  readonly storedBytes: number
}

/**
 * The limits, per user. The app sends one file at a time; a reload mid-upload leaves a session
 * behind that expires after UPLOAD_TTL_MS (the SDK never says it gave up).
 */
export const STORAGE_QUOTA: StorageQuota = {
  // One record and one photo at once, plus one left behind by a reload.
  pendingUploads: 3,
  // Reserved as announced at the start: two full 10 MB records and a 3 MB photo fit, a third full record waits.
  pendingBytes: 25 * MiB,
  // Twenty records with all ten attachments the form allows (SPEC §5), and the photos.
  storedObjects: 200,
  // A hundred 1 MB scans or ten 10 MB ones: enough for a patient's file, and a bound on one user's disk use.
  storedBytes: 100 * MiB,
}

/** A number of files and their bytes. */
export interface Usage {
  readonly count: number
  readonly bytes: number
}

/** Why one more upload of `bytes` under way would pass the limits, or null when it fits. */
export function pendingRefusal(pending: Usage, bytes: number, quota: StorageQuota = STORAGE_QUOTA): string | null {
  if (pending.count + 1 > quota.pendingUploads) return `At most ${quota.pendingUploads} uploads at a time: finish or wait for the others`
  if (pending.bytes + bytes > quota.pendingBytes) return `At most ${quota.pendingBytes} bytes of uploads at a time`
  return null
}

/** The user's stored objects and bytes in a bucket, leaving out `replacing` (the object a new version replaces). */
export async function storedUsage(db: Db, bucket: string, userId: string, replacing: string): Promise<Usage> {
  // A scan of the user's rows: a few hundred at most, by the limits below.
  const [row] = await db
    .select({ count: count(), bytes: sum(storageObjects.size) })
    .from(storageObjects)
    .where(and(eq(storageObjects.bucket, bucket), eq(storageObjects.ownerUserId, userId), ne(storageObjects.name, replacing)))
  return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) }
}

/** Why storing `bytes` at `name` would pass the user's stored limits, or null when it fits. */
export async function storedRefusal(
  db: Db,
  bucket: string,
  userId: string,
  name: string,
  bytes: number,
  quota: StorageQuota = STORAGE_QUOTA,
): Promise<string | null> {
  const stored = await storedUsage(db, bucket, userId, name)
  if (stored.count + 1 > quota.storedObjects) return `At most ${quota.storedObjects} files per user: delete some first`
  if (stored.bytes + bytes > quota.storedBytes) return `At most ${quota.storedBytes} bytes of files per user: delete some first`
  return null
}

const queues = new Map<string, Promise<unknown>>()

/** Runs `work` after the same user's earlier work ends, so a quota check and the write it allows are one step. */
export function oneAtATime<T>(userId: string, work: () => Promise<T>): Promise<T> {
  const before = queues.get(userId) ?? Promise.resolve()
  const result = before.then(work, work)
  const settled = result.then(
    () => {},
    () => {},
  )
  queues.set(userId, settled)
  void settled.then(() => {
    if (queues.get(userId) === settled) queues.delete(userId)
  })
  return result
}
