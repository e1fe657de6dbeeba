import { useLocation } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import "./legal.css"

/** The sections of each text page, in order (texts under legal.<page>.sections.<key>). */
const PAGES = {
  privacy: ["collected", "use", "sharing", "storage", "rights", "contact"],
  terms: ["service", "accounts", "bookings", "payments", "liability", "law"],
  about: ["mission", "what", "where", "values"],
} as const

type Page = keyof typeof PAGES

/** /privacy, /terms and /about: a title, a date and the page's sections (SPEC §2). */
export function LegalPage() {
  const { t } = useTranslation()
  const page = useLocation({ select: (l) => l.pathname.slice(1) }) as Page
  const sections = PAGES[page] ?? PAGES.about
  const k = `legal.${page in PAGES ? page : "about"}`
  return (
    <article className="container page legal-page" aria-labelledby="legal-title">
      <h1 id="legal-title">{t(`${k}.title`)}</h1>
      <p className="muted">{t(`${k}.intro`)}</p>
      {sections.map((s) => (
        <section key={s} aria-labelledby={`legal-${s}`}>
          <h2 id={`legal-${s}`}>{t(`${k}.sections.${s}.title`)}</h2>
          <p>{t(`${k}.sections.${s}.text`)}</p>
        </section>
      ))}
    </article>
  )
}
