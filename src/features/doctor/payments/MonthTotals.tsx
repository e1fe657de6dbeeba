import { useTranslation } from "react-i18next"
import type { DoctorPayments } from "../../../../schemas/payments.ts"
import { Money } from "../../../i18n/format.ts"
import type { Language } from "../../../i18n/languages.ts"
import { monthLabel } from "./paymentText.ts"

/** The gateway's totals, one card per month and currency: XOF and XAF both print FCFA but never add up. */
export function MonthTotals({ months }: { months: DoctorPayments["months"] }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  return (
    <section className="stack" aria-labelledby="payment-months">
      <h2 id="payment-months" className="section-title">
        {t("doctorPayments.monthsTitle")}
      </h2>
      <ul className="grid-cards">
        {months.map((m) => (
          <li key={`${m.month}-${m.currency}`} className="card stack payment-month" data-testid={`payment-month-${m.month}-${m.currency}`}>
            <h3 className="payment-month-title">{monthLabel(m.month, language)}</h3>
            <p className="muted">
              {t(`doctorPayments.currencies.${m.currency}`)} · {t("doctorPayments.count", { count: m.count })}
            </p>
            <dl className="info-list">
              <dt>{t("doctorPayments.paid")}</dt>
              <dd>
                <Money amount={m.paid} />
              </dd>
              <dt>{t("doctorPayments.refunded")}</dt>
              <dd>
                <Money amount={m.refunded} />
              </dd>
              <dt>{t("doctorPayments.kept")}</dt>
              <dd>
                <Money amount={m.kept} />
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  )
}
