import { Link } from "@tanstack/react-router"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { LandingSection } from "./LandingSection.tsx"

export const TOP_DOCTORS_ID = "top-doctors"

/** The top doctors' section around its list, drawn with the page while the list's code and data load. */
export function TopDoctorsFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <LandingSection id={TOP_DOCTORS_ID} title={t("landing.topDoctors.title")} intro={t("landing.topDoctors.intro")} tone="soft">
      {children}
      <p>
        <Link to="/doctors" search={{ sort: "rating" }} className="btn btn-secondary">
          {t("landing.topDoctors.seeAll")}
        </Link>
      </p>
    </LandingSection>
  )
}

/** In the list's place while it loads, or when it could not be. */
export function TopDoctorsStatus({ failed }: { failed: boolean }) {
  const { t } = useTranslation()
  return (
    <p className="muted" role="status">
      {failed ? t("landing.topDoctors.error") : t("landing.topDoctors.loading")}
    </p>
  )
}
