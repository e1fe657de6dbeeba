import { createHash, randomBytes, randomUUID } from "node:crypto"
import { createReadStream } from "node:fs"
import { mkdir, open, rename, rm, stat, writeFile } from "node:fs/promises"
import path from "node:path"
import { and, asc, eq, like } from "drizzle-orm"
import type { Db } from "../db/client.ts"
import { storageObjects } from "../db/schema.ts"
import { writeAreaOf } from "./access.ts"
import { deliveryOf, kindOfStored, SNIFF_BYTES, type Delivery } from "./fileKinds.ts"

export type StoredObject = typeof storageObjects.$inferSelect

/** Where the bytes of objects, and of uploads under way, live below the data folder. */
export class ObjectFiles {
  constructor(readonly root: string) {}

  /** One file per object, named by a hash of bucket and name (names may hold any character). */
  objectPath(bucket: string, name: string): string {
    const digest = createHash("sha256").update(`${bucket}/${name}`).digest("hex")
    return path.join(this.root, "objects", digest.slice(0, 2), digest)
  }

  uploadPath(uploadId: string): string {
    return path.join(this.root, "uploads", uploadId)
  }

  async ensureDirs(): Promise<void> {
    await mkdir(path.join(this.root, "uploads"), { recursive: true })
    await mkdir(path.join(this.root, "objects"), { recursive: true })
  }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`)

export async function findObject(db: Db, bucket: string, name: string): Promise<StoredObject | undefined> {
  const [row] = await db
    .select()
    .from(storageObjects)
    .where(and(eq(storageObjects.bucket, bucket), eq(storageObjects.name, name)))
  return row
}

export interface NewObject {
  readonly bucket: string
  readonly name: string
  readonly ownerUserId: string
  /** The sniffed type (mediaTypeOfBytes), never the one the client declared. */
  readonly contentType: string
  readonly customMetadata: Record<string, string>
  /** A complete file already on disk (moved into place), or the bytes themselves. */
  readonly source: { file: string } | { bytes: Uint8Array }
  readonly md5Hash: string
  readonly size: number
}

/**
 * Stores an object: the bytes go into place first (a rename, so a reader never sees half a
 * file), then the row; an existing object of that name is replaced with a new generation and token.
 */
export async function putObject(db: Db, files: ObjectFiles, object: NewObject): Promise<StoredObject> {
  const target = files.objectPath(object.bucket, object.name)
  await mkdir(path.dirname(target), { recursive: true })
  const staging = `${target}.${randomUUID()}`
  if ("file" in object.source) await rename(object.source.file, staging)
  else await writeFile(staging, object.source.bytes)
  await rename(staging, target)
  const now = new Date()
  const values = {
    bucket: object.bucket,
    name: object.name,
    ownerUserId: object.ownerUserId,
    size: object.size,
    contentType: object.contentType,
    md5Hash: object.md5Hash,
    generation: String(now.getTime() * 1000 + Math.floor(Math.random() * 1000)),
    metageneration: 1,
    downloadToken: randomUUID(),
    customMetadata: object.customMetadata,
    updatedAt: now,
  }
  const [row] = await db
    .insert(storageObjects)
    .values({ ...values, createdAt: now })
    .onConflictDoUpdate({ target: [storageObjects.bucket, storageObjects.name], set: values })
    .returning()
  return row!
}

/** Custom metadata only: the type comes from the bytes and a metadata change never touches it. */
export async function updateObjectMetadata(db: Db, current: StoredObject, changes: { customMetadata?: Record<string, string> }): Promise<StoredObject> {
  const [row] = await db
    .update(storageObjects)
    .set({ ...changes, metageneration: current.metageneration + 1, updatedAt: new Date() })
    .where(and(eq(storageObjects.bucket, current.bucket), eq(storageObjects.name, current.name)))
    .returning()
  return row!
}

export async function deleteObject(db: Db, files: ObjectFiles, object: StoredObject): Promise<void> {
  await db.delete(storageObjects).where(and(eq(storageObjects.bucket, object.bucket), eq(storageObjects.name, object.name)))
  await rm(files.objectPath(object.bucket, object.name), { force: true })
}

export function readObject(files: ObjectFiles, object: StoredObject) {
  return createReadStream(files.objectPath(object.bucket, object.name))
}

/** The first bytes of an object's file, to tell its kind when it is served. */
export async function readObjectHead(files: ObjectFiles, object: StoredObject): Promise<Uint8Array> {
  const handle = await open(files.objectPath(object.bucket, object.name), "r")
  try {
    const head = new Uint8Array(SNIFF_BYTES)
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0)
    return head.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

export async function objectFileExists(files: ObjectFiles, object: StoredObject): Promise<boolean> {
  return stat(files.objectPath(object.bucket, object.name)).then(
    () => true,
    () => false,
  )
}

export interface ListOptions {
  readonly prefix: string
  readonly delimiter: string | undefined
  readonly pageToken: string | undefined
  readonly maxResults: number
  readonly visible: (name: string) => boolean
}

/** Objects and "folders" under a prefix, in name order, a page at a time (as the SDK's list expects). */
export async function listObjects(db: Db, bucket: string, options: ListOptions) {
  const rows = await db
    .select({ name: storageObjects.name })
    .from(storageObjects)
    .where(and(eq(storageObjects.bucket, bucket), like(storageObjects.name, `${escapeLike(options.prefix)}%`)))
    .orderBy(asc(storageObjects.name))
  const after = options.pageToken ? Buffer.from(options.pageToken, "base64url").toString("utf8") : ""
  const prefixes = new Set<string>()
  const items: string[] = []
  for (const { name } of rows) {
    if (!options.visible(name)) continue
    const rest = name.slice(options.prefix.length)
    const cut = options.delimiter ? rest.indexOf(options.delimiter) : -1
    const entry = cut >= 0 ? `${options.prefix}${rest.slice(0, cut + options.delimiter!.length)}` : name
    if (entry <= after) continue
    if (cut >= 0) prefixes.add(entry)
    else items.push(entry)
  }
  const entries = [...[...prefixes].map((p) => ({ kind: "prefix" as const, name: p })), ...items.map((n) => ({ kind: "item" as const, name: n }))].sort(
    (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  )
  const page = entries.slice(0, options.maxResults)
  const last = page.at(-1)
  return {
    prefixes: page.filter((e) => e.kind === "prefix").map((e) => e.name),
    items: page.filter((e) => e.kind === "item").map((e) => ({ name: e.name, bucket })),
    ...(entries.length > page.length && last ? { nextPageToken: Buffer.from(last.name, "utf8").toString("base64url") } : {}),
  }
}

/** How an object is served, as far as its row tells (downloads check its bytes again). */
export function storedDeliveryOf(o: StoredObject): Delivery {
  return deliveryOf(writeAreaOf(o.name, o.ownerUserId ?? "")?.kind ?? null, kindOfStored(o.contentType, o.name))
}

/** The object resource the SDK reads (getMetadata, getDownloadURL, an upload's answer), with the type it is served with. */
export function resourceOf(o: StoredObject) {
  const delivery = storedDeliveryOf(o)
  return {
    kind: "storage#object",
    id: `${o.bucket}/${o.name}/${o.generation}`,
    name: o.name,
    bucket: o.bucket,
    generation: o.generation,
    metageneration: String(o.metageneration),
    contentType: delivery.contentType,
    storageClass: "STANDARD",
    size: String(o.size),
    md5Hash: o.md5Hash,
    contentEncoding: "identity",
    contentDisposition: delivery.inline ? "inline" : "attachment",
    etag: o.md5Hash,
    timeCreated: o.createdAt.toISOString(),
    updated: o.updatedAt.toISOString(),
    metadata: o.customMetadata,
    downloadTokens: o.downloadToken,
  }
}

export const newUploadId = () => randomBytes(18).toString("base64url")
