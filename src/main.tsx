import { createRoot, hydrateRoot } from "react-dom/client"
import { AppRoot } from "./appRoot.tsx"
import { configureApiClient } from "./api/client.ts"
import { createQueryClient } from "./api/queryClient.ts"
import { startInspector } from "./dev/inspector.ts"
import { createErrorModalActor } from "./errors/errorModalActor.ts"
import { initI18n } from "./i18n/i18n.ts"
import { DEFAULT_LANGUAGE, rememberLanguage, storedLanguage } from "./i18n/languages.ts"
import { applyTheme, storedTheme } from "./layout/ThemeSwitch.tsx"
import { createAppRouter } from "./router.ts"
import { readAddress } from "./session/address.ts"
import { followSession } from "./session/sessionEffects.ts"
import { createSessionActor, type SessionActor } from "./session/sessionActor.ts"
import "./ui/styles.css"

/**
 * The prerendered landing (scripts/prerender.ts) can be taken over as it is only when this first
 * render will draw exactly the same thing: a visitor (no token, so the session is already signed
 * out), at /, in the prerendered language, with the default colours.
 */
function canHydrate(root: HTMLElement, session: SessionActor, language: string): boolean {
  const { pathname, search, hash } = window.location
  return (
    root.dataset.prerendered === language &&
    session.getSnapshot().matches("signedOut") &&
    pathname === "/" &&
    search === "" &&
    hash === "" &&
    storedTheme() === "promed"
  )
}

async function start() {
  await startInspector()
  const address = readAddress(window.location.search)
  const language = address.urlLanguage ?? storedLanguage() ?? DEFAULT_LANGUAGE
  if (address.urlLanguage) rememberLanguage(address.urlLanguage)
  applyTheme(storedTheme())
  await initI18n(language)

  const session = createSessionActor(language)
  const errorModal = createErrorModalActor(session)
  const queryClient = createQueryClient((error) => errorModal.send({ type: "errorModal.show", error: error.toBody() }))
  configureApiClient({
    getToken: () => session.getSnapshot().context.sessionToken,
    onSessionError: (code) => session.send({ type: "session.expired", code }),
  })
  errorModal.start()
  session.start()

  const router = createAppRouter({ queryClient, session })
  followSession(session, router, queryClient)

  const root = document.getElementById("root")!
  const app = <AppRoot actors={{ session, errorModal }} queryClient={queryClient} router={router} />
  if (canHydrate(root, session, language)) {
    // The page's screen and texts must be there before the first render, as on the server.
    await router.load()
    // Render the match tree as the server did (no root Suspense boundary), so React can adopt
    // the prerendered HTML; `ssr` is read for nothing else in a router without server scripts.
    ;(router as unknown as { ssr: unknown }).ssr = { manifest: undefined }
    hydrateRoot(root, app, { onRecoverableError: (error) => console.warn("[promed] hydration", error) })
  } else {
    delete root.dataset.prerendered
    createRoot(root).render(app)
  }
}

void start()
