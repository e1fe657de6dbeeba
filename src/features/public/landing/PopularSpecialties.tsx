import { Link } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { LandingSection } from "./LandingSection.tsx"

/** SPEC §9: the home page's counts are fixed figures, not live ones. */
const POPULAR = [
  { key: "primaryCare", code: "GENERAL_PRACTITIONER", count: 245 },
  { key: "cardiology", code: "CARDIOLOGY", count: 158 },
  { key: "pediatrics", code: "PEDIATRICS", count: 192 },
  { key: "mentalHealth", code: "PSYCHIATRY", count: 167 },
] as const

export function PopularSpecialties() {
  const { t } = useTranslation()
  return (
    <LandingSection id="specialties" title={t("landing.specialties.title")} intro={t("landing.specialties.intro")}>
      <ul className="card-grid">
        {POPULAR.map((s) => (
          <li key={s.key}>
            <Link to="/doctors" search={{ specialties: s.code }} className="card specialty-tile">
              <strong>{t(`landing.specialties.${s.key}`)}</strong>
              <span className="muted">{t("landing.specialties.doctors", { count: s.count })}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/doctors" className="btn btn-secondary">
          {t("landing.specialties.seeAll")}
        </Link>
      </p>
    </LandingSection>
  )
}
