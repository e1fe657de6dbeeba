import type { Context } from "hono"
import { isDatabaseUnavailable } from "../db/unavailable.ts"
import {
  extensionOf,
  isOwnProfilePhoto,
  isOwnRecordFile,
  MEDICAL_RECORDS_FOLDER,
  PHOTO_MAX_BYTES,
  PROFILE_PHOTOS_FOLDER,
  profilePhotoPrefix,
  RECORD_EXTENSIONS,
  RECORD_MAX_BYTES,
} from "../../schemas/storagePaths.ts"
import { resolveSession } from "../auth/sessions.ts"
import type { AppEnv, Caller } from "../http/context.ts"
import type { AreaKind } from "./fileKinds.ts"

/** What a user may write at a path: its size limit and the file kinds allowed there. */
export interface WriteArea {
  readonly kind: AreaKind
  readonly maxBytes: number
}

/** Profile photos at profile-photos/user_{id}.{ext}, records under medical-records/{id}/: nothing else is writable. */
export function writeAreaOf(name: string, userId: string): WriteArea | null {
  if (isOwnProfilePhoto(name, userId)) return { kind: "photo", maxBytes: PHOTO_MAX_BYTES }
  if (isOwnRecordFile(name, userId) && (RECORD_EXTENSIONS as ReadonlyArray<string>).includes(extensionOf(name))) {
    return { kind: "record", maxBytes: RECORD_MAX_BYTES }
  }
  return null
}

/** Which listings a user may see, and which of the listed names are theirs to see. */
export function listFilterOf(prefix: string, userId: string): ((name: string) => boolean) | null {
  if (prefix === `${PROFILE_PHOTOS_FOLDER}/`) return (name) => name.startsWith(profilePhotoPrefix(userId))
  if (prefix === `${MEDICAL_RECORDS_FOLDER}/${userId}/`) return () => true
  return null
}

/**
 * The caller of a storage request: the SDK sends `Authorization: Firebase <token>`, the app's own
 * session token (see FIREBASE_STORAGE.md). Undefined without a header; a bad token is undefined too
 * and ends in 401.
 */
export async function storageCaller(c: Context<AppEnv>): Promise<Caller | undefined> {
  const match = /^Firebase\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")
  if (!match?.[1]) return undefined
  try {
    return await resolveSession(c.get("deps").db, match[1])
  } catch (error) {
    // A database out of reach is an outage (503, which the SDK retries), not a bad token.
    if (isDatabaseUnavailable(error)) throw error
    return undefined
  }
}
