import { Link } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"

/** The not-found view of SPEC §8 "Appointment fetch failure", with a way back to a list. */
export function AppointmentNotFoundView({ backTo, backLabel }: { backTo: "/appointments" | "/doctor/appointments"; backLabel: string }) {
  const { t } = useTranslation()
  return (
    <div className="container page">
      <div className="card empty-state">
        <h1>{t("appointments.notFoundTitle")}</h1>
        <p className="muted">{t("appointments.notFoundText")}</p>
        <Link to={backTo} className="btn btn-primary">
          {backLabel}
        </Link>
      </div>
    </div>
  )
}
