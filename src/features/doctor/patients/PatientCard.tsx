import { Link } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import type { DoctorPatient } from "../../../../schemas/doctorPatients.ts"
import { ageAndGender } from "./patientText.ts"
import { Ltr } from "../../../i18n/format.ts"
import { formatList } from "../../../i18n/formatList.ts"
import type { Language } from "../../../i18n/languages.ts"
import { PhoneLink } from "../../../ui/PhoneLink.tsx"
import type { DoctorId } from "../../../../schemas/ids.ts"

/** One patient of the list: identity, status, contact, conditions, and the two actions. */
export function PatientCard({ patient: p, doctorId }: { patient: DoctorPatient; doctorId: DoctorId }) {
  const { t, i18n } = useTranslation()
  const name = `${p.firstName} ${p.lastName}`
  return (
    <li className="card patient-card" aria-labelledby={`patient-${p.id}`}>
      <div className="row patient-card-head">
        <h2 id={`patient-${p.id}`} className="patient-name">
          {name}
        </h2>
        <span className={`badge ${p.status === "ACTIVE" ? "badge-success" : "badge-warning"}`}>{t(`doctorPatients.statuses.${p.status}`)}</span>
      </div>
      <p className="muted patient-id">
        {t("doctorPatients.idLabel")} <Ltr>{p.id}</Ltr>
      </p>
      <p>{ageAndGender(t, p.dateOfBirth, p.civility)}</p>
      <dl className="info-list">
        <dt>{t("doctorPatients.phone")}</dt>
        <dd>{p.phoneNumber ? <PhoneLink phone={p.phoneNumber} /> : "—"}</dd>
        <dt>{t("doctorPatients.email")}</dt>
        <dd className="email-cell">
          {p.email ? (
            <a href={`mailto:${p.email}`} dir="ltr" className="email-link" title={p.email}>
              {p.email}
            </a>
          ) : (
            "—"
          )}
        </dd>
        <dt>{t("doctorPatients.conditions")}</dt>
        <dd>{p.conditions.length > 0 ? formatList(p.conditions, i18n.language as Language) : t("doctorPatients.none")}</dd>
      </dl>
      <div className="row">
        <Link
          to="/doctor/$doctorId/patients/$patientId"
          params={{ doctorId, patientId: p.id }}
          className="btn btn-secondary btn-small"
          aria-label={t("doctorPatients.viewDetailsOf", { name })}
        >
          {t("doctorPatients.viewDetails")}
        </Link>
        <Link
          to="/doctor/appointments/new"
          search={{ patientId: p.id, booking: 1 }}
          className="btn btn-primary btn-small"
          aria-label={t("doctorPatients.bookFor", { name })}
        >
          {t("doctorPatients.book")}
        </Link>
      </div>
    </li>
  )
}
