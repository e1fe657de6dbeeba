import { Link } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { DEMO_BOOKING_URL } from "../waitlist/externalLinks.ts"
import { CardGrid, PageHero } from "../landing/LandingSection.tsx"
import "../landing/landing.css"

const PARTNER_TYPES = ["hospitals", "clinics", "pharmacies", "laboratories", "insurers"] as const
const BENEFITS = ["visibility", "agenda", "noShows"] as const

/** /partners: why join, who can, and a demo booked on the external scheduling page (SPEC §2). */
export function PartnersPage() {
  const { t } = useTranslation()
  return (
    <article aria-labelledby="partners-title">
      <PageHero id="partners-title" title={t("partners.title")} intro={t("partners.intro")}>
        <p className="row">
          <a className="btn btn-primary partners-demo" href={DEMO_BOOKING_URL} target="_blank" rel="noopener noreferrer">
            {t("partners.bookDemo")}
            <span className="visually-hidden"> ({t("partners.newWindow")})</span>
          </a>
        </p>
      </PageHero>
      <section className="container page stack" aria-labelledby="partners-benefits">
        <h2 id="partners-benefits" className="landing-title">
          {t("partners.benefitsTitle")}
        </h2>
        <CardGrid items={BENEFITS.map((b) => ({ key: b, title: t(`partners.benefits.${b}.title`), text: t(`partners.benefits.${b}.text`) }))} />
        <h2 className="landing-title">{t("partners.typesTitle")}</h2>
        <ul className="chips">
          {PARTNER_TYPES.map((type) => (
            <li key={type} className="badge">
              {t(`partners.types.${type}`)}
            </li>
          ))}
        </ul>
        <p>
          {t("partners.questions")} <Link to="/contact">{t("partners.contactUs")}</Link>
        </p>
      </section>
    </article>
  )
}
