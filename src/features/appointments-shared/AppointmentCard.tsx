import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import type { Appointment } from "../../../schemas/appointment.ts"
import type { Language } from "../../i18n/languages.ts"
import type { Perspective } from "./appointmentFilters.ts"
import { AppointmentLink } from "./AppointmentLink.tsx"
import { AppointmentStatusBadge } from "./AppointmentStatusBadge.tsx"
import { appointmentWhen, attendeeOf, doctorSpecialties } from "./appointmentText.ts"
import "./appointments.css"
import { doctorName } from "../../i18n/doctorText.ts"
import { Address } from "../../i18n/format.ts"

export interface AppointmentCardProps {
  appointment: Appointment
  /** "patient": the card names the doctor; "doctor": it names the patient. */
  perspective: Perspective
  /** Extra buttons (view patient, reschedule…). */
  actions?: ReactNode
}

/** One appointment in a list: who, when, what and where, with its status. Needs the `appointments` texts. */
export function AppointmentCard({ appointment: a, perspective, actions }: AppointmentCardProps) {
  const { t, i18n } = useTranslation()
  const { date, time } = appointmentWhen(a, i18n.language as Language)
  const title = perspective === "patient" ? doctorName(t, a.doctor) : `${a.patient.firstName} ${a.patient.lastName}`
  return (
    <article className="card appointment-card" aria-label={`${title}, ${date} ${time}`}>
      <div className="appointment-card-head">
        <div>
          <h3>
            <AppointmentLink id={a.id} perspective={perspective}>
              {title}
            </AppointmentLink>
          </h3>
          {perspective === "patient" && a.doctor.specialties.length ? (
            <span className="muted">{doctorSpecialties(t, a, i18n.language as Language)}</span>
          ) : null}
        </div>
        <AppointmentStatusBadge status={a.status} />
      </div>
      <dl className="facts">
        <dt>{t("appointments.when")}</dt>
        <dd>
          {date} · {time}
        </dd>
        <dt>{t("appointments.type")}</dt>
        <dd>{t(`appointments.types.${a.appointmentType}`)}</dd>
        {a.patient.dependant || perspective === "doctor" ? (
          <>
            <dt>{t("appointments.for")}</dt>
            <dd>{attendeeOf(a)}</dd>
          </>
        ) : null}
        {a.location ? (
          <>
            <dt>{t("appointments.place")}</dt>
            <dd>
              <Address parts={[a.location.address]} />
            </dd>
          </>
        ) : null}
        <dt>{t("appointments.reason")}</dt>
        <dd className="appointment-reason">{a.reason}</dd>
      </dl>
      <div className="row">
        <AppointmentLink id={a.id} perspective={perspective} className="btn btn-secondary btn-small">
          {t("appointments.viewDetails")}
        </AppointmentLink>
        {actions}
      </div>
    </article>
  )
}
