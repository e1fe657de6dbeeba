import type { Context } from "hono"
import { linkOrigin } from "../config.ts"
import type { Db } from "../db/client.ts"
import type { AppEnv } from "../http/context.ts"
import { ApiError } from "../http/errors.ts"
import type { AreaKind } from "./fileKinds.ts"
import { writeAreaOf } from "./access.ts"
import { findObject } from "./objects.ts"

/** Where this deployment's download URLs point: its origin and its bucket, and a real Firebase bucket when one is used. */
export interface StorageSite {
  readonly origin: string
  readonly bucket: string
  readonly firebaseBucket?: string
}

/** Where Firebase serves a real project's downloads (getDownloadURL). */
const FIREBASE_DOWNLOADS = "https://firebasestorage.googleapis.com"

/** Our origin as the upload URLs spell it (linkOrigin: PUBLIC_ORIGIN, never the request's Host header). */
export function storageSiteOf(c: Context<AppEnv>): StorageSite {
  const { config } = c.get("deps")
  return {
    origin: linkOrigin(config),
    bucket: config.storageBucket,
    ...(config.firebaseStorageBucket ? { firebaseBucket: config.firebaseStorageBucket } : {}),
  }
}

/**
 * Whether `url` is exactly a download URL of our storage, `{origin}/v0/b/{bucket}/o/{name}?alt=media&token={token}`,
 * for an object that exists, that `userId` owns in that folder, with its current token. Names are
 * compared in the SDK's own encoding (encodeURIComponent), so no double or partial encoding gets by.
 */
export async function isOwnDownloadUrl(db: Db, site: StorageSite, url: string, area: AreaKind, userId: string): Promise<boolean> {
  // Whitespace, control characters and backslashes are mended by URL parsers in ways a reader may not expect.
  if (/[\s\\\u0000-\u001f\u007f]/.test(url)) return false
  const parsed = URL.parse(url)
  if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) return false
  // A real Firebase project's objects are not ours to look up: their paths are checked, and its security rules do the rest.
  const onFirebase = site.firebaseBucket !== undefined && parsed.origin === FIREBASE_DOWNLOADS
  if ((parsed.origin !== site.origin && !onFirebase) || parsed.username || parsed.password || parsed.hash) return false
  const prefix = `/v0/b/${encodeURIComponent(onFirebase ? site.firebaseBucket : site.bucket)}/o/`
  if (!parsed.pathname.startsWith(prefix)) return false
  const encoded = parsed.pathname.slice(prefix.length)
  let name: string
  try {
    name = decodeURIComponent(encoded)
  } catch {
    return false
  }
  if (encodeURIComponent(name) !== encoded || writeAreaOf(name, userId)?.kind !== area) return false
  const keys = [...parsed.searchParams.keys()].sort()
  const token = parsed.searchParams.get("token")
  if (keys.join("&") !== "alt&token" || parsed.searchParams.get("alt") !== "media" || !token) return false
  if (onFirebase) return true
  const object = await findObject(db, site.bucket, name)
  return object !== undefined && object.ownerUserId === userId && object.downloadToken === token
}

/** Passes when `url` is absent, null, the value already stored, or a download URL of the user's own photo; a field error otherwise. */
export async function requireOwnPhotoUrl(db: Db, site: StorageSite, url: string | null | undefined, current: string | null, userId: string): Promise<void> {
  if (url === undefined || url === null || url === current) return
  if (await isOwnDownloadUrl(db, site, url, "photo", userId)) return
  throw new ApiError("VALIDATION_ERROR", "The photo must be one you uploaded", [{ name: "photoUrl", message: "validation.photoUrlInvalid" }])
}

/** Passes when every attachment is a download URL of the user's own medical-record file; a field error on the first that is not. */
export async function requireOwnAttachments(db: Db, site: StorageSite, attachments: ReadonlyArray<{ readonly url: string }>, userId: string): Promise<void> {
  for (const [index, attachment] of attachments.entries()) {
    if (await isOwnDownloadUrl(db, site, attachment.url, "record", userId)) continue
    throw new ApiError("VALIDATION_ERROR", "Attachments must be files you uploaded", [
      { name: `attachments.${index}.url`, message: "validation.attachmentInvalid" },
    ])
  }
}
