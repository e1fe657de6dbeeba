import { Outlet, useHydrated } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { useAppActors } from "../appContext.tsx"
import { ErrorModalHost } from "../errors/ErrorModalHost.tsx"
import { LoadingScreen } from "../ui/LoadingScreen.tsx"
import { Toaster } from "../ui/toast/Toaster.tsx"
import { CookieBanner } from "./CookieBanner.tsx"
import { Footer } from "./Footer.tsx"
import { Header } from "./Header.tsx"
import { SessionUnavailable } from "./SessionUnavailable.tsx"

/**
 * Every screen: header, the page (or the loading screen while the session is checked), footer.
 * In HTML drawn by the server (src/ssr/), the frame's controls are disabled until the browser has
 * taken the page over: a tap or text meant for a button or field that does nothing yet would be
 * lost, and a signed-in tab replaces the visitor's page whole. Links work all along. A page the
 * browser draws itself is live from its first render.
 */
export function RootLayout() {
  const { t } = useTranslation()
  const { session } = useAppActors()
  const live = useHydrated()
  const phase = useSelector(session, (s) => (s.matches("unavailable") ? "unavailable" : s.hasTag("pending") ? "checking" : "ready"))
  return (
    <fieldset className="app-frame" role="presentation" disabled={!live}>
      <a className="skip-link" href="#main">
        {t("common.skipToContent")}
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        {phase === "unavailable" ? <SessionUnavailable /> : phase === "checking" ? <LoadingScreen label={t("session.checking")} /> : <Outlet />}
      </main>
      <Footer />
      <CookieBanner />
      <ErrorModalHost />
      <Toaster />
    </fieldset>
  )
}
