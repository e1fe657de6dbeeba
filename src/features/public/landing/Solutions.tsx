import { Link } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { CardGrid, LandingSection } from "./LandingSection.tsx"

const SOLUTIONS = [
  { key: "patients", to: "/services/patients" },
  { key: "professionals", to: "/services/healthcare-professionals" },
  { key: "facilities", to: "/services/medical-facilities" },
] as const

const VIRTUAL = [
  { key: "video", to: "/services/video-consultations" },
  { key: "chat", to: "/services/online-chat" },
  { key: "assessment", to: "/services/virtual-assessment" },
  { key: "monitoring", to: "/services/remote-monitoring" },
] as const

type Entry = (typeof SOLUTIONS)[number] | (typeof VIRTUAL)[number]

function linkedCards(t: (key: string) => string, group: string, entries: ReadonlyArray<Entry>) {
  return entries.map(({ key, to }) => ({
    key,
    title: t(`landing.${group}.${key}.title`),
    text: t(`landing.${group}.${key}.text`),
    footer: (
      <Link to={to} className="card-link">
        {t("landing.learnMore")}
        <span className="visually-hidden"> — {t(`landing.${group}.${key}.title`)}</span>
      </Link>
    ),
  }))
}

/** Solutions for patients, professionals and facilities. */
export function Solutions() {
  const { t } = useTranslation()
  return (
    <LandingSection id="solutions" title={t("landing.solutions.title")} intro={t("landing.solutions.intro")}>
      <CardGrid items={linkedCards(t, "solutions", SOLUTIONS)} />
    </LandingSection>
  )
}

/** Video consultations, online chat, virtual assessment, remote monitoring. */
export function VirtualServices() {
  const { t } = useTranslation()
  return (
    <LandingSection id="virtual-services" title={t("landing.virtual.title")} intro={t("landing.virtual.intro")} tone="soft">
      <CardGrid items={linkedCards(t, "virtual", VIRTUAL)} />
    </LandingSection>
  )
}
