import { useTranslation } from "react-i18next"
import { ContactForm } from "./ContactForm.tsx"

/** /contact: the contact form with the team's details (SPEC §2). */
export function ContactPage() {
  const { t } = useTranslation()
  return (
    <section className="container page contact-page" aria-labelledby="contact-title">
      <h1 id="contact-title">{t("contact.pageTitle")}</h1>
      <p className="muted">{t("contact.pageIntro")}</p>
      <div className="contact-layout">
        <ContactForm />
        <aside className="card" aria-labelledby="contact-details">
          <h2 id="contact-details">{t("contact.details")}</h2>
          <p>
            <a href="mailto:contact@promed.sn">contact@promed.sn</a>
          </p>
          <p>{t("contact.address")}</p>
          <p className="muted">{t("contact.hours")}</p>
        </aside>
      </div>
    </section>
  )
}
