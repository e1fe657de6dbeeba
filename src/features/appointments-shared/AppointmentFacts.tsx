import { useTranslation } from "react-i18next"
import type { Appointment } from "../../../schemas/appointment.ts"
import type { Language } from "../../i18n/languages.ts"
import { AppointmentStatusBadge } from "./AppointmentStatusBadge.tsx"
import { appointmentWhen, attendeeOf } from "./appointmentText.ts"
import { Address } from "../../i18n/format.ts"

/** The facts of one appointment for a detail page: status, date, time, type, for whom, place, reason. */
export function AppointmentFacts({ appointment: a }: { appointment: Appointment }) {
  const { t, i18n } = useTranslation()
  const { date, time } = appointmentWhen(a, i18n.language as Language)
  return (
    <dl className="facts">
      <dt>{t("appointments.statusLabel")}</dt>
      <dd>
        <AppointmentStatusBadge status={a.status} />
      </dd>
      <dt>{t("appointments.date")}</dt>
      <dd>{date}</dd>
      <dt>{t("appointments.time")}</dt>
      <dd>{time}</dd>
      <dt>{t("appointments.type")}</dt>
      <dd>{t(`appointments.types.${a.appointmentType}`)}</dd>
      <dt>{t("appointments.for")}</dt>
      <dd>{attendeeOf(a)}</dd>
      {a.location ? (
        <>
          <dt>{t("appointments.place")}</dt>
          <dd>
            {a.location.url ? (
              <a href={a.location.url}>
                <Address parts={[a.location.address]} />
              </a>
            ) : (
              <Address parts={[a.location.address]} />
            )}
          </dd>
        </>
      ) : null}
      <dt>{t("appointments.reason")}</dt>
      <dd>{a.reason}</dd>
    </dl>
  )
}
