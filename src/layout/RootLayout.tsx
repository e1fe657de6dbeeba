import { Outlet } from "@tanstack/react-router"
import { lazy, memo, Suspense, useContext } from "react"
import { useTranslation } from "react-i18next"
import { ErrorModalHost } from "../errors/ErrorModalHost.tsx"
import { OFFLINE_TEXTS } from "../features/public/routeTexts.ts"
import { ensureTexts } from "../i18n/i18n.ts"
import { useOnline } from "../offline/useOnline.ts"
import { useSessionView } from "../session/useSession.ts"
import { LoadingScreen } from "../ui/LoadingScreen.tsx"
import { CookieQuestionDrawn } from "./cookieQuestion.ts"
import { Footer } from "./Footer.tsx"
import { useFrameLive } from "./frameLive.ts"
import { Header } from "./Header.tsx"

// None of these is needed before a first interaction: they load once the page is live, after the
// first paint, instead of with every page's first script. The server draws only the cookie banner,
// for a visitor who has not answered it (src/layout/cookieQuestion.ts).
const CookieBanner = lazy(() => Promise.all([import("./CookieBanner.tsx"), ensureTexts(["cookies"])]).then(([m]) => ({ default: m.CookieBanner })))
const Toaster = lazy(() => import("../ui/toast/Toaster.tsx").then((m) => ({ default: m.Toaster })))
// With what the tab kept for offline reading (issue 13): its texts load with it.
const SessionUnavailable = lazy(() =>
  Promise.all([import("./SessionUnavailable.tsx"), ensureTexts(OFFLINE_TEXTS)]).then(([m]) => ({ default: m.SessionUnavailable })),
)
// They read what they show from their own hooks: the frame going live, or online, draws them again for nothing.
const FrameHeader = memo(Header)
const FrameFooter = memo(Footer)

const OfflineBanner = lazy(() => Promise.all([import("../offline/OfflineBanner.tsx"), ensureTexts(["offline"])]).then(([m]) => ({ default: m.OfflineBanner })))

/**
 * Every screen: header, the page (or the loading screen while the session is checked), footer.
 * In HTML drawn by the server (src/ssr/), the frame's controls are disabled until the browser has
 * taken the page over: a tap or text meant for a button or field that does nothing yet would be
 * lost, and a signed-in tab replaces the visitor's page whole. Links work all along. A page the
 * browser draws itself is live from its first render.
 */
export function RootLayout() {
  const { t } = useTranslation()
  const live = useFrameLive()
  const cookieQuestionDrawn = useContext(CookieQuestionDrawn)
  const online = useOnline()
  const phase = useSessionView(({ state }) => (state === "unavailable" || state === "checking" ? state : "ready"))
  return (
    <fieldset className="app-frame" role="presentation" disabled={!live}>
      <a className="skip-link" href="#main">
        {t("common.skipToContent")}
      </a>
      <FrameHeader />
      {online ? null : (
        <Suspense fallback={null}>
          <OfflineBanner />
        </Suspense>
      )}
      <main id="main" tabIndex={-1}>
        {phase === "unavailable" ? (
          <Suspense fallback={<LoadingScreen label={t("session.checking")} />}>
            <SessionUnavailable />
          </Suspense>
        ) : phase === "checking" ? (
          <LoadingScreen label={t("session.checking")} />
        ) : (
          <Outlet />
        )}
      </main>
      <FrameFooter />
      {live || cookieQuestionDrawn ? (
        <Suspense fallback={null}>
          <CookieBanner />
        </Suspense>
      ) : null}
      {live ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
      <ErrorModalHost />
    </fieldset>
  )
}
