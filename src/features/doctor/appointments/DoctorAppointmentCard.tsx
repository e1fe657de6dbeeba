import { Link } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import type { Appointment } from "../../../../schemas/appointment.ts"
import type { Language } from "../../../i18n/languages.ts"
import { isUpcoming } from "../../appointments-shared/appointmentFilters.ts"
import { AppointmentStatusBadge } from "../../appointments-shared/AppointmentStatusBadge.tsx"
import { appointmentWhen } from "../../appointments-shared/appointmentText.ts"
import { seenPatient } from "../patients/patientText.ts"
import { Address, Ltr } from "../../../i18n/format.ts"
import { PhoneLink } from "../../../ui/PhoneLink.tsx"
import type { DoctorId } from "../../../../schemas/ids.ts"

/**
 * One appointment in the doctor's list (SPEC §2): patient name and id, status, date, time, age
 * and civility, place, phone, email; View patient, and Reschedule for confirmed future ones. For a
 * dependant's visit the dependant is the patient, and the account holder is who booked (issue 39).
 */
export function DoctorAppointmentCard({ appointment: a, doctorId }: { appointment: Appointment; doctorId: DoctorId }) {
  const { t, i18n } = useTranslation()
  const { date, time } = appointmentWhen(a, i18n.language as Language)
  const seen = seenPatient(t, a)
  const name = seen.name
  const canReschedule = a.status === "CONFIRMED" && isUpcoming(a, Date.now())
  return (
    <article className="card appointment-card" aria-label={`${name}, ${date} ${time}`}>
      <div className="appointment-card-head">
        <div>
          <h2 className="patient-name">
            <Link to="/doctor/appointments/$appointmentId" params={{ appointmentId: a.id }}>
              {name}
            </Link>
          </h2>
          {seen.bookedBy ? <p className="booked-by">{t("doctorAppointments.bookedBy", { name: seen.bookedBy })}</p> : null}
          <span className="muted patient-id">
            {t("doctorPatients.idLabel")} <Ltr>{a.patientId}</Ltr>
          </span>
        </div>
        <div className="row">
          <AppointmentStatusBadge status={a.status} />
          {/* Issue 40: a no-show keeps its SPEC status; the doctor marked it beside. */}
          {a.noShow ? <span className="badge badge-warning">{t("doctorPayments.noShow.marked")}</span> : null}
        </div>
      </div>
      <dl className="appointment-meta">
        <dt>{t("appointments.date")}</dt>
        <dd>{date}</dd>
        <dt>{t("appointments.time")}</dt>
        <dd>{time}</dd>
        <dt>{t("doctorAppointments.ageCivility")}</dt>
        <dd>{seen.ageAndSex || "—"}</dd>
        <dt>{t("appointments.place")}</dt>
        <dd>{a.location ? <Address parts={[a.location.address]} /> : t(`appointments.types.${a.appointmentType}`)}</dd>
        <dt>{t("doctorPatients.phone")}</dt>
        <dd>{a.patient.phoneNumber ? <PhoneLink phone={a.patient.phoneNumber} /> : "—"}</dd>
        <dt>{t("doctorPatients.email")}</dt>
        <dd className="email-cell">
          {a.patient.email ? (
            <a href={`mailto:${a.patient.email}`} dir="ltr" className="email-link" title={a.patient.email}>
              {a.patient.email}
            </a>
          ) : (
            "—"
          )}
        </dd>
      </dl>
      <div className="row">
        <Link to="/doctor/$doctorId/patients/$patientId" params={{ doctorId, patientId: a.patientId }} className="btn btn-secondary btn-small">
          {t("doctorAppointments.viewPatient")}
        </Link>
        {canReschedule ? (
          <Link to="/doctor/appointments/$appointmentId/reschedule" params={{ appointmentId: a.id }} className="btn btn-secondary btn-small">
            {t("appointments.reschedule")}
          </Link>
        ) : null}
      </div>
    </article>
  )
}
