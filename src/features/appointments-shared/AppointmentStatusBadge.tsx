import { useTranslation } from "react-i18next"
import type { AppointmentStatus } from "../../../schemas/enums.ts"

const TONE: Record<AppointmentStatus, string> = { CONFIRMED: "badge-success", CANCELED: "badge-danger", COMPLETE: "" }

/** CONFIRMED, CANCELED or COMPLETE, in words (texts of the `appointments` section). */
export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  const { t } = useTranslation()
  return <span className={`badge ${TONE[status]}`}>{t(`appointments.status.${status}`)}</span>
}
