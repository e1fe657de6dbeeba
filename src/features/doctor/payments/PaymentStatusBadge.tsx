import { useTranslation } from "react-i18next"
import type { PaymentStatus } from "../../../../schemas/payments.ts"

/** Paid and kept are money the doctor has; refunded went back; the rest never arrived. */
const TONE: Record<PaymentStatus, string> = {
  PENDING: "badge-warning",
  PAID: "badge-success",
  KEPT: "badge-success",
  REFUNDED: "",
  FAILED: "badge-danger",
  EXPIRED: "badge-danger",
}

/** A payment's state in words (texts of the `doctorPayments` section). */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation()
  return <span className={`badge ${TONE[status]}`}>{t(`doctorPayments.statuses.${status}`)}</span>
}
