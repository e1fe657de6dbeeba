import { createHash } from "node:crypto"
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import path from "node:path"
import { brotliCompressSync, constants, gzipSync } from "node:zlib"
import type { Context } from "hono"

interface StaticFile {
  readonly body: Buffer
  readonly gzip: Buffer | undefined
  readonly brotli: Buffer | undefined
  readonly type: string
  readonly etag: string
  readonly immutable: boolean
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
}
const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".svg", ".txt", ".webmanifest"])

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? walk(full) : [full]
  })
}

/**
 * The built SPA, read once into memory with gzip and brotli variants made up front, so each
 * request is a map lookup. Hashed assets are cached for a year; HTML is revalidated by ETag.
 */
export class StaticSite {
  private readonly files = new Map<string, StaticFile>()

  constructor(readonly root: string) {
    if (!existsSync(root)) return
    for (const file of walk(root)) {
      const ext = path.extname(file)
      const body = readFileSync(file)
      const compress = COMPRESSIBLE.has(ext) && body.length > 512
      const urlPath = "/" + path.relative(root, file).split(path.sep).join("/")
      this.files.set(urlPath, {
        body,
        gzip: compress ? gzipSync(body, { level: 9 }) : undefined,
        brotli: compress ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : undefined,
        type: TYPES[ext] ?? "application/octet-stream",
        etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
        immutable: urlPath.startsWith("/assets/"),
      })
    }
  }

  get isBuilt(): boolean {
    return this.files.has("/index.html")
  }

  has(urlPath: string): boolean {
    return this.files.has(urlPath)
  }

  /** Answers a file, or the SPA's HTML for client-side routes (the prerendered landing for /). */
  serve(c: Context, urlPath: string): Response | undefined {
    const file =
      this.files.get(urlPath) ??
      (urlPath === "/" ? this.files.get("/index.html") : undefined) ??
      (path.extname(urlPath) === "" ? (this.files.get("/app-shell.html") ?? this.files.get("/index.html")) : undefined)
    if (!file) return undefined
    const headers: Record<string, string> = {
      "Content-Type": file.type,
      "Cache-Control": file.immutable ? "public, max-age=31536000, immutable" : "no-cache",
      ETag: file.etag,
      Vary: "Accept-Encoding",
    }
    if (c.req.header("if-none-match") === file.etag) return new Response(null, { status: 304, headers })
    const accept = c.req.header("accept-encoding") ?? ""
    let body = file.body
    if (file.brotli && /\bbr\b/.test(accept)) {
      body = file.brotli
      headers["Content-Encoding"] = "br"
    } else if (file.gzip && /\bgzip\b/.test(accept)) {
      body = file.gzip
      headers["Content-Encoding"] = "gzip"
    }
    headers["Content-Length"] = String(body.length)
    return new Response(c.req.method === "HEAD" ? null : new Uint8Array(body), { status: 200, headers })
  }
}
