import { Link } from "@tanstack/react-router"
import { useId } from "react"
import { useTranslation } from "react-i18next"

/** The account's own pages, the same for every role that has a settings screen. */
const ACCOUNT_LINKS = [
  { to: "/change-password", text: "changePassword", tone: "btn-secondary" },
  { to: "/export-data", text: "exportData", tone: "btn-secondary" },
  { to: "/delete-account", text: "deleteAccount", tone: "btn-danger" },
] as const

type Props = {
  /** The locale section holding changePassword, exportData and deleteAccount for this screen. */
  texts: "doctorSettings" | "patientSettings"
  title: string
  className?: string
}

/** The settings screens' account block: change password, export data, delete account. */
export function AccountActions({ texts, title, className = "form-section" }: Props) {
  const { t } = useTranslation()
  const titleId = useId()
  return (
    <section className={className} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <div className="row">
        {ACCOUNT_LINKS.map((link) => (
          <Link key={link.to} to={link.to} className={`btn ${link.tone}`}>
            {t(`${texts}.${link.text}`)}
          </Link>
        ))}
      </div>
    </section>
  )
}
