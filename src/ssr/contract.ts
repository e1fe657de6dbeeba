import path from "node:path"
import type { Language } from "../i18n/languages.ts"

/*
 * What the build (scripts/prerender.ts), the server (server/http/ssr.ts) and the server renderer
 * (src/ssr/serverEntry.tsx) agree on. Node only: the browser never imports this module.
 */

/** Where `npm run build` puts the server renderer: beside the client build, never inside it (that folder is served as it is). */
export const ssrDirOf = (clientDir: string): string => path.join(path.dirname(path.resolve(clientDir)), `${path.basename(path.resolve(clientDir))}-ssr`)
export const SSR_ENTRY_FILE = "serverEntry.js"
/** Per page and language, the <head> lines that announce what the page loads after the shell. */
export const SSR_HEADS_FILE = "heads.json"
/** The shell of the pages the server draws: the app shell with the takeover script (src/ssr/takeover.js). */
export const SSR_SHELL_FILE = "page-shell.html"

/** The pages rendered on each request, named as scripts/bundleBudget.ts names their routes in ROUTES. */
export const SSR_PAGES = ["/doctors", "/doctors/{id}", "/facilities"] as const
export type SsrPage = (typeof SSR_PAGES)[number]

/** Which server-rendered page an address shows, if any (every other address gets the app shell). */
export function ssrPageOf(pathname: string): SsrPage | null {
  if (pathname === "/doctors" || pathname === "/doctors/search") return "/doctors"
  if (pathname === "/facilities") return "/facilities"
  if (/^\/doctors\/[^/]+$/.test(pathname)) return "/doctors/{id}"
  return null
}

/** Modules each page's loader imports beside its screen (its queries, and the module that hydrates them). */
export const SSR_PAGE_MODULES: Record<SsrPage, ReadonlyArray<string>> = {
  "/doctors": ["src/api/doctors.ts", "src/ssr/queryCache.ts"],
  "/doctors/{id}": ["src/api/doctors.ts", "src/ssr/queryCache.ts"],
  "/facilities": ["src/api/facilities.ts", "src/ssr/queryCache.ts"],
}

export type SsrHeads = Record<SsrPage, Record<Language, string>>

/** A page as the server renderer drew it for a visitor. */
export interface RenderedPage {
  /** 200, 404 when what the page shows does not exist, or 302 with `redirect`. */
  readonly status: number
  /**
   * The address to send the visitor to instead, when the one asked for is another spelling of it
   * (a search value the page drops) or a page beyond the last: a path of this app, without the
   * login parameters and lang, which the server puts back (src/session/address.ts).
   */
  readonly redirect?: string
  /** The markup of #root. */
  readonly markup: string
  /** The text of the page's JSON data block (src/ssr/pageData.ts), "" when it carries nothing. */
  readonly data: string
  /** Milliseconds spent loading the route and its queries, then drawing the markup. */
  readonly timings: { readonly load: number; readonly draw: number }
}

/** The address a page is rendered for: as the browser will see it once started, and in which language. */
export interface PageAddress {
  readonly href: string
  readonly language: Language
  /** No answer to the cookie banner came with the request: the page is drawn with the banner. */
  readonly askCookies: boolean
}

/** The gateway as the renderer calls it: the Hono app's `request`, in the same process. */
export type Gateway = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

/** The module scripts/prerender.ts builds from src/ssr/serverEntry.tsx. */
export interface ServerEntry {
  readonly PRERENDER_LANGUAGE: Language
  renderLanding(): Promise<string>
  pageAddressOf(url: URL, cookieHeader: string | null): PageAddress
  renderPage(address: PageAddress, gateway: Gateway): Promise<RenderedPage>
}
