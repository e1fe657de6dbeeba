import { Readable } from "node:stream"
import type { Context } from "hono"
import type { AppEnv } from "../http/context.ts"
import { writeAreaOf } from "./access.ts"
import { deliveryOf, sniff, type Delivery } from "./fileKinds.ts"
import { onFilesOrigin } from "./filesOrigin.ts"
import { readObject, readObjectHead, type ObjectFiles, type StoredObject } from "./objects.ts"

/**
 * Scripts never run from a user's file, even if a browser took it for a page: no sources at all,
 * and a sandbox that gives the document an opaque origin (no cookies, no storage of ours).
 */
export const DOWNLOAD_CSP = "default-src 'none'; sandbox"

/** The object's last path segment with only letters, digits, dot, dash and underscore: safe inside a quoted header value. */
export function safeFileName(name: string): string {
  const base = name.slice(name.lastIndexOf("/") + 1)
  const safe = base
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/^[._]+/, "")
    .slice(-100)
  return safe || "file"
}

/** The headers every download carries; they replace the app's own (see securityHeaders). */
export function downloadHeaders(name: string, delivery: Delivery, fromFilesOrigin = false): Record<string, string> {
  return {
    "Content-Type": delivery.contentType,
    "Content-Disposition": delivery.inline ? "inline" : `attachment; filename="${safeFileName(name)}"`,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": DOWNLOAD_CSP,
    // Our pages show the photos; other sites may not embed or read them. From a files origin of
    // its own, our pages are another origin: the token in the URL is then the only key.
    "Cross-Origin-Resource-Policy": fromFilesOrigin ? "cross-origin" : "same-origin",
    "Cache-Control": "private, max-age=3600",
  }
}

/**
 * Streams an object with the type its bytes show (checked again here), whatever its row or its
 * uploader said; null when its file is gone.
 */
export async function serveDownload(c: Context<AppEnv>, files: ObjectFiles, object: StoredObject): Promise<Response | null> {
  const head = await readObjectHead(files, object).catch(() => null)
  if (!head) return null
  const area = writeAreaOf(object.name, object.ownerUserId ?? "")?.kind ?? null
  const delivery = deliveryOf(area, sniff(head))
  for (const [header, value] of Object.entries(downloadHeaders(object.name, delivery, onFilesOrigin(c)))) c.header(header, value)
  c.header("Content-Length", String(object.size))
  return c.body(Readable.toWeb(readObject(files, object)) as ReadableStream, 200)
}
