import { Link } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import "../common/doctorCommon.css"

/** /doctor/prescriptions: where the prescription actions lead (drafts are not stored, SPEC §3). */
export function PrescriptionsPage() {
  const { t } = useTranslation()
  return (
    <section className="container page stack" aria-labelledby="prescriptions-title">
      <div className="doctor-page-header">
        <h1 id="prescriptions-title">{t("prescription.listTitle")}</h1>
        <Link to="/doctor/prescriptions/new" className="btn btn-primary">
          {t("prescription.new")}
        </Link>
      </div>
      <div className="card empty-state">
        <p>{t("prescription.listEmpty")}</p>
      </div>
    </section>
  )
}
