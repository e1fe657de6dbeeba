import { useTranslation } from "react-i18next"
import { useAppActors } from "../appContext.tsx"
import { Button } from "../ui/Button.tsx"

/** Shown when the gateway did not answer while checking a session: try again, or go on as a visitor. */
export function SessionUnavailable() {
  const { t } = useTranslation()
  const { session } = useAppActors()
  return (
    <section className="container page empty-state" role="alert" aria-labelledby="session-unavailable-title">
      <h1 id="session-unavailable-title">{t("session.unavailableTitle")}</h1>
      <p className="muted">{t("session.unavailableText")}</p>
      <div className="row" style={{ justifyContent: "center" }}>
        <Button onClick={() => session.send({ type: "session.retry" })}>{t("common.retry")}</Button>
        <Button variant="secondary" onClick={() => session.send({ type: "session.logout" })}>
          {t("session.continueAsVisitor")}
        </Button>
      </div>
    </section>
  )
}
