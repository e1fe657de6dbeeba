import { Link } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { CardGrid, LandingSection } from "./LandingSection.tsx"

const TESTIMONIALS = ["awa", "mamadou", "halime"] as const
const FAQ = ["cancel", "payment", "noShow", "reminders", "languages", "countries"] as const
const NEWS = ["malaria", "hypertension", "vaccination"] as const

/** The mobile app (coming soon): stores badges and a notify-me link. */
export function AppDownload() {
  const { t } = useTranslation()
  return (
    <LandingSection id="app" title={t("landing.app.title")} intro={t("landing.app.text")}>
      <div className="row">
        <span className="btn btn-secondary" aria-disabled="true">
          {t("landing.app.android")}
        </span>
        <span className="btn btn-secondary" aria-disabled="true">
          {t("landing.app.ios")}
        </span>
        <Link to="/coming-soon" className="btn btn-primary">
          {t("landing.app.notify")}
        </Link>
      </div>
    </LandingSection>
  )
}

export function Testimonials() {
  const { t } = useTranslation()
  return (
    <LandingSection id="testimonials" title={t("landing.testimonials.title")} tone="soft">
      <ul className="card-grid">
        {TESTIMONIALS.map((key) => (
          <li key={key} className="card">
            <figure className="testimonial">
              <blockquote>{t(`landing.testimonials.${key}.quote`)}</blockquote>
              <figcaption>
                <strong>{t(`landing.testimonials.${key}.name`)}</strong>
                <span className="muted"> — {t(`landing.testimonials.${key}.role`)}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </LandingSection>
  )
}

/** Questions of SPEC §1: cancelling 24 h ahead, paying by card or mobile money, no-show fees, reminders. */
export function Faq() {
  const { t } = useTranslation()
  return (
    <LandingSection id="faq" title={t("landing.faq.title")}>
      <div className="faq">
        {FAQ.map((key) => (
          <details key={key} className="card faq-item">
            <summary>{t(`landing.faq.${key}.q`)}</summary>
            <p>{t(`landing.faq.${key}.a`)}</p>
          </details>
        ))}
      </div>
    </LandingSection>
  )
}

/** Three health news articles (sample content, SPEC §3). */
export function HealthNews() {
  const { t } = useTranslation()
  return (
    <LandingSection id="health-news" title={t("landing.news.title")} intro={t("landing.news.intro")} tone="soft">
      <CardGrid
        items={NEWS.map((key) => ({
          key,
          title: t(`landing.news.${key}.title`),
          text: t(`landing.news.${key}.summary`),
          footer: <p className="muted news-meta">{t(`landing.news.${key}.meta`)}</p>,
        }))}
      />
    </LandingSection>
  )
}
