import { useTranslation } from "react-i18next"
import type { DoctorPaymentRow } from "../../../../schemas/payments.ts"
import { formatDate, Ltr, Money } from "../../../i18n/format.ts"
import type { Language } from "../../../i18n/languages.ts"
import { AppointmentLink } from "../../appointments-shared/AppointmentLink.tsx"
import { PaymentStatusBadge } from "./PaymentStatusBadge.tsx"
import { methodLabel } from "./paymentText.ts"

/** One payment: who, for which appointment, how much, how, its state and its receipt's number. */
export function PaymentCard({ payment: p, timeZone }: { payment: DoctorPaymentRow; timeZone: string }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const when = formatDate(p.appointmentTime, language, { dateStyle: "medium", timeStyle: "short" }, timeZone)
  return (
    <article className="card stack payment-card" aria-label={p.patientName}>
      <div className="payment-card-head">
        <strong>{p.patientName}</strong>
        <PaymentStatusBadge status={p.status} />
      </div>
      <dl className="info-list">
        <dt>{t("doctorPayments.appointmentDate")}</dt>
        <dd>
          {p.appointmentId ? (
            <AppointmentLink id={p.appointmentId} perspective="doctor">
              {when}
            </AppointmentLink>
          ) : (
            when
          )}
        </dd>
        <dt>{t("doctorPayments.amount")}</dt>
        <dd>
          <Money amount={p.amount} />
        </dd>
        <dt>{t("doctorPayments.method")}</dt>
        <dd>{methodLabel(t, p.method)}</dd>
        <dt>{t("doctorPayments.receipt")}</dt>
        <dd>{p.receiptNumber ? <Ltr>{p.receiptNumber}</Ltr> : "—"}</dd>
      </dl>
    </article>
  )
}
