import { createHash } from "node:crypto"
import path from "node:path"
import { Hono, type Context } from "hono"
import type { ContentfulStatusCode } from "hono/utils/http-status"
import { linkOrigin } from "../config.ts"
import type { AppEnv, Caller } from "../http/context.ts"
import { listFilterOf, storageCaller, writeAreaOf } from "./access.ts"
import { serveDownload } from "./downloads.ts"
import { downloadElsewhere } from "./filesOrigin.ts"
import { contentAllowed, mediaTypeOfBytes, SNIFF_BYTES } from "./fileKinds.ts"
import { BodyInterrupted, parseMultipart, readBodyLimited } from "./multipart.ts"
import { deleteObject, findObject, listObjects, ObjectFiles, putObject, resourceOf, updateObjectMetadata, type StoredObject } from "./objects.ts"
import { oneAtATime, storedRefusal } from "./quota.ts"
import { ResumableUploads, type UploadSession } from "./uploads.ts"
import { logFailure } from "../http/errorLog.ts"
import { outageAnswer } from "../http/outage.ts"
import { isDatabaseUnavailable } from "../db/unavailable.ts"

/** JSON bodies of metadata are small; anything bigger is refused before it is read in full. */
const METADATA_MAX_BYTES = 64 * 1024

type StorageContext = Context<AppEnv>

// Only c.json is needed: a middleware's context (its input typed `any` by Hono) fits as well as a handler's.
const fail = (c: Pick<StorageContext, "json">, status: ContentfulStatusCode, message: string) => c.json({ error: { code: status, message } }, status)

/** The SDK reads 402 as storage/quota-exceeded and does not retry it (429 would be retried for minutes). */
const QUOTA_EXCEEDED = 402

/** One object folder and one set of uploads under way per data folder. */
const stores = new Map<string, { files: ObjectFiles; uploads: ResumableUploads }>()
function storeOf(c: StorageContext) {
  const root = path.join(c.get("deps").config.dataDir, "storage")
  let store = stores.get(root)
  if (!store) {
    const files = new ObjectFiles(root)
    store = { files, uploads: new ResumableUploads(files) }
    store.uploads.startSweeping()
    stores.set(root, store)
  }
  return store
}

/** The object name of `/b/{bucket}/o/{name}`, taken from the raw path so encoded slashes stay names. */
function objectNameOf(c: StorageContext): string | null {
  const raw = new URL(c.req.url).pathname
  const at = raw.indexOf("/o/")
  if (at < 0) return null
  try {
    return decodeURIComponent(raw.slice(at + 3))
  } catch {
    return null
  }
}

const md5Base64 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("base64")

function stringMetadata(value: unknown): Record<string, string> {
  if (typeof value !== "object" || value === null) return {}
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([k, v]) => typeof v === "string" && k.length <= 100 && v.length <= 1000)
      .slice(0, 20) as Array<[string, string]>,
  )
}

/** A JSON metadata body: {} when empty, null when it is not a JSON object (or over the size limit). */
function metadataJson(body: Uint8Array | null): Record<string, unknown> | null {
  if (!body) return null
  if (body.length === 0) return {}
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(body))
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null
  } catch {
    return null
  }
}

async function requireCaller(c: StorageContext): Promise<Caller | Response> {
  const caller = await storageCaller(c)
  return caller ?? fail(c, 401, "Sign in to use storage")
}

/** The object of `/b/{bucket}/o/{name}` when the caller owns it; the error answer otherwise. */
async function ownObject(c: StorageContext): Promise<StoredObject | Response> {
  const caller = await requireCaller(c)
  if (caller instanceof Response) return caller
  const name = objectNameOf(c)
  const object = name ? await findObject(c.get("deps").db, c.req.param("bucket")!, name) : undefined
  if (!object) return fail(c, 404, "Not Found")
  if (object.ownerUserId !== caller.userId) return fail(c, 403, "Not allowed")
  return object
}

/**
 * The Firebase Storage REST surface the web SDK speaks to an emulator, served at /v0 over files in
 * <DATA_DIR>/storage with their metadata in storage_objects (see ../shared/FIREBASE_STORAGE.md).
 * A user writes, reads and deletes only their own paths; sizes and file kinds are checked here,
 * on the bytes, whatever the client says.
 */
export function storageRoutes() {
  const app = new Hono<AppEnv>()

  app.onError((error, c) => {
    // An upload paused or cancelled mid-chunk: the chunk is dropped, the session stays as it was.
    if (error instanceof BodyInterrupted) return fail(c, 400, "The body was interrupted")
    // The SDK retries a 503 with its own backoff.
    if (isDatabaseUnavailable(error)) return outageAnswer(c, error, { error: { code: 503, message: "Storage is briefly unavailable" } })
    // An object's name can say more about a patient than an id (a record's file name): route template and facts only.
    logFailure("storage", c, error)
    return fail(c, 500, "Something went wrong on our side")
  })

  app.use("/b/:bucket/*", async (c, next) => {
    if (c.req.param("bucket") !== c.get("deps").config.storageBucket) return fail(c, 404, "No such bucket")
    await next()
  })

  app.post("/b/:bucket/o", async (c) => {
    const uploadId = c.req.query("upload_id")
    if (uploadId) return continueUpload(c, uploadId)
    const caller = await requireCaller(c)
    if (caller instanceof Response) return caller
    const name = c.req.query("name")
    if (!name) return fail(c, 400, "The object name is missing")
    const area = writeAreaOf(name, caller.userId)
    if (!area) return fail(c, 403, "You may not write there")
    const protocol = c.req.header("x-goog-upload-protocol")
    const command = c.req.header("x-goog-upload-command")
    const { files, uploads } = storeOf(c)
    const bucket = c.req.param("bucket")

    if (protocol === "multipart") {
      // A body being read is an upload under way: it counts against the same limits as sessions.
      const announced = Number(c.req.header("content-length"))
      const reserved = Number.isSafeInteger(announced) && announced >= 0 ? Math.min(announced, area.maxBytes) : area.maxBytes
      const place = uploads.reserve(caller.userId, reserved)
      if ("refusal" in place) return fail(c, QUOTA_EXCEEDED, place.refusal)
      try {
        // This stored check only turns away a user already full; the exact one follows the read.
        const full = await storedRefusal(c.get("deps").db, bucket, caller.userId, name, 1)
        if (full) return fail(c, QUOTA_EXCEEDED, full)
        const body = await readBodyLimited(c.req.raw, area.maxBytes + METADATA_MAX_BYTES)
        if (!body) return fail(c, 413, "The file is too large")
        const upload = parseMultipart(c.req.header("content-type"), body)
        if (!upload) return fail(c, 400, "The multipart body is malformed")
        if (upload.bytes.length > area.maxBytes) return fail(c, 413, "The file is too large")
        const head = upload.bytes.subarray(0, SNIFF_BYTES)
        if (!contentAllowed(name, area.kind, head)) return fail(c, 400, "This kind of file is not accepted here")
        await files.ensureDirs()
        const stored = await storeWithinQuota(c, caller.userId, name, upload.bytes.length, () =>
          putObject(c.get("deps").db, files, {
            bucket,
            name,
            ownerUserId: caller.userId,
            // The declared type (metadata or part header) is ignored: the bytes say what this is.
            contentType: mediaTypeOfBytes(head),
            customMetadata: stringMetadata(upload.metadata.metadata),
            source: { bytes: upload.bytes },
            md5Hash: md5Base64(upload.bytes),
            size: upload.bytes.length,
          }),
        )
        return stored instanceof Response ? stored : c.json(resourceOf(stored))
      } finally {
        place.release()
      }
    }

    if (protocol === "resumable" && command === "start") {
      const total = Number(c.req.header("x-goog-upload-header-content-length"))
      if (!Number.isSafeInteger(total) || total < 1) return fail(c, 400, "The upload length is missing")
      if (total > area.maxBytes) return fail(c, 413, "The file is too large")
      await uploads.sweep()
      const place = uploads.reserve(caller.userId, total)
      if ("refusal" in place) return fail(c, QUOTA_EXCEEDED, place.refusal)
      let session: UploadSession
      try {
        const full = await storedRefusal(c.get("deps").db, bucket, caller.userId, name, total)
        if (full) return fail(c, QUOTA_EXCEEDED, full)
        const metadata = metadataJson(await readBodyLimited(c.req.raw, METADATA_MAX_BYTES))
        if (!metadata) return fail(c, 400, "The metadata is not JSON")
        session = await uploads.start({ bucket, name, userId: caller.userId, total, customMetadata: stringMetadata(metadata.metadata) })
      } finally {
        place.release()
      }
      const url = `${linkOrigin(c.get("deps").config)}/v0/b/${encodeURIComponent(bucket)}/o?name=${encodeURIComponent(name)}&upload_id=${session.id}&upload_protocol=resumable`
      c.header("X-Goog-Upload-Status", "active")
      c.header("X-Goog-Upload-URL", url)
      c.header("X-Goog-Upload-Chunk-Granularity", String(256 * 1024))
      return c.body(null, 200)
    }
    return fail(c, 400, "Unsupported upload protocol")
  })

  /** Chunks, status queries and the final chunk of a resumable upload. */
  async function continueUpload(c: StorageContext, uploadId: string) {
    const { files, uploads } = storeOf(c)
    const session = await uploads.get(uploadId)
    if (!session) return fail(c, 404, "No such upload, or it expired")
    const caller = await storageCaller(c)
    if (!caller) return fail(c, 401, "Sign in to use storage")
    if (caller.userId !== session.userId) return fail(c, 403, "This upload is not yours")
    uploads.touch(session)
    const commands = (c.req.header("x-goog-upload-command") ?? "").split(",").map((s) => s.trim())
    const status = (value: "active" | "final" | "cancelled") => {
      c.header("X-Goog-Upload-Status", value)
      c.header("X-Goog-Upload-Size-Received", String(session.received))
    }
    if (commands.includes("cancel")) {
      await uploads.drop(session)
      status("cancelled")
      return c.body(null, 200)
    }
    if (commands.includes("query")) {
      status(session.final ? "final" : "active")
      return c.body(null, 200)
    }
    if (session.busy) return fail(c, 409, "A chunk of this upload is being stored")
    session.busy = true
    try {
      if (commands.includes("upload")) {
        const offset = Number(c.req.header("x-goog-upload-offset"))
        if (offset !== session.received) {
          status("active")
          return fail(c, 400, `The offset must be ${session.received}`)
        }
        const bytes = await readBodyLimited(c.req.raw, session.total - session.received)
        if (!bytes) {
          await uploads.drop(session)
          return fail(c, 413, "More bytes than announced")
        }
        await uploads.append(session, bytes)
      }
      if (!commands.includes("finalize")) {
        status("active")
        return c.body(null, 200)
      }
      return await finalize(c, files, uploads, session)
    } finally {
      session.busy = false
    }
  }

  /** Only once every byte is stored and checked does the SDK hear `final` (FIREBASE_STORAGE.md). */
  async function finalize(c: StorageContext, files: ObjectFiles, uploads: ResumableUploads, session: UploadSession) {
    if (session.received !== session.total) {
      c.header("X-Goog-Upload-Status", "active")
      c.header("X-Goog-Upload-Size-Received", String(session.received))
      return fail(c, 400, "The upload is not complete")
    }
    const area = writeAreaOf(session.name, session.userId)
    if (!area || !contentAllowed(session.name, area.kind, session.head)) {
      await uploads.drop(session)
      return fail(c, 400, "This kind of file is not accepted here")
    }
    const stored = await storeWithinQuota(c, session.userId, session.name, session.total, () =>
      putObject(c.get("deps").db, files, {
        bucket: session.bucket,
        name: session.name,
        ownerUserId: session.userId,
        contentType: mediaTypeOfBytes(session.head),
        customMetadata: session.customMetadata,
        source: { file: session.file },
        md5Hash: session.md5.digest("base64"),
        size: session.total,
      }),
    )
    if (stored instanceof Response) {
      await uploads.drop(session)
      return stored
    }
    session.final = true
    await uploads.drop(session)
    c.header("X-Goog-Upload-Status", "final")
    c.header("X-Goog-Upload-Size-Received", String(session.total))
    return c.json(resourceOf(stored))
  }

  /** Stores an object unless it would take the user past their stored limits (checked and written as one step per user); the refusal otherwise. */
  async function storeWithinQuota(
    c: StorageContext,
    userId: string,
    name: string,
    size: number,
    store: () => Promise<StoredObject>,
  ): Promise<StoredObject | Response> {
    return oneAtATime(userId, async () => {
      const refusal = await storedRefusal(c.get("deps").db, c.req.param("bucket")!, userId, name, size)
      return refusal ? fail(c, QUOTA_EXCEEDED, refusal) : store()
    })
  }

  app.get("/b/:bucket/o", async (c) => {
    const caller = await requireCaller(c)
    if (caller instanceof Response) return caller
    const prefix = c.req.query("prefix") ?? ""
    const visible = listFilterOf(prefix, caller.userId)
    if (!visible) return fail(c, 403, "You may not list there")
    const maxResults = Number(c.req.query("maxResults") ?? 1000)
    if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > 1000) return fail(c, 400, "maxResults must be 1 to 1000")
    return c.json(
      await listObjects(c.get("deps").db, c.req.param("bucket"), {
        prefix,
        delimiter: c.req.query("delimiter") || undefined,
        pageToken: c.req.query("pageToken") || undefined,
        maxResults,
        visible,
      }),
    )
  })

  app.get("/b/:bucket/o/*", async (c) => {
    const name = objectNameOf(c)
    if (!name) return fail(c, 400, "The object name is malformed")
    const object = await findObject(c.get("deps").db, c.req.param("bucket"), name)
    if (c.req.query("alt") === "media") {
      const elsewhere = downloadElsewhere(c)
      if (elsewhere) return c.redirect(elsewhere, 307)
      // A download URL carries its token: that is the whole permission (getDownloadURL).
      const token = c.req.query("token")
      const caller = token ? undefined : await storageCaller(c)
      if (!object) return fail(c, 404, "Not Found")
      if (token !== object.downloadToken && caller?.userId !== object.ownerUserId) return fail(c, 403, "Not allowed")
      return (await serveDownload(c, storeOf(c).files, object)) ?? fail(c, 404, "Not Found")
    }
    const caller = await requireCaller(c)
    if (caller instanceof Response) return caller
    if (!object) return fail(c, 404, "Not Found")
    if (object.ownerUserId !== caller.userId) return fail(c, 403, "Not allowed")
    return c.json(resourceOf(object))
  })

  app.patch("/b/:bucket/o/*", async (c) => {
    const object = await ownObject(c)
    if (object instanceof Response) return object
    const changes = metadataJson(await readBodyLimited(c.req.raw, METADATA_MAX_BYTES))
    if (!changes) return fail(c, 400, "The metadata is not JSON")
    // A contentType here is ignored, like the one of an upload: the type is the bytes' (SDK updateMetadata still works).
    const updated = await updateObjectMetadata(c.get("deps").db, object, {
      ...(changes.metadata !== undefined ? { customMetadata: stringMetadata(changes.metadata) } : {}),
    })
    return c.json(resourceOf(updated))
  })

  app.delete("/b/:bucket/o/*", async (c) => {
    const object = await ownObject(c)
    if (object instanceof Response) return object
    await deleteObject(c.get("deps").db, storeOf(c).files, object)
    return c.body(null, 204)
  })

  return app
}
