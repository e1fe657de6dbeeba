import { Link, useLocation } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { CardGrid, PageHero } from "../landing/LandingSection.tsx"
import "../landing/landing.css"

/** The seven /services pages (SPEC §2): address segment → text key and the page's next step. */
export const SERVICES = {
  patients: { key: "patients", next: "/doctors" },
  "healthcare-professionals": { key: "professionals", next: "/partners" },
  "medical-facilities": { key: "facilities", next: "/partners" },
  "video-consultations": { key: "video", next: "/doctors" },
  "online-chat": { key: "chat", next: "/doctors" },
  "virtual-assessment": { key: "assessment", next: "/doctors" },
  "remote-monitoring": { key: "monitoring", next: "/contact" },
} as const

const BENEFITS = ["one", "two", "three"] as const

/** One service: what it is, what it brings, and where to go next. */
export function ServicePage() {
  const { t } = useTranslation()
  const slug = useLocation({ select: (l) => l.pathname.split("/").pop() ?? "" }) as keyof typeof SERVICES
  const service = SERVICES[slug] ?? SERVICES.patients
  const k = `services.${service.key}`
  return (
    <article className="service-page" aria-labelledby="service-title">
      <PageHero id="service-title" title={t(`${k}.title`)} intro={t(`${k}.intro`)} />
      <section className="container page" aria-labelledby="service-benefits">
        <h2 id="service-benefits" className="landing-title">
          {t("services.benefitsTitle")}
        </h2>
        <CardGrid items={BENEFITS.map((b) => ({ key: b, title: t(`${k}.benefits.${b}.title`), text: t(`${k}.benefits.${b}.text`) }))} />
        <p className="row service-next">
          <Link to={service.next} className="btn btn-primary">
            {t(`${k}.cta`)}
          </Link>
          <Link to="/" hash="solutions" className="btn btn-secondary">
            {t("services.allServices")}
          </Link>
        </p>
      </section>
    </article>
  )
}
