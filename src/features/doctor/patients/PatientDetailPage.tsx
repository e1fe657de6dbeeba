import { useQuery } from "@tanstack/react-query"
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { doctorPatientQuery } from "../../../api/doctorPatients.ts"
import { Button } from "../../../ui/Button.tsx"
import { ConfirmDialog } from "../../../ui/ConfirmDialog.tsx"
import { useDoctorSession } from "../common/useDoctorSession.ts"
import { ageAndGender } from "./patientText.ts"
import "./patients.css"
import { Address, Ltr } from "../../../i18n/format.ts"
import { formatList } from "../../../i18n/formatList.ts"
import type { Language } from "../../../i18n/languages.ts"
import { PhoneLink } from "../../../ui/PhoneLink.tsx"

const route = getRouteApi("/doctor/$doctorId/patients/$patientId")

/** /doctor/{doctorId}/patients/{patientId}: banner, emergency contacts, contact, address, booking. */
export function PatientDetailPage() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const { doctorId, patientId } = route.useParams()
  const { doctor } = useDoctorSession()
  const detail = useQuery(doctorPatientQuery(doctorId, patientId))
  const [noSlotDialog, setNoSlotDialog] = useState(false)

  if (detail.isPending) return <p className="container page muted">{t("common.loading")}</p>
  if (detail.error) {
    const code = detail.error.code === "FORBIDDEN_ACTION" || detail.error.code === "PATIENT_NOT_FOUND" ? detail.error.code : "PATIENT_NOT_FOUND"
    return (
      <section className="container page empty-state" aria-labelledby="patient-missing">
        <h1 id="patient-missing">{t(`errors.${code}.title`)}</h1>
        <p className="muted">{t(`errors.${code}.description`)}</p>
        <Link to="/doctor/$doctorId/patients" params={{ doctorId }} className="btn btn-secondary">
          {t("doctorPatients.backToList")}
        </Link>
      </section>
    )
  }
  const p = detail.data
  const primary = p.locations.find((l) => l.isPrimary) ?? p.locations[0]
  // The doctor needs a free slot to book: with none, the schedule is where to go first (SPEC §2).
  const book = () => (doctor.nextAvailability ? void navigate({ to: "/doctor/appointments/new", search: { patientId, booking: 1 } }) : setNoSlotDialog(true))

  return (
    <div className="container page stack">
      <header className="card patient-banner">
        <div>
          <h1>
            {p.firstName} {p.lastName}
          </h1>
          <p className="muted patient-id">
            {t("doctorPatients.idLabel")} <Ltr>{p.id}</Ltr>
          </p>
          <p>
            {ageAndGender(t, p.dateOfBirth, p.civility)}
            {p.bloodType ? ` · ${t("doctorPatients.bloodType", { type: p.bloodType })}` : ""}
          </p>
        </div>
        <div className="row">
          <Link to="/doctor/patients/$patientId/history" params={{ patientId }} className="btn btn-secondary">
            {t("doctorPatients.history")}
          </Link>
          <Button onClick={book}>{t("doctorPatients.bookForThis")}</Button>
        </div>
      </header>

      <div className="grid-cards">
        <section className="card stack" aria-labelledby="emergency-title">
          <h2 id="emergency-title" className="section-title">
            {t("doctorPatients.emergencyContacts")}
          </h2>
          {p.emergencyContacts.length === 0 ? <p className="muted">{t("doctorPatients.none")}</p> : null}
          <ol className="contact-list">
            {p.emergencyContacts.map((c, i) => (
              <li key={c.id}>
                <strong>
                  {c.firstName} {c.lastName}
                </strong>{" "}
                <span className="muted">({t(`doctorPatients.relationships.${c.relationship}`)})</span>{" "}
                {i === 0 ? <span className="badge">{t("doctorPatients.primaryContact")}</span> : null}
                <br />
                <PhoneLink phone={c.phoneNumber} />
                {c.email ? (
                  <>
                    {" · "}
                    <a href={`mailto:${c.email}`} dir="ltr">
                      {c.email}
                    </a>
                  </>
                ) : null}
                {i === 0 ? <p className="field-hint">{t("doctorPatients.primaryNote")}</p> : null}
              </li>
            ))}
          </ol>
        </section>

        <section className="card stack" aria-labelledby="contact-title">
          <h2 id="contact-title" className="section-title">
            {t("doctorPatients.contactInfo")}
          </h2>
          <dl className="info-list">
            <dt>{t("doctorPatients.phone")}</dt>
            <dd>{p.phoneNumber ? <PhoneLink phone={p.phoneNumber} /> : "—"}</dd>
            <dt>{t("doctorPatients.email")}</dt>
            <dd>
              {p.email ? (
                <a href={`mailto:${p.email}`} dir="ltr">
                  {p.email}
                </a>
              ) : (
                "—"
              )}
            </dd>
            <dt>{t("doctorPatients.primaryLocation")}</dt>
            <dd>{primary ? <Address parts={[primary.address, primary.city]} /> : "—"}</dd>
          </dl>
        </section>

        <section className="card stack" aria-labelledby="health-title">
          <h2 id="health-title" className="section-title">
            {t("doctorPatients.health")}
          </h2>
          <dl className="info-list">
            <dt>{t("doctorPatients.allergies")}</dt>
            <dd>{p.allergies.length > 0 ? formatList(p.allergies, i18n.language as Language) : t("doctorPatients.none")}</dd>
            <dt>{t("doctorPatients.conditions")}</dt>
            <dd>{p.conditions.length > 0 ? formatList(p.conditions, i18n.language as Language) : t("doctorPatients.none")}</dd>
          </dl>
          {p.medicalAlerts.map((a) => (
            <p key={a.id ?? a.description} className={`alert ${a.severity === "HIGH" ? "alert-danger" : "alert-warning"}`}>
              <strong>{a.type}</strong> — {a.description}
            </p>
          ))}
        </section>
      </div>

      <ConfirmDialog
        open={noSlotDialog}
        title={t("doctorPatients.noSlotTitle")}
        description={t("doctorPatients.noSlotText")}
        confirmLabel={t("doctorPatients.goToSchedule")}
        cancelLabel={t("common.close")}
        onConfirm={() => void navigate({ to: "/doctor/schedule" })}
        onCancel={() => setNoSlotDialog(false)}
      />
    </div>
  )
}
