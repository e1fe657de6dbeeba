import { BackToAppointmentsLink } from "../features/appointments-shared/BackToAppointmentsLink.tsx"
import { useTranslation } from "react-i18next"
import type { Appointment } from "../../schemas/appointment.ts"
import { AppointmentFacts } from "../features/appointments-shared/AppointmentFacts.tsx"
import { doctorName } from "../i18n/doctorText.ts"
import type { Language } from "../i18n/languages.ts"
import { doctorSpecialties } from "../features/appointments-shared/appointmentText.ts"

/**
 * One appointment's detail as the tab kept it, for "Voir le détail" with no network: what the
 * list card showed, laid out as the detail page does, with no action (each needs the gateway).
 * An appointment the tab did not keep says that its detail cannot be read offline.
 */
export function OfflineAppointmentDetail({ appointment: a }: { appointment: Appointment | undefined }) {
  const { t, i18n } = useTranslation()
  return (
    <section className="container stack offline-kept" aria-labelledby="offline-detail-title">
      <BackToAppointmentsLink />
      <h2 id="offline-detail-title">{t("appointments.detailTitle")}</h2>
      {a ? (
        <div className="card stack">
          <h3>{doctorName(t, a.doctor)}</h3>
          {a.doctor.specialties.length ? <p className="muted">{doctorSpecialties(t, a, i18n.language as Language)}</p> : null}
          <AppointmentFacts appointment={a} />
        </div>
      ) : (
        <p className="muted">{t("offline.detailUnavailable")}</p>
      )}
    </section>
  )
}
