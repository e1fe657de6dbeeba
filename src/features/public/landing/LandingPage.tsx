import { useLocation } from "@tanstack/react-router"
import { lazy, Suspense, useEffect } from "react"
import { useTranslation } from "react-i18next"
import { ensureTexts } from "../../../i18n/i18n.ts"
import { useNearViewport, whenNearViewport } from "../../../ui/whenNearViewport.ts"
import { CONTACT_TEXTS } from "../routeTexts.ts"
import { CallToAction } from "./CallToAction.tsx"
import { Emergency } from "./Emergency.tsx"
import { Hero } from "./Hero.tsx"
import { LandingSection } from "./LandingSection.tsx"
import { PopularSpecialties } from "./PopularSpecialties.tsx"
import { HowItWorks, Presentation } from "./Presentation.tsx"
import { Solutions, VirtualServices } from "./Solutions.tsx"
import { AppDownload, Faq, HealthNews, Testimonials } from "./Stories.tsx"
import { TOP_DOCTORS_ID, TopDoctorsFrame, TopDoctorsStatus } from "./TopDoctorsFrame.tsx"
import "./landing.css"

/**
 * The contact form closes a long page: its code, machine and texts load when it comes near the
 * screen (or once the phone is idle), not before the first interaction. The server draws it with
 * the page, and the browser keeps that markup until the code arrives.
 */
const CONTACT_SECTION_ID = "contact"
const ContactForm = lazy(async () => {
  if (!import.meta.env.SSR) await whenNearViewport(CONTACT_SECTION_ID)
  const [form] = await Promise.all([import("../contact/ContactForm.tsx"), ensureTexts(CONTACT_TEXTS)])
  return { default: form.ContactForm }
})

/**
 * The best-rated doctors come live from the gateway, with their promise actor and XState: loaded
 * when the section comes near the screen. Until then the server and the browser both draw the
 * loading line, so the page hydrates without waiting for that code, and a language chosen
 * meanwhile redraws the line as any other text.
 */
const TopDoctorList = lazy(() => import("./TopDoctors.tsx").then((m) => ({ default: m.TopDoctorList })))

function TopDoctorsWhenNear() {
  const near = useNearViewport(TOP_DOCTORS_ID)
  if (!near) return <TopDoctorsStatus failed={false} />
  return (
    <Suspense fallback={<TopDoctorsStatus failed={false} />}>
      <TopDoctorList Status={TopDoctorsStatus} />
    </Suspense>
  )
}

/** Also shown with no network while a session cannot be checked (src/layout/SessionUnavailable.tsx). */
export { Emergency }

/** The fixed header's height: a section scrolled to starts just below it (SPEC §2, §9). */
export const SCROLL_OFFSET_PX = 64

declare module "@tanstack/react-router" {
  interface HistoryState {
    /** A home section to scroll to, for links that do not put it in the hash. */
    scrollTo?: string
  }
}

function useScrollTarget() {
  const target = useLocation({ select: (l) => l.state.scrollTo ?? (l.hash || undefined) })
  useEffect(() => {
    if (!target) return
    const element = document.getElementById(target)
    if (!element) return
    window.scrollTo({ top: element.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET_PX, behavior: "smooth" })
    if (element.tabIndex < 0) element.tabIndex = -1
    element.focus({ preventScroll: true })
  }, [target])
}

/** The home page of SPEC §1 and §2, prerendered for visitors in French. */
export function LandingPage() {
  const { t } = useTranslation()
  useScrollTarget()
  return (
    <div className="landing">
      <Hero />
      <Presentation />
      <HowItWorks />
      <Solutions />
      <PopularSpecialties />
      <TopDoctorsFrame>
        <TopDoctorsWhenNear />
      </TopDoctorsFrame>
      <VirtualServices />
      <CallToAction />
      <AppDownload />
      <Testimonials />
      <Faq />
      <HealthNews />
      <LandingSection id={CONTACT_SECTION_ID} title={t("landing.contact.title")} intro={t("landing.contact.intro")}>
        <Suspense fallback={<div className="landing-form-placeholder" />}>
          <ContactForm />
        </Suspense>
      </LandingSection>
      <Emergency />
    </div>
  )
}
