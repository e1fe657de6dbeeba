import { useMutation, useQuery } from "@tanstack/react-query"
import { useTranslation } from "react-i18next"
import { doctorPaymentsCsv, doctorPaymentsQuery } from "../../../api/doctorPayments.ts"
import { Button } from "../../../ui/Button.tsx"
import { LoadFailed } from "../../../ui/LoadFailed.tsx"
import { saveFile } from "../../appointments-shared/AddToCalendarButton.tsx"
import { useDoctorSession } from "../common/useDoctorSession.ts"
import { MonthTotals } from "./MonthTotals.tsx"
import { PaymentCard } from "./PaymentCard.tsx"
import { paymentsFileName } from "./paymentText.ts"
import "../common/doctorCommon.css"
import "./payments.css"

/** /doctor/payments (issue 40): every deposit with its state, the totals by month, and the CSV export. */
export function DoctorPaymentsPage() {
  const { t } = useTranslation()
  const { doctor, timeZone } = useDoctorSession()
  const list = useQuery(doctorPaymentsQuery(doctor.id))
  // A failure opens the error modal (SPEC §8), as for the calendar file.
  const exportCsv = useMutation({
    mutationFn: () => doctorPaymentsCsv(doctor.id),
    onSuccess: (text) => saveFile(text, paymentsFileName(timeZone), "text/csv"),
  })
  const payments = list.data?.payments ?? []

  return (
    <div className="container page stack">
      <div className="doctor-page-header">
        <h1>{t("doctorPayments.title")}</h1>
        {payments.length > 0 ? (
          <Button variant="secondary" onClick={() => exportCsv.mutate()} loading={exportCsv.isPending}>
            {t("doctorPayments.exportCsv")}
          </Button>
        ) : null}
      </div>
      <p className="muted">{t("doctorPayments.intro")}</p>
      {list.error ? <LoadFailed message={t("doctorPayments.loadFailed")} error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.isPending ? <p className="muted">{t("common.loading")}</p> : null}
      {list.data && payments.length === 0 ? (
        <div className="card empty-state">
          <p>{t("doctorPayments.empty")}</p>
        </div>
      ) : null}
      {list.data && list.data.months.length > 0 ? <MonthTotals months={list.data.months} /> : null}
      {payments.length > 0 ? (
        <section className="stack" aria-labelledby="payment-list">
          <h2 id="payment-list" className="section-title">
            {t("doctorPayments.listTitle")}
          </h2>
          <p className="muted">{t("doctorPayments.count", { count: payments.length })}</p>
          <ul className="grid-cards">
            {payments.map((p) => (
              <li key={p.id}>
                <PaymentCard payment={p} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
