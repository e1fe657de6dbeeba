import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import { BackToAppointmentsLink } from "../../appointments-shared/BackToAppointmentsLink.tsx"
import { getRouteApi, Link } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { AppointmentNotFoundView } from "../../appointments-shared/AppointmentNotFound.tsx"
import { appointmentQuery } from "../../../api/appointments.ts"
import { useAppActors } from "../../../appContext.tsx"
import { AppointmentFacts } from "../../appointments-shared/AppointmentFacts.tsx"
import { AddToCalendarButton } from "../../appointments-shared/AddToCalendarButton.tsx"
import { CancelAppointmentButton } from "../../appointments-shared/CancelAppointmentButton.tsx"
import "../patient.css"
import { doctorName } from "../../../i18n/doctorText.ts"
import { doctorSpecialties } from "../../appointments-shared/appointmentText.ts"
import type { Language } from "../../../i18n/languages.ts"
import { PaymentCard } from "../../payments/PaymentCard.tsx"
import { paymentKeys } from "../../../api/payments.ts"

const route = getRouteApi("/_patient/appointments/$appointmentId")

/** /appointments/{id}: one appointment, with reschedule, cancel and "Add to calendar" while CONFIRMED (SPEC §2, §4; issue 13). */
export function AppointmentDetailPage() {
  const { t, i18n } = useTranslation()
  const { appointmentId } = route.useParams()
  const { session } = useAppActors()
  const queryClient = useQueryClient()
  const { data: a } = useSuspenseQuery(appointmentQuery(appointmentId))
  return (
    <div className="container page stack">
      <BackToAppointmentsLink />
      <h1>{t("appointments.detailTitle")}</h1>
      <section className="card stack" aria-labelledby="appointment-doctor">
        <h2 id="appointment-doctor">{doctorName(t, a.doctor)}</h2>
        {a.doctor.specialties.length ? <p className="muted">{doctorSpecialties(t, a, i18n.language as Language)}</p> : null}
        <AppointmentFacts appointment={a} />
      </section>
      {/* Issue 40: the deposit paid to book it, refunded or kept since, with its receipt. */}
      <PaymentCard appointment={a} />
      {a.status === "CONFIRMED" ? (
        <div className="row">
          <Link to="/appointments/$appointmentId/reschedule" params={{ appointmentId: a.id }} className="btn btn-secondary">
            {t("appointments.reschedule")}
          </Link>
          <CancelAppointmentButton
            appointment={a}
            onCanceled={() => {
              session.send({ type: "session.refresh" })
              // Issue 40: cancelling in time refunds the deposit; its card and receipt say so.
              void queryClient.invalidateQueries({ queryKey: paymentKeys.all })
            }}
          />
        </div>
      ) : null}
      {a.status === "CONFIRMED" ? <AddToCalendarButton appointment={a} /> : null}
      <p className="muted">{t("appointments.policy")}</p>
    </div>
  )
}

/** The not-found view of SPEC §8 "Appointment fetch failure", back to this role's list. */
export function AppointmentNotFound() {
  const { t } = useTranslation()
  return <AppointmentNotFoundView backTo="/appointments" backLabel={t("appointments.backToList")} />
}
