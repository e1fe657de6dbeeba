import { Link } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { BackIcon } from "../../ui/icons.tsx"

/** "Back to my appointments": the patient's way from one appointment to her list (needs the `appointments` texts). */
export function BackToAppointmentsLink() {
  const { t } = useTranslation()
  return (
    <Link to="/appointments" className="back-link">
      <span aria-hidden="true" className="flip-rtl">
        <BackIcon />
      </span>{" "}
      {t("appointments.backToList")}
    </Link>
  )
}
