import { useQuery } from "@tanstack/react-query"
import { useTranslation } from "react-i18next"
import type { Appointment } from "../../../schemas/appointment.ts"
import type { PaymentStatus } from "../../../schemas/payments.ts"
import { appointmentPaymentQuery } from "../../api/payments.ts"
import { Money } from "../../i18n/format.ts"
import type { Language } from "../../i18n/languages.ts"
import { PaymentReceipt } from "./PaymentReceipt.tsx"
import { PaymentStatusBadge } from "./PaymentStatusBadge.tsx"
import { paymentDate } from "./paymentText.ts"
import "./payments.css"

/** A deposit once paid has a receipt, whatever became of it since (issue 40). */
const RECEIPTED: ReadonlyArray<PaymentStatus> = ["PAID", "REFUNDED", "KEPT"]

/**
 * The deposit paid for an appointment (issue 40), if any: its state, amount, method and date; a
 * refund's date, or that it was kept; and its receipt. Nothing for an appointment booked without one.
 */
export function PaymentCard({ appointment }: { appointment: Pick<Appointment, "id" | "timeZone"> }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const { data, isError } = useQuery(appointmentPaymentQuery(appointment.id))
  if (isError) return <p className="muted">{t("payment.cardLoadFailed")}</p>
  const payment = data?.payment
  if (!payment) return null
  return (
    <section className="card stack" aria-labelledby="payment-card-title">
      <h2 id="payment-card-title">{t("payment.cardTitle")}</h2>
      <dl className="facts">
        <dt>{t("payment.statusLabel")}</dt>
        <dd>
          <PaymentStatusBadge status={payment.status} />
        </dd>
        <dt>{t("payment.amount")}</dt>
        <dd>
          <Money amount={payment.amount} />
        </dd>
        {payment.method ? (
          <>
            <dt>{t("payment.method")}</dt>
            <dd>{t(`payment.methods.${payment.method}`)}</dd>
          </>
        ) : null}
        {payment.paidAt ? (
          <>
            <dt>{t("payment.paidAt")}</dt>
            <dd>{paymentDate(payment.paidAt, language, appointment.timeZone)}</dd>
          </>
        ) : null}
        {payment.refundedAt ? (
          <>
            <dt>{t("payment.refundedAt")}</dt>
            <dd>{paymentDate(payment.refundedAt, language, appointment.timeZone)}</dd>
          </>
        ) : null}
      </dl>
      {payment.status === "REFUNDED" && payment.refundedAt ? (
        <p className="alert alert-success" role="status">
          {t("payment.refundedNote", { date: paymentDate(payment.refundedAt, language, appointment.timeZone) })}
        </p>
      ) : null}
      {payment.status === "KEPT" ? <p className="alert alert-warning">{t("payment.keptNote")}</p> : null}
      {RECEIPTED.includes(payment.status) ? <PaymentReceipt paymentId={payment.id} timeZone={appointment.timeZone} /> : null}
    </section>
  )
}
