import type { UseQueryResult } from "@tanstack/react-query"
import { useTranslation } from "react-i18next"
import type { AppointmentPayment as AppointmentPaymentAnswer } from "../../../../schemas/payments.ts"
import type { ApiRequestError } from "../../../api/requestError.ts"
import { Ltr, Money } from "../../../i18n/format.ts"
import { LoadFailed } from "../../../ui/LoadFailed.tsx"
import { PaymentStatusBadge } from "../payments/PaymentStatusBadge.tsx"
import { methodLabel } from "../payments/paymentText.ts"

/** The appointment's deposit (GET /appointments/{id}/payment): its state, amount and method, or that none was asked. */
export function AppointmentPayment({ query }: { query: UseQueryResult<AppointmentPaymentAnswer, ApiRequestError> }) {
  const { t } = useTranslation()
  const payment = query.data?.payment
  return (
    <section className="card stack" aria-labelledby="appointment-payment">
      <h2 id="appointment-payment" className="section-title">
        {t("doctorPayments.appointmentPayment.title")}
      </h2>
      {query.error ? <LoadFailed message={t("doctorPayments.appointmentPayment.loadFailed")} error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isPending ? <p className="muted">{t("common.loading")}</p> : null}
      {query.data && !payment ? <p className="muted">{t("doctorPayments.appointmentPayment.none")}</p> : null}
      {payment ? (
        <dl className="info-list">
          <dt>{t("doctorPayments.status")}</dt>
          <dd>
            <PaymentStatusBadge status={payment.status} />
          </dd>
          <dt>{t("doctorPayments.amount")}</dt>
          <dd>
            <Money amount={payment.amount} />
          </dd>
          <dt>{t("doctorPayments.method")}</dt>
          <dd>{methodLabel(t, payment.method)}</dd>
          {payment.receiptNumber ? (
            <>
              <dt>{t("doctorPayments.receipt")}</dt>
              <dd>
                <Ltr>{payment.receiptNumber}</Ltr>
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {payment?.status === "KEPT" ? <p>{t("doctorPayments.noShow.depositKept")}</p> : null}
    </section>
  )
}
