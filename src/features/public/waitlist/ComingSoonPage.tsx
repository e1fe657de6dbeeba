import { useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { waitlistMachine, waitlistStub } from "../../../../machines/waitlist.machine.ts"
import type { WaitlistRole } from "../../../../schemas/waitlist.ts"
import { Tabs } from "../../../ui/Tabs.tsx"
import { DEMO_BOOKING_URL } from "./externalLinks.ts"
import { WaitlistDialog } from "./WaitlistDialog.tsx"
import { useFlowActor } from "../../../dev/useFlowActor.ts"
import "./waitlist.css"

const AUDIENCES = ["patient", "professional", "facility"] as const satisfies ReadonlyArray<WaitlistRole>
const FEATURES = ["one", "two", "three"] as const
const SOCIAL = [
  { name: "Facebook", href: "https://www.facebook.com/promed.sn" },
  { name: "LinkedIn", href: "https://www.linkedin.com/company/promed-sn" },
  { name: "Instagram", href: "https://www.instagram.com/promed.sn" },
] as const

const machine = waitlistMachine.provide({ actors: { join: waitlistStub() } })

/** /coming-soon: the mobile app's landing page, with the waitlist (SPEC §2, §4). */
export function ComingSoonPage() {
  const { t } = useTranslation()
  const waitlist = useFlowActor(machine)
  const [audience, setAudience] = useState<WaitlistRole>("patient")
  const [email, setEmail] = useState("")
  const emailId = useId()
  return (
    <div className="coming-soon">
      <section className="hero" aria-labelledby="coming-soon-title">
        <div className="container">
          <p className="badge">{t("comingSoon.badge")}</p>
          <h1 id="coming-soon-title">{t("comingSoon.title")}</h1>
          <p className="hero-subtitle">{t("comingSoon.subtitle")}</p>
          <form
            className="notify-form"
            onSubmit={(event) => {
              event.preventDefault()
              waitlist.send({ type: "waitlist.open", role: audience, email: email.trim() })
            }}
          >
            <label htmlFor={emailId} className="visually-hidden">
              {t("comingSoon.emailLabel")}
            </label>
            <input
              id={emailId}
              className="input"
              type="email"
              autoComplete="email"
              placeholder={t("comingSoon.emailPlaceholder")}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <button type="submit" className="btn btn-primary">
              {t("comingSoon.notify")}
            </button>
          </form>
          <p className="row">
            <a className="btn btn-secondary" href={DEMO_BOOKING_URL} target="_blank" rel="noopener noreferrer">
              {t("comingSoon.bookDemo")}
            </a>
          </p>
        </div>
      </section>
      <section className="container page" aria-labelledby="coming-soon-features">
        <h2 id="coming-soon-features">{t("comingSoon.featuresTitle")}</h2>
        <Tabs
          label={t("comingSoon.audiences")}
          tabs={AUDIENCES.map((key) => ({ key, label: t(`comingSoon.tabs.${key}`) }))}
          selected={audience}
          onSelect={setAudience}
        >
          <ul className="card-grid">
            {FEATURES.map((f) => (
              <li key={f} className="card">
                <h3>{t(`comingSoon.features.${audience}.${f}.title`)}</h3>
                <p>{t(`comingSoon.features.${audience}.${f}.text`)}</p>
              </li>
            ))}
          </ul>
        </Tabs>
      </section>
      <footer className="coming-soon-footer" aria-label={t("comingSoon.footerLabel")}>
        <div className="container row">
          <p>
            <strong>{t("comingSoon.launch")}</strong>
          </p>
          <p>
            <a href="mailto:contact@promed.sn">contact@promed.sn</a>
          </p>
          <ul className="social-links row">
            {SOCIAL.map((s) => (
              <li key={s.name}>
                <a href={s.href} target="_blank" rel="noopener noreferrer">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </footer>
      <WaitlistDialog actor={waitlist} />
    </div>
  )
}
