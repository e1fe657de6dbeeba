import { existsSync, readFileSync } from "node:fs"
import path from "node:path"
import { pathToFileURL } from "node:url"
import { brotliCompressSync, constants, gzipSync } from "node:zlib"
import type { Context } from "hono"
import {
  SSR_ENTRY_FILE,
  SSR_HEADS_FILE,
  SSR_SHELL_FILE,
  ssrDirOf,
  ssrPageOf,
  type Gateway,
  type PageAddress,
  type ServerEntry,
  type SsrHeads,
} from "../../src/ssr/contract.ts"
import { withAddressParams } from "../../src/session/address.ts"
import { pageDocument } from "../../src/ssr/document.ts"
import { errorFacts } from "./errorLog.ts"
import { scoped } from "../observability/log.ts"

const log = scoped("ssr")

/** A rendered page is served again for this long to visitors asking for the same address in the same language. */
export const PAGE_CACHE_MS = 5_000
const PAGE_CACHE_ENTRIES = 200
/** A render slower than this gives way to the app shell (the browser then draws the page itself). */
export const RENDER_TIMEOUT_MS = 3_000

interface Renderer {
  readonly entry: ServerEntry
  readonly shell: string
  readonly heads: SsrHeads
}

interface RenderedDocument {
  readonly status: number
  readonly language: string
  readonly html: Buffer
  /** Where a 302 sends the visitor: kept without the request's own parameters (a session token is no one else's), which `redirectResponse` puts back. */
  readonly redirect?: string
  /** Server-Timing entries of the render: loading the route and its data, drawing, in all. */
  readonly timing: string
  gzip?: Buffer
  brotli?: Buffer
}

interface CacheEntry {
  readonly expires: number
  readonly page: Promise<RenderedDocument>
}

/**
 * Server-side rendering of the public data pages (/doctors, /doctors/search, /doctors/{id},
 * /facilities) for visitors, per request, with their data, in the visitor's language (`?lang=`,
 * else the promed_lang cookie, else French). The renderer is the bundle `npm run build` makes
 * (src/ssr/serverEntry.tsx, built by scripts/prerender.ts beside the client build); its API calls
 * go to this app in the same process. Without that bundle (e.g. `npm run dev`), or when a render
 * fails or is slow, the request gets the app shell as before, and the browser draws the page.
 *
 * Every render is a visitor's (the session token never reaches the server with a page request),
 * so a rendered page is the same for every visitor: it is kept a few seconds per address and
 * language, which absorbs bursts; nothing session-specific is ever cached. The HTML itself is
 * `no-cache`, and the Server-Timing header tells how long the render took.
 */
export class PageRenderer {
  private readonly renderer: Promise<Renderer | null>
  private readonly cache = new Map<string, CacheEntry>()

  constructor(
    staticDir: string,
    private readonly gateway: Gateway,
  ) {
    this.renderer = loadRenderer(staticDir)
  }

  /** Whether a request is for a page this renderer draws: an HTML GET (or HEAD) of one of its addresses. */
  static wants(c: Context): boolean {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return false
    const accept = c.req.header("accept")
    if (accept && !/text\/html|\*\/\*/.test(accept)) return false
    return ssrPageOf(new URL(c.req.url).pathname) !== null
  }

  /** The rendered page, or undefined when the shell should answer instead. */
  async serve(c: Context): Promise<Response | undefined> {
    const renderer = await this.renderer
    if (!renderer) return undefined
    const url = new URL(c.req.url)
    const page = ssrPageOf(url.pathname)
    if (!page) return undefined
    const address = renderer.entry.pageAddressOf(url, c.req.header("cookie") ?? null)
    const key = `${address.language} ${address.askCookies ? "ask" : "answered"} ${address.href}`
    const now = Date.now()
    let entry = this.cache.get(key)
    const hit = entry !== undefined && entry.expires > now
    if (!entry || !hit) {
      const rendering = this.render(renderer, address, renderer.heads[page][address.language])
      entry = { expires: now + PAGE_CACHE_MS, page: rendering }
      this.remember(key, entry)
      // A failed render is not kept: the next request tries again.
      rendering.catch(() => this.cache.get(key) === entry && this.cache.delete(key))
    }
    let document: RenderedDocument
    try {
      document = await entry.page
    } catch (error) {
      const { name, frames } = errorFacts(error)
      log.error({ page, path: url.pathname, error: name, frames }, "render failed, serving the app shell")
      return undefined
    }
    if (document.redirect !== undefined) return redirectResponse(c, document.redirect, document.timing, url)
    return respond(c, document, hit)
  }

  private async render(renderer: Renderer, address: PageAddress, head: string): Promise<RenderedDocument> {
    const started = performance.now()
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no render after ${RENDER_TIMEOUT_MS} ms`)), RENDER_TIMEOUT_MS)
    })
    try {
      const page = await Promise.race([renderer.entry.renderPage(address, this.gateway), timeout])
      const total = performance.now() - started
      if (page.redirect !== undefined) {
        return { status: page.status, language: address.language, html: Buffer.alloc(0), redirect: page.redirect, timing: `ssr;dur=${total.toFixed(1)}` }
      }
      const html = pageDocument(renderer.shell, { language: address.language, head, markup: page.markup, href: address.href, data: page.data })
      const timing = `load;dur=${page.timings.load.toFixed(1)}, draw;dur=${page.timings.draw.toFixed(1)}, ssr;dur=${total.toFixed(1)}`
      return { status: page.status, language: address.language, html: Buffer.from(html), timing }
    } finally {
      clearTimeout(timer)
    }
  }

  private remember(key: string, entry: CacheEntry): void {
    this.cache.delete(key)
    this.cache.set(key, entry)
    const now = Date.now()
    for (const [old, value] of this.cache) {
      if (this.cache.size <= PAGE_CACHE_ENTRIES && value.expires > now) break
      this.cache.delete(old)
    }
  }
}

async function loadRenderer(staticDir: string): Promise<Renderer | null> {
  const ssrDir = ssrDirOf(staticDir)
  const entryFile = path.join(ssrDir, SSR_ENTRY_FILE)
  const shellFile = path.join(ssrDir, SSR_SHELL_FILE)
  const headsFile = path.join(ssrDir, SSR_HEADS_FILE)
  if (![entryFile, shellFile, headsFile].every((file) => existsSync(file))) return null
  try {
    const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry
    return { entry, shell: readFileSync(shellFile, "utf8"), heads: JSON.parse(readFileSync(headsFile, "utf8")) as SsrHeads }
  } catch (error) {
    const code = (error as { code?: unknown }).code
    const { name, frames } = errorFacts(error)
    log.error(
      { entryFile, error: name, frames, ...(typeof code === "string" ? { code } : {}) },
      "cannot load the server renderer: the public pages are served as the app shell",
    )
    return null
  }
}

/** The address this page lives at, with the request's language and login parameters put back. */
function redirectResponse(c: Context, target: string, timing: string, url: URL): Response {
  return c.body(null, 302, {
    Location: withAddressParams(target, url.search),
    "Cache-Control": "no-cache",
    Vary: "Accept-Encoding, Cookie",
    "Server-Timing": timing,
  })
}

function respond(c: Context, document: RenderedDocument, hit: boolean): Response {
  const headers: Record<string, string> = {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-cache",
    "Content-Language": document.language,
    Vary: "Accept-Encoding, Cookie",
    "Server-Timing": hit ? 'ssr;desc="cached"' : document.timing,
  }
  const accept = c.req.header("accept-encoding") ?? ""
  let body = document.html
  if (/\bbr\b/.test(accept)) {
    body = document.brotli ??= brotliCompressSync(document.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    headers["Content-Encoding"] = "br"
  } else if (/\bgzip\b/.test(accept)) {
    body = document.gzip ??= gzipSync(document.html, { level: 6 })
    headers["Content-Encoding"] = "gzip"
  }
  headers["Content-Length"] = String(body.length)
  return new Response(c.req.method === "HEAD" ? null : new Uint8Array(body), { status: document.status, headers })
}
