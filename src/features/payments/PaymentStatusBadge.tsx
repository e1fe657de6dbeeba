import { useTranslation } from "react-i18next"
import type { PaymentStatus } from "../../../schemas/payments.ts"

const TONE: Record<PaymentStatus, string> = {
  PENDING: "badge-warning",
  PAID: "badge-success",
  FAILED: "badge-danger",
  EXPIRED: "badge-danger",
  REFUNDED: "badge-warning",
  KEPT: "badge-danger",
}

/** A deposit's state in words (issue 40; texts of the `payment` section). */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation()
  return <span className={`badge ${TONE[status]}`}>{t(`payment.statuses.${status}`)}</span>
}
