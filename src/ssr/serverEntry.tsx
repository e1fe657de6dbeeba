/**
 * The server renderer, built by scripts/prerender.ts (Vite's SSR build, one file) into
 * `dist/client-ssr/serverEntry.js`. It draws the app as a visitor's browser will draw it first:
 *  - at build time, `/` in French (renderLanding), written into index.html;
 *  - on each request (server/http/ssr.ts), the public data pages in the visitor's language with
 *    their data (renderPage): the route loaders warm React Query against the gateway in the same
 *    process, the render waits for those queries, and the settled ones travel in the page's JSON
 *    data block for the browser to hydrate (src/main.tsx).
 * The session is always the visitor's: the token lives in the tab's session storage, which the
 * server never sees. The markup may hold no <script> (the content security policy forbids inline
 * scripts): a render that would is refused, and the server falls back to the app shell.
 */
import { AsyncLocalStorage } from "node:async_hooks"
import type { QueryClient } from "@tanstack/react-query"
import { createMemoryHistory } from "@tanstack/react-router"
import i18next, { type i18n } from "i18next"
import type { ReactNode } from "react"
import { prerender } from "react-dom/static"
import { loaders } from "virtual:locale-sections"
import { configureApiClient } from "../api/client.ts"
import { createQueryClient } from "../api/queryClient.ts"
import { createAppActors } from "../appContext.tsx"
import { AppRoot } from "../appRoot.tsx"
import { initI18n } from "../i18n/i18n.ts"
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, LANGUAGES, type Language } from "../i18n/languages.ts"
import { cookiesAnsweredIn } from "../layout/cookieQuestion.ts"
import { createAppRouter } from "../router.ts"
import { readAddress, strippedAddress } from "../session/address.ts"
import type { Gateway, PageAddress, RenderedPage } from "./contract.ts"
import { serializeQueryCache } from "./queryCache.ts"

/** The language of the prerendered landing: a visitor's first visit, before any choice. */
export const PRERENDER_LANGUAGE: Language = DEFAULT_LANGUAGE

// The gateway of the render in progress: API calls go to it in the same process, never over HTTP.
const gatewayOfRender = new AsyncLocalStorage<Gateway>()
configureApiClient({
  getToken: () => null,
  onSessionError: () => {},
  fetch: (input, init) => {
    const gateway = gatewayOfRender.getStore()
    return gateway ? gateway(input, init) : Promise.reject(new Error("no gateway for this render"))
  },
})

async function everySection(language: Language): Promise<Record<string, unknown>> {
  // Each module once: the sections of a group share theirs.
  const modules = await Promise.all([...new Set(Object.values(loaders[language]))].map(async (load) => (await load()).default))
  return Object.assign({}, ...modules) as Record<string, unknown>
}

let languages: Promise<Record<Language, i18n>> | undefined

/**
 * One i18next per language, holding every text: concurrent renders in different languages never
 * share a current language. The global i18next is started too, for the routes' ensureTexts.
 * Started as soon as the server loads this module, so the first visitor does not wait for it.
 */
function startLanguages(): Promise<Record<Language, i18n>> {
  languages ??= (async () => {
    await initI18n(DEFAULT_LANGUAGE)
    const resources = Object.fromEntries(await Promise.all(LANGUAGES.map(async (l) => [l, { translation: await everySection(l) }] as const)))
    const instances = await Promise.all(
      LANGUAGES.map(async (language) => {
        const instance = i18next.createInstance()
        await instance.init({ lng: language, fallbackLng: DEFAULT_LANGUAGE, resources, interpolation: { escapeValue: false } })
        return [language, instance] as const
      }),
    )
    return Object.fromEntries(instances) as Record<Language, i18n>
  })()
  return languages
}

startLanguages().catch((error: unknown) => {
  // The next render tries again.
  languages = undefined
  console.error("[ssr] the texts could not be loaded", error)
})

/** The language of a Cookie header's promed_lang, if it holds one (the browser keeps it in step, src/main.tsx). */
function cookieLanguage(cookieHeader: string | null): Language | null {
  const value = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(cookieHeader ?? "")?.[1]?.trim()
  return isLanguage(value) ? value : null
}

/** The address as the browser will hold it once started (login parameters and lang stripped), and its language: `?lang=` first, then the cookie, else French. */
export function pageAddressOf(url: URL, cookieHeader: string | null): PageAddress {
  const { urlLanguage } = readAddress(url.search)
  return {
    href: strippedAddress(url.pathname, url.search, ""),
    language: urlLanguage ?? cookieLanguage(cookieHeader) ?? DEFAULT_LANGUAGE,
    askCookies: !cookiesAnsweredIn(cookieHeader),
  }
}

/** Waits for the queries the loaders started (a query may start another: a few rounds at most). */
async function settle(queryClient: QueryClient): Promise<void> {
  for (let round = 0; round < 3; round++) {
    const fetching = queryClient.getQueryCache().findAll({ fetchStatus: "fetching" })
    if (fetching.length === 0) return
    await Promise.allSettled(fetching.flatMap((query) => (query.promise ? [query.promise] : [])))
  }
}

/**
 * A page whose subject (a doctor) does not exist is a 404, though it shows its own not-found text;
 * so is an address the route table refuses (an id that cannot be one, src/routes/params.ts).
 */
function statusOf(queryClient: QueryClient, router: ReturnType<typeof createAppRouter>): number {
  if (router.state.matches.some((match) => match.status === "notFound")) return 404
  const missing = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => query.queryKey[1] === "detail", type: "all" })
    .some((query) => {
      const status = query.state.error?.status
      return typeof status === "number" && status >= 400 && status < 500
    })
  return missing ? 404 : 200
}

/**
 * Where the route table sends this address instead, if anywhere: to its canonical spelling (the
 * router's own check), or where a loader redirects (a page beyond the last, src/routes/lastPage.ts).
 * Drawn as asked, such a page would be empty, and the browser would start the app to move on.
 */
function redirectOf(router: ReturnType<typeof createAppRouter>): string | undefined {
  const result = router._serverResult
  if (result?.type !== "redirect") return undefined
  const href = result.redirect.headers.get("Location") ?? result.redirect.options.href
  // Only a path of this app: anything else is not the renderer's to send a visitor to.
  if (typeof href !== "string" || !/^\/(?![/\\])/.test(href)) throw new Error(`the route table redirects to ${JSON.stringify(href)}, not a path of this app`)
  return href
}

/** Redirects followed on the server at most (a spelling, then a page beyond the last, is two). */
const MAX_REDIRECTS = 4

/**
 * The address a chain of redirects ends at: a hand-written `/facilities?type=SPA&page=999` is
 * respelt, then sent to the last page. The phone is sent there at once, one round trip on a slow
 * link instead of one per step.
 */
async function whereRedirectsLand(first: string, routerAt: (href: string) => ReturnType<typeof createAppRouter>): Promise<string> {
  let current = first
  for (let hop = 1; hop < MAX_REDIRECTS; hop++) {
    const router = routerAt(current)
    await router.load()
    const next = redirectOf(router)
    if (next === undefined || next === current) return current
    current = next
  }
  return current
}

/** The whole markup, lazy chunks and Suspense boundaries resolved (unlike renderToString), so the browser hydrates it without redrawing any part. */
async function toHtml(element: ReactNode): Promise<string> {
  const errors: unknown[] = []
  // No size limit on a boundary: React would otherwise move big ones after the shell, revealed by inline scripts.
  const { prelude } = await prerender(element, { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void errors.push(error) })
  const html = await new Response(prelude).text()
  if (errors.length > 0) throw new AggregateError(errors, "the page failed to render on the server")
  if (/<script/i.test(html)) throw new Error("the rendered page contains a <script>: the CSP would block it")
  return html
}

/** One page for a visitor, with the settled queries of its loaders. */
export function renderPage(address: PageAddress, gateway: Gateway): Promise<RenderedPage> {
  return gatewayOfRender.run(gateway, async () => {
    const i18n = (await startLanguages())[address.language]
    // A visitor's: the session's machine is never loaded on the server.
    const actors = createAppActors(address.language)
    const { session } = actors
    const queryClient = createQueryClient(() => {})
    const routerAt = (href: string) => createAppRouter({ queryClient, session }, { history: createMemoryHistory({ initialEntries: [href] }) })
    const router = routerAt(address.href)
    try {
      const started = performance.now()
      await router.load()
      const moved = redirectOf(router)
      if (moved !== undefined) {
        const landing = await whereRedirectsLand(moved, routerAt)
        return { status: 302, redirect: landing, markup: "", data: "", timings: { load: performance.now() - started, draw: 0 } }
      }
      await settle(queryClient)
      const loaded = performance.now()
      const markup = await toHtml(<AppRoot actors={actors} queryClient={queryClient} router={router} i18n={i18n} cookieQuestionDrawn={address.askCookies} />)
      const timings = { load: loaded - started, draw: performance.now() - loaded }
      return { status: statusOf(queryClient, router), markup, data: serializeQueryCache(queryClient), timings }
    } finally {
      session.stop()
      queryClient.clear()
    }
  })
}

/** The markup of `/` for a French visitor, as the browser's first render will produce it. */
export async function renderLanding(): Promise<string> {
  // One file for every visitor: it cannot know who has answered the cookie banner, so the browser shows it.
  const page = await renderPage({ href: "/", language: PRERENDER_LANGUAGE, askCookies: false }, () =>
    Promise.reject(new Error("the landing is prerendered without a gateway")),
  )
  return page.markup
}
