import { extensionOf, PHOTO_EXTENSIONS, RECORD_EXTENSIONS } from "../../schemas/storagePaths.ts"

/** The folders a user may write to: profile photos and medical records. */
export type AreaKind = "photo" | "record"

export type FileKind = "pdf" | "png" | "jpeg" | "gif" | "webp" | "ole" | "zip"

/** How many first bytes `sniff` looks at (WEBP needs 12). */
export const SNIFF_BYTES = 16

const startsWith = (bytes: Uint8Array, signature: ReadonlyArray<number>, at = 0) => signature.every((b, i) => bytes[at + i] === b)

/** The kind of file its first bytes say it is (magic numbers), whatever its name or the client claims. */
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

/** The one type each kind is ever served with; a client's declared type is never used. */
const MEDIA_TYPE: Record<FileKind, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  ole: "application/msword",
  zip: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
}

/** Photos: JPEG, PNG, WEBP, GIF. Records: PDF, JPEG, PNG, DOC, DOCX (SPEC §5). */
const KINDS_OF_AREA: Record<AreaKind, ReadonlyArray<FileKind>> = {
  photo: ["png", "jpeg", "gif", "webp"],
  record: ["pdf", "png", "jpeg", "ole", "zip"],
}

/** Only raster images are shown in place; everything else is a download (a PDF viewer runs scripts). */
const INLINE_KINDS: ReadonlySet<FileKind> = new Set(["png", "jpeg", "gif", "webp"])

/** The bytes are what the name says, and a kind the area accepts. */
export function contentAllowed(name: string, area: AreaKind, head: Uint8Array): boolean {
  const extension = extensionOf(name)
  const allowed: ReadonlyArray<string> = area === "photo" ? PHOTO_EXTENSIONS : RECORD_EXTENSIONS
  const kind = sniff(head)
  return allowed.includes(extension) && kind !== null && kind === KIND_OF_EXTENSION[extension] && KINDS_OF_AREA[area].includes(kind)
}

/** The type stored with new bytes: the sniffed one (callers have checked contentAllowed first). */
export function mediaTypeOfBytes(head: Uint8Array): string {
  const kind = sniff(head)
  return kind ? MEDIA_TYPE[kind] : "application/octet-stream"
}

/** How an object is handed out: its type, and whether a browser may show it in place. */
export interface Delivery {
  readonly contentType: string
  readonly inline: boolean
}

const OPAQUE: Delivery = { contentType: "application/octet-stream", inline: false }

/** Delivery of a kind found in an area: its own type when the area allows it, else an opaque download. */
export function deliveryOf(area: AreaKind | null, kind: FileKind | null): Delivery {
  if (!area || !kind || !KINDS_OF_AREA[area].includes(kind)) return OPAQUE
  return { contentType: MEDIA_TYPE[kind], inline: INLINE_KINDS.has(kind) }
}

/**
 * The kind of a stored object from its row: its stored type, or for rows written before types
 * came from the bytes (they hold whatever the client declared) its name's extension, which
 * contentAllowed has always required to match the bytes' signature.
 */
export function kindOfStored(type: string, name: string): FileKind | null {
  const found = Object.entries(MEDIA_TYPE).find(([, t]) => t === type)
  return found ? (found[0] as FileKind) : (KIND_OF_EXTENSION[extensionOf(name)] ?? null)
}
