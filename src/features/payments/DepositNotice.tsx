import { Trans, useTranslation } from "react-i18next"
import type { Deposit } from "../../../machines/bookingWizard.machine.ts"
import { Money } from "../../i18n/format.ts"
import "./payments.css"

/**
 * What the review says of a deposit before the patient pays it (issue 40): how much, why (the
 * doctor asks it of all, or after an earlier missed appointment) and when it comes back.
 */
export function DepositNotice({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation()
  return (
    <section className="deposit-notice" aria-labelledby="deposit-notice-title">
      <h3 id="deposit-notice-title">{t("payment.depositTitle")}</h3>
      <p>
        <Trans i18nKey={`payment.depositReason.${deposit.reason}`} components={{ amount: <Money amount={deposit.amount} /> }} />
      </p>
      <p className="muted">{t("payment.refundRule")}</p>
    </section>
  )
}
