import type { QueryClient } from "@tanstack/react-query"
import { startTransition } from "react"
import { createRoot, hydrateRoot } from "react-dom/client"
import { createAppActors } from "./appContext.tsx"
import { AppRoot } from "./appRoot.tsx"
import { configureApiClient } from "./api/clientHooks.ts"
import { createQueryClient } from "./api/queryClient.ts"
import { startInspector } from "./dev/inspector.ts"
import { initI18n } from "./i18n/i18n.ts"
import { warmFormats } from "./i18n/warmFormats.ts"
import { DEFAULT_LANGUAGE, rememberLanguage, storedLanguage, writeLanguageCookie } from "./i18n/languages.ts"
import { applyTheme, storedTheme } from "./layout/ThemeSwitch.tsx"
import { createAppRouter } from "./router.ts"
import { readAddress } from "./session/address.ts"
import { followSession } from "./session/sessionEffects.ts"
import { sessionHasWorkAtStart, type SessionHandle } from "./session/sessionHandle.ts"
import { pageAdopted } from "./ssr/pageAdopted.ts"
import { readPageData } from "./ssr/pageData.ts"
import { nextTask, whenIdle } from "./ui/whenIdle.ts"
import "./ui/styles.css"

/**
 * A page the server drew (the landing at build time; the public data pages on each request, see
 * src/ssr/) can be taken over as it is only when this first render will draw exactly the same
 * thing: a visitor (no token, so the session is already signed out), at the address and in the
 * language it was drawn for, with the default colours.
 */
function canHydrate(root: HTMLElement, session: SessionHandle, language: string): boolean {
  const { pathname, search, hash } = window.location
  return (
    root.dataset.prerendered === language &&
    root.dataset.href === `${pathname}${search}` &&
    hash === "" &&
    session.view().state === "signedOut" &&
    storedTheme() === "promed"
  )
}

/**
 * On a slow phone, evaluating the modules is already one long task and the page the server drew
 * answers no tap until each task ends: start-up is cut into several (nextTask: the texts and the
 * session, the router, the first route), each well under 50 ms there.
 */
async function start() {
  await nextTask()
  await startInspector()
  const address = readAddress(window.location.search)
  const language = address.urlLanguage ?? storedLanguage() ?? DEFAULT_LANGUAGE
  if (address.urlLanguage) rememberLanguage(address.urlLanguage)
  else writeLanguageCookie(language)
  applyTheme(storedTheme())
  // The core texts download beside the page's own screen, texts and data (router.load below).
  const texts = initI18n(language)
  // In tasks of their own while those download, before any screen formats a figure.
  const formatsWarm = warmFormats(language)
  // Setting i18next up is a task's worth on a phone already: the app's actors and clients go in the next.
  await nextTask()

  const actors = createAppActors(language)
  const { session, errorModal } = actors
  const queryClient = createQueryClient((error) => errorModal.send({ type: "errorModal.show", error: error.toBody() }))
  configureApiClient({
    getToken: () => session.view().sessionToken,
    onSessionError: (code) => session.send({ type: "session.expired", code }),
  })
  // The session machine starts at once when it has work (a token to check, an address to clean),
  // before the router exists: it reads the token and language off the address and takes them off,
  // so no redirect of the router can drop them and no later navigation can carry them again.
  // A visitor's tab is signed out as it is, and loads the machine when idle.
  if (sessionHasWorkAtStart(window.location)) await session.start().catch((error: unknown) => console.error("[promed] session", error))
  await nextTask()

  // The queries the server drew the page with go in before any loader asks for them again.
  const pageData = readPageData()
  if (pageData) {
    const { hydrateQueryCache } = await import("./ssr/queryCache.ts")
    // Evaluating the decoder's modules (effect/Schema), decoding the page's data and making the
    // router are each tens of milliseconds on a phone: three tasks, not one.
    await nextTask()
    hydrateQueryCache(queryClient, pageData)
    await nextTask()
  }

  let takesOver = false
  const router = createAppRouter({ queryClient, session }, undefined, () => takesOver)
  followSession(session, router, queryClient)
  await nextTask()
  const routeLoaded = router.load().catch((error: unknown) => console.error("[promed] route", error))

  const root = document.getElementById("root")!
  takesOver = canHydrate(root, session, language)
  // Hydrated as drawn: with the cookie banner when the server put it in (src/layout/cookieQuestion.ts).
  const cookieQuestionDrawn = root.querySelector(".cookie-banner") !== null
  // A link tapped on the server's page meanwhile (src/ssr/takeover.js) is followed once the app has
  // drawn and its router has settled, when the main thread is idle. The login site and the gateway
  // are the server's own pages, not the app's.
  const follow = (href: string) => (/^\/(auth|api)(\/|$)/.test(href) ? window.location.assign(href) : router.history.push(href))
  const onFirstCommit = () => {
    const idle = () => whenIdle(() => window.promedEarlyTaps?.release(follow), 2000)
    // The first commit of a page the server drew holds only its frame: the page below is adopted
    // in a later pass (src/ssr/pageAdopted.ts), which a tap followed sooner would interrupt. An
    // error view in the page's place never reports, nor would a screen forgotten by serverDrawn:
    // the wait has a bound, past which the tap is followed as before.
    const release = () => {
      if (!takesOver || router.state.matches.at(-1)?.status === "error") return idle()
      void Promise.race([pageAdopted, new Promise((resolve) => setTimeout(resolve, 10_000))]).then(idle)
    }
    if (router.state.status === "idle") return release()
    const stop = router.subscribe("onResolved", () => {
      stop()
      release()
    })
  }
  const app = (
    <AppRoot
      actors={actors}
      queryClient={queryClient}
      router={router}
      cookieQuestionDrawn={cookieQuestionDrawn}
      adoptsServerPage={takesOver}
      onFirstCommit={onFirstCommit}
    />
  )
  if (takesOver) {
    // The page's screen and texts must be there before the first render, as on the server.
    await Promise.all([texts, routeLoaded, formatsWarm])
    // Render the match tree as the server did (no root Suspense boundary), so React can adopt
    // the server's HTML; `ssr` is read for nothing else in a router without server scripts.
    router.ssr = { manifest: undefined }
    // As a transition, React takes the page over in slices of a few milliseconds, between which
    // the browser answers a tap, instead of one task as long as the whole tree.
    startTransition(() => {
      hydrateRoot(root, app, {
        // React's own error only says a boundary switched to client rendering; its cause says why.
        onRecoverableError: (error) => console.warn("[promed] hydration", error, error instanceof Error ? error.cause : undefined),
      })
    })
    afterFirstRender(session, queryClient)
    return
  }
  if (root.dataset.prerendered) {
    // The server's page cannot be adopted (a signed-in tab, another language or theme): it stays
    // on screen until this page can replace it whole, rather than giving way to a loading screen.
    await Promise.all([texts, routeLoaded, session.settled(), formatsWarm])
    delete root.dataset.prerendered
    delete root.dataset.href
  } else {
    await Promise.all([texts, formatsWarm])
  }
  createRoot(root).render(app)
  afterFirstRender(session, queryClient)
}

/**
 * Loaded after the first render: the browser's other tabs share their session with this one
 * (issue 11); the service worker and the patient's offline copy (issue 13).
 */
function afterFirstRender(session: SessionHandle, queryClient: QueryClient) {
  // Ready before a visitor's first tap on a language or a sign-in from another tab needs it.
  whenIdle(() => void session.load().catch((error: unknown) => console.warn("[promed] session", error)), 5000)
  void import("./session/tabSession.ts").then(({ joinTabs }) => joinTabs(session))
  void import("./offline/startOffline.ts").then(({ startOffline }) => startOffline(session, queryClient))
}

void start()
