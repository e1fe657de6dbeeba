import { Link } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { DEMO_BOOKING_URL } from "../waitlist/externalLinks.ts"
import "../landing/landing.css"

const PARTNER_TYPES = ["hospitals", "clinics", "pharmacies", "laboratories", "insurers"] as const
const BENEFITS = ["visibility", "agenda", "noShows"] as const

/** /partners: why join, who can, and a demo booked on the external scheduling page (SPEC §2). */
export function PartnersPage() {
  const { t } = useTranslation()
  return (
    <article aria-labelledby="partners-title">
      <header className="hero">
        <div className="container">
          <h1 id="partners-title">{t("partners.title")}</h1>
          <p className="hero-subtitle">{t("partners.intro")}</p>
          <p className="row">
            <a className="btn btn-primary partners-demo" href={DEMO_BOOKING_URL} target="_blank" rel="noopener noreferrer">
              {t("partners.bookDemo")}
              <span className="visually-hidden"> ({t("partners.newWindow")})</span>
            </a>
          </p>
        </div>
      </header>
      <section className="container page stack" aria-labelledby="partners-benefits">
        <h2 id="partners-benefits" className="landing-title">
          {t("partners.benefitsTitle")}
        </h2>
        <ul className="card-grid">
          {BENEFITS.map((b) => (
            <li key={b} className="card landing-card">
              <h3>{t(`partners.benefits.${b}.title`)}</h3>
              <p>{t(`partners.benefits.${b}.text`)}</p>
            </li>
          ))}
        </ul>
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
