import { Link } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"

/** A linked destination whose screen is not part of this release (SPEC §2 "not shown"). */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation()
  return (
    <section className="container page empty-state" aria-labelledby="placeholder-title">
      <h1 id="placeholder-title">{t(titleKey)}</h1>
      <p className="muted">{t("placeholder.description")}</p>
      <Link to="/" className="btn btn-secondary">
        {t("notFound.back")}
      </Link>
    </section>
  )
}
