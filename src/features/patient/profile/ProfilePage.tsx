import { useQuery, useSuspenseQuery } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import type { Patient } from "../../../../schemas/patient.ts"
import { appointmentsQuery } from "../../../api/appointments.ts"
import { patientQuery } from "../../../api/patients.ts"
import { formatDate } from "../../../i18n/format.ts"
import type { Language } from "../../../i18n/languages.ts"
import { ageOf } from "../../../time/calendar.ts"
import { AppointmentCard } from "../../appointments-shared/AppointmentCard.tsx"
import { upcomingConfirmed } from "../../appointments-shared/appointmentFilters.ts"
import { NotificationBell } from "../../appointments-shared/NotificationBell.tsx"
import { SEVERITY_TONE } from "./form/AlertsEditor.tsx"
import { EmergencyContactsSection } from "./EmergencyContactsSection.tsx"
import { formatAge } from "./formatAge.ts"
import { PatientPhoto } from "./PatientPhoto.tsx"
import { PendingEmailNotice } from "./PendingEmailNotice.tsx"
import { EmailVerificationNotice, PhoneVerificationSection } from "./PhoneVerificationSection.tsx"
import { usePatientId } from "./usePatientId.ts"
import { useSessionUser } from "../../../session/useSession.ts"
import "../patient.css"
import { formatPhone } from "../../../../schemas/phone.ts"
import { loadFailureText } from "../../../errors/failureText.ts"

/** /profile: the patient's dashboard (SPEC §2): appointments, notifications, record at a glance. */
export function ProfilePage() {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const patientId = usePatientId()
  const { data: patient } = useSuspenseQuery(patientQuery(patientId))
  const appointments = useQuery(appointmentsQuery())
  // Until the list arrives, the session's (as sign-in saw it): the bell never says 0 for want of data.
  const sessionAppointments = useSessionUser()?.appointments
  const upcoming = upcomingConfirmed(appointments.data ?? sessionAppointments ?? [], Date.now())
  const age = patient.dateOfBirth ? ageOf(patient.dateOfBirth) : null

  return (
    <div className="container page stack">
      <section className="card profile-banner" aria-labelledby="profile-name">
        <PatientPhoto patient={patient} />
        <div className="profile-banner-name">
          <h1 id="profile-name">{`${patient.firstName} ${patient.lastName}`}</h1>
          <p className="muted">
            {[
              age ? formatAge(age, language) : null,
              patient.bloodType && patient.bloodType !== "UNKNOWN" ? t("patientProfile.bloodTypeValue", { value: patient.bloodType }) : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </div>
        <div className="row">
          <NotificationBell appointments={upcoming} perspective="patient" />
          <Link to="/profile/edit" className="btn btn-secondary">
            {t("patientProfile.edit")}
          </Link>
          <Link to="/profile/settings" className="btn btn-secondary">
            {t("patientProfile.settings")}
          </Link>
        </div>
      </section>

      <PendingEmailNotice patient={patient} />
      <EmailVerificationNotice patient={patient} />
      <PhoneVerificationSection key={patient.phoneNumber ?? ""} patient={patient} />

      <section className="stack" aria-labelledby="upcoming-title">
        <div className="section-head">
          <h2 id="upcoming-title">{t("patientProfile.upcoming")}</h2>
          <div className="row">
            <Link to="/appointments">{t("notifications.viewAll")}</Link>
            <Link to="/doctors" className="btn btn-primary btn-small">
              {t("appointments.book")}
            </Link>
          </div>
        </div>
        {appointments.isPending ? (
          <p className="muted">{t("common.loading")}</p>
        ) : appointments.isError ? (
          <p className="alert alert-danger">{loadFailureText(t, appointments.error, t("appointments.loadFailed"))}</p>
        ) : upcoming.length === 0 ? (
          <p className="card muted">{t("patientProfile.noUpcoming")}</p>
        ) : (
          <ul className="card-list">
            {upcoming.slice(0, 3).map((a) => (
              <li key={a.id}>
                <AppointmentCard appointment={a} perspective="patient" />
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="profile-grid">
        <PersonalFacts patient={patient} language={language} />
        <MedicalFacts patient={patient} />
        <section className="card stack" aria-labelledby="dependants-title">
          <div className="section-head">
            <h2 id="dependants-title">{t("dependants.title")}</h2>
            <Link to="/profile/edit">{t("patientProfile.manage")}</Link>
          </div>
          {patient.dependants.length === 0 ? (
            <p className="muted">{t("dependants.none")}</p>
          ) : (
            <ul className="plain-list">
              {patient.dependants.map((d) => (
                <li key={d.id ?? d.firstName} className="list-item">
                  <span>
                    <strong>{`${d.firstName} ${d.lastName}`}</strong>
                    <span className="muted">{` · ${t(`dependants.relationships.${d.relationship}`)} · ${formatDate(d.dateOfBirth, language)}`}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <EmergencyContactsSection patientId={patient.id} contacts={patient.emergencyContacts} />
        <section className="card stack" aria-labelledby="records-title">
          <div className="section-head">
            <h2 id="records-title">{t("medicalRecords.title")}</h2>
            <Link to="/medical-records">{t("medicalRecords.manage")}</Link>
          </div>
          {patient.medicalRecords.length === 0 ? (
            <p className="muted">{t("medicalRecords.none")}</p>
          ) : (
            <ul className="plain-list">
              {patient.medicalRecords.slice(0, 3).map((r) => (
                <li key={r.id} className="list-item">
                  <span>
                    <strong>{r.title}</strong>
                    <br />
                    <span className="muted">{`${t(`medicalRecords.types.${r.type}`)} · ${formatDate(r.date, language)}`}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card stack" aria-labelledby="account-title">
          <h2 id="account-title">{t("patientProfile.account")}</h2>
          <Link to="/change-password">{t("patientSettings.changePassword")}</Link>
          <Link to="/profile/settings">{t("patientProfile.settings")}</Link>
        </section>
      </div>
    </div>
  )
}

function PersonalFacts({ patient, language }: { patient: Patient; language: Language }) {
  const { t } = useTranslation()
  const primary = patient.locations.find((l) => l.isPrimary)
  return (
    <section className="card stack" aria-labelledby="personal-title">
      <h2 id="personal-title">{t("patientProfile.personal")}</h2>
      <dl className="facts">
        <dt>{t("fields.email")}</dt>
        <dd>
          <a href={`mailto:${patient.email}`}>{patient.email}</a>
        </dd>
        <dt>{t("fields.phoneNumber")}</dt>
        <dd dir="ltr">{patient.phoneNumber ? formatPhone(patient.phoneNumber) : "—"}</dd>
        <dt>{t("fields.dateOfBirth")}</dt>
        <dd>{patient.dateOfBirth ? formatDate(patient.dateOfBirth, language) : "—"}</dd>
        <dt>{t("patientProfile.civility")}</dt>
        <dd>{patient.civility ? t(`patientProfile.civilities.${patient.civility}`) : "—"}</dd>
        <dt>{t("patientProfile.primaryAddress")}</dt>
        <dd>{primary ? `${primary.address}, ${primary.city}` : "—"}</dd>
      </dl>
    </section>
  )
}

function MedicalFacts({ patient }: { patient: Patient }) {
  const { t } = useTranslation()
  const chips = (list: ReadonlyArray<string>) =>
    list.length === 0 ? (
      <span className="muted">{t("patientProfile.noneYet")}</span>
    ) : (
      <ul className="chip-list">
        {list.map((x) => (
          <li key={x} className="badge">
            {x}
          </li>
        ))}
      </ul>
    )
  return (
    <section className="card stack" aria-labelledby="medical-title">
      <h2 id="medical-title">{t("patientProfile.medical")}</h2>
      <dl className="facts">
        <dt>{t("patientProfile.bloodType")}</dt>
        <dd>{patient.bloodType && patient.bloodType !== "UNKNOWN" ? patient.bloodType : t("patientProfile.unknown")}</dd>
        <dt>{t("patientProfile.allergies")}</dt>
        <dd>{chips(patient.allergies)}</dd>
        <dt>{t("patientProfile.chronicConditions")}</dt>
        <dd>{chips(patient.chronicConditions)}</dd>
      </dl>
      <h3>{t("medicalAlerts.title")}</h3>
      {patient.medicalAlerts.length === 0 ? (
        <p className="muted">{t("medicalAlerts.none")}</p>
      ) : (
        <ul className="plain-list">
          {patient.medicalAlerts.map((a) => (
            <li key={a.id ?? a.type} className="list-item">
              <span>
                <span className={`badge ${SEVERITY_TONE[a.severity]}`}>{t(`medicalAlerts.severities.${a.severity}`)}</span> <strong>{a.type}</strong>
                <br />
                <span className="muted">{a.description}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
