import { useQuery } from "@tanstack/react-query"
import { Trans, useTranslation } from "react-i18next"
import type { PaymentId } from "../../../schemas/ids.ts"
import { paymentReceiptQuery } from "../../api/payments.ts"
import { Address, Money } from "../../i18n/format.ts"
import type { Language } from "../../i18n/languages.ts"
import { Button } from "../../ui/Button.tsx"
import { PaymentStatusBadge } from "./PaymentStatusBadge.tsx"
import { paymentDate } from "./paymentText.ts"
import "./payments.css"

/**
 * The numbered receipt of a paid deposit (issue 40): who paid whom, where, how much, in which
 * currency, how and when. Printing prints it alone (payments.css).
 */
export function PaymentReceipt({ paymentId, timeZone }: { paymentId: PaymentId; timeZone: string }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const { data: receipt, isError } = useQuery(paymentReceiptQuery(paymentId))
  if (isError) return <p className="muted">{t("payment.receiptLoadFailed")}</p>
  if (!receipt) return null
  return (
    <article className="receipt stack" aria-labelledby="receipt-title">
      <h3 id="receipt-title">
        {/* The number is an id: kept left to right inside Arabic text. */}
        <Trans i18nKey="payment.receiptTitle" values={{ number: receipt.number }} components={{ number: <bdi dir="ltr" /> }} />
      </h3>
      <dl className="facts">
        <dt>{t("payment.receiptPatient")}</dt>
        <dd>{receipt.patientName}</dd>
        <dt>{t("payment.receiptDoctor")}</dt>
        <dd>{receipt.doctorName}</dd>
        <dt>{t("payment.receiptFacility")}</dt>
        <dd>
          {receipt.facilityName}
          <br />
          <Address parts={[receipt.facilityAddress]} />
        </dd>
        <dt>{t("payment.amount")}</dt>
        <dd>
          <Money amount={receipt.amount} />
        </dd>
        <dt>{t("payment.currency")}</dt>
        <dd>{t(`payment.currencies.${receipt.currency}`)}</dd>
        <dt>{t("payment.method")}</dt>
        <dd>{t(`payment.methods.${receipt.method}`)}</dd>
        <dt>{t("payment.paidAt")}</dt>
        <dd>{paymentDate(receipt.paidAt, language, timeZone)}</dd>
        <dt>{t("payment.statusLabel")}</dt>
        <dd>
          <PaymentStatusBadge status={receipt.status} />
        </dd>
        {receipt.refundedAt ? (
          <>
            <dt>{t("payment.refundedAt")}</dt>
            <dd>{paymentDate(receipt.refundedAt, language, timeZone)}</dd>
          </>
        ) : null}
      </dl>
      <div className="row no-print">
        <Button variant="secondary" onClick={() => window.print()}>
          {t("payment.print")}
        </Button>
      </div>
    </article>
  )
}
