/**
 * The server side of the landing page's prerender (built by scripts/prerender.ts with Vite's SSR
 * build): the app as a visitor sees it at /, in French, rendered to HTML with no browser. The
 * browser then hydrates this HTML (src/main.tsx) instead of drawing the page again.
 */
import { createMemoryHistory, createRouter } from "@tanstack/react-router"
import i18next from "i18next"
import { renderToString } from "react-dom/server"
import { initReactI18next } from "react-i18next"
import { createActor } from "xstate"
import { sessionMachine } from "../machines/session.machine.ts"
import { createQueryClient } from "../src/api/queryClient.ts"
import { AppRoot } from "../src/appRoot.tsx"
import { createErrorModalActor } from "../src/errors/errorModalActor.ts"
import { CORE_SECTIONS, ensureTexts } from "../src/i18n/i18n.ts"
import { DEFAULT_LANGUAGE } from "../src/i18n/languages.ts"
import { routeTree } from "../src/routes/tree.ts"

/** The language of the prerendered page: a visitor's first visit, before any choice. */
export const PRERENDER_LANGUAGE = DEFAULT_LANGUAGE

/** The markup of `/` for a visitor, as the browser's first render will produce it. */
export async function renderLanding(): Promise<string> {
  await i18next.use(initReactI18next).init({
    lng: PRERENDER_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: { [PRERENDER_LANGUAGE]: { translation: {} } },
    interpolation: { escapeValue: false },
    partialBundledLanguages: true,
  })
  await ensureTexts(CORE_SECTIONS)

  // No token: the session goes straight to signed out, as it does in a visitor's browser.
  const session = createActor(sessionMachine, {
    input: { urlToken: null, storedToken: null, arrivedFromLogin: false, language: PRERENDER_LANGUAGE },
  }).start()
  const errorModal = createErrorModalActor(session)
  const queryClient = createQueryClient(() => {})
  const router = createRouter({
    routeTree,
    context: { queryClient, session },
    history: createMemoryHistory({ initialEntries: ["/"] }),
    // The browser's router restores scroll itself; on the server it would add an inline script.
    scrollRestoration: false,
  })
  await router.load()
  const html = renderToString(<AppRoot actors={{ session, errorModal }} queryClient={queryClient} router={router} />)
  session.stop()
  queryClient.clear()
  return html
}
