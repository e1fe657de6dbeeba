import type { Context } from "hono"
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
  PHOTO_EXTENSIONS,
} from "../../schemas/storagePaths.ts"
import { resolveSession } from "../auth/sessions.ts"
import type { AppEnv, Caller } from "../http/context.ts"

/** What a user may write at a path: its size limit and the file kinds allowed there. */
export interface WriteArea {
  readonly kind: "photo" | "record"
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

type FileKind = "pdf" | "png" | "jpeg" | "gif" | "webp" | "ole" | "zip"

const startsWith = (bytes: Uint8Array, signature: ReadonlyArray<number>, at = 0) => signature.every((b, i) => bytes[at + i] === b)

/** The kind of file its first bytes say it is (magic numbers), whatever its name claims. */
export function sniff(head: Uint8Array): FileKind | null {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png"
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "jpeg"
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return "gif"
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return "webp"
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "ole"
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return "zip"
  return null
}

const KIND_OF_EXTENSION: Record<string, FileKind> = {
  ".pdf": "pdf",
  ".png": "png",
  ".jpg": "jpeg",
  ".jpeg": "jpeg",
  ".gif": "gif",
  ".webp": "webp",
  ".doc": "ole",
  ".docx": "zip",
}

/** The bytes are what the name says, and a kind the area accepts (images for photos; PDF, PNG, JPEG, DOC, DOCX for records). */
export function contentAllowed(name: string, area: WriteArea, head: Uint8Array): boolean {
  const extension = extensionOf(name)
  const allowed: ReadonlyArray<string> = area.kind === "photo" ? PHOTO_EXTENSIONS : RECORD_EXTENSIONS
  return allowed.includes(extension) && sniff(head) === KIND_OF_EXTENSION[extension]
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
  } catch {
    return undefined
  }
}
