import { Link, useRouter } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"

/** The generic error page: shown when a screen fails to render or load. */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation()
  const router = useRouter()
  console.error("[promed] screen failed", error)
  return (
    <section className="container page empty-state" aria-labelledby="error-page-title">
      <h1 id="error-page-title">{t("errorPage.title")}</h1>
      <p className="muted">{t("errorPage.description")}</p>
      <div className="row" style={{ justifyContent: "center" }}>
        <button type="button" className="btn btn-primary" onClick={() => void router.invalidate()}>
          {t("errorPage.retry")}
        </button>
        <Link to="/" className="btn btn-secondary">
          {t("notFound.back")}
        </Link>
      </div>
    </section>
  )
}
