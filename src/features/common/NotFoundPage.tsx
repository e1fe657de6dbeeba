import { Link } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"

/** Any unknown path: a title, a description and a way back to / (SPEC §2). */
export function NotFoundPage() {
  const { t } = useTranslation()
  return (
    <section className="container page empty-state" aria-labelledby="not-found-title">
      <p className="badge">404</p>
      <h1 id="not-found-title">{t("notFound.title")}</h1>
      <p className="muted">{t("notFound.description")}</p>
      <Link to="/" className="btn btn-primary">
        {t("notFound.back")}
      </Link>
    </section>
  )
}
