import { useTranslation } from "react-i18next"
import { CardGrid, LandingSection } from "./LandingSection.tsx"

const STATS = ["doctors", "appointments", "satisfaction", "specialties"] as const
const FEATURES = ["booking", "reminders", "records", "video", "payment", "languages"] as const
const STEPS = ["search", "compare", "book", "consult"] as const

/** The marketing claims of SPEC §1 and the features. */
export function Presentation() {
  const { t } = useTranslation()
  return (
    <LandingSection id="presentation" title={t("landing.presentation.title")} intro={t("landing.presentation.intro")}>
      <dl className="stats">
        {STATS.map((key) => (
          <div key={key} className="stat-claim">
            <dt>{t(`landing.stats.${key}.label`)}</dt>
            <dd>{t(`landing.stats.${key}.value`)}</dd>
          </div>
        ))}
      </dl>
      <h3 className="landing-subtitle">{t("landing.features.title")}</h3>
      <CardGrid items={FEATURES.map((key) => ({ key, title: t(`landing.features.${key}.title`), text: t(`landing.features.${key}.text`) }))} />
    </LandingSection>
  )
}

/** How it works, in four steps. */
export function HowItWorks() {
  const { t } = useTranslation()
  return (
    <LandingSection id="how-it-works" title={t("landing.howItWorks.title")} tone="soft">
      <CardGrid numbered items={STEPS.map((key) => ({ key, title: t(`landing.howItWorks.${key}.title`), text: t(`landing.howItWorks.${key}.text`) }))} />
    </LandingSection>
  )
}
