import { lazy, Suspense, useEffect } from "react"
import { useTranslation } from "react-i18next"
import { useAppActors } from "../appContext.tsx"
import { Button } from "../ui/Button.tsx"

// Both load with this view, not with the frame: the frame's first script would otherwise list
// their files. The numbers come with the landing page's chunk, which holds them: shared with this
// view they would be a file of their own that every visitor's first load waits for (its budget).
const OfflineAppointments = lazy(() => import("../offline/OfflineAppointments.tsx").then((m) => ({ default: m.OfflineAppointments })))
const Emergency = lazy(() => import("../features/public/landing/LandingPage.tsx").then((m) => ({ default: m.Emergency })))

/**
 * Shown when the gateway did not answer while checking a session: try again (by hand, or by itself
 * when the network comes back). Meanwhile the tab shows what it kept for the session (a patient's
 * upcoming appointments, or one of them at its detail address) and the emergency numbers (issue 13).
 */
export function SessionUnavailable() {
  const { t } = useTranslation()
  const { session } = useAppActors()
  useEffect(() => {
    const retry = () => session.send({ type: "session.retry" })
    window.addEventListener("online", retry)
    return () => window.removeEventListener("online", retry)
  }, [session])
  return (
    // One page: the kept list and the numbers follow the message instead of each taking a screen.
    <div className="page">
      <section className="container empty-state" role="alert" aria-labelledby="session-unavailable-title">
        <h1 id="session-unavailable-title">{t("session.unavailableTitle")}</h1>
        <p className="muted">{t("session.unavailableText")}</p>
        {/* No "go on as a visitor": the session is kept, as the text says, and a signed-in user is not one. */}
        <div className="row" style={{ justifyContent: "center" }}>
          <Button onClick={() => session.send({ type: "session.retry" })}>{t("common.retry")}</Button>
        </div>
      </section>
      <Suspense fallback={null}>
        <OfflineAppointments />
        <Emergency />
      </Suspense>
    </div>
  )
}
