import { useQuery, useSuspenseQuery } from "@tanstack/react-query"
import { getRouteApi, Link, useNavigate, useRouter } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { AppointmentNotFoundView } from "../../appointments-shared/AppointmentNotFound.tsx"
import { appointmentQuery } from "../../../api/appointments.ts"
import { appointmentPaymentQuery } from "../../../api/doctorPayments.ts"
import { useAppActors } from "../../../appContext.tsx"
import { Button } from "../../../ui/Button.tsx"
import { AppointmentFacts } from "../../appointments-shared/AppointmentFacts.tsx"
import { AddToCalendarButton } from "../../appointments-shared/AddToCalendarButton.tsx"
import { CancelAppointmentButton } from "../../appointments-shared/CancelAppointmentButton.tsx"
import { NotificationLog } from "../../appointments-shared/NotificationLog.tsx"
import { useDoctorSession } from "../common/useDoctorSession.ts"
import { seenPatient } from "../patients/patientText.ts"
import "../common/doctorCommon.css"
import { PhoneLink } from "../../../ui/PhoneLink.tsx"
import { isUpcoming } from "../../appointments-shared/appointmentFilters.ts"
import { AppointmentPayment } from "./AppointmentPayment.tsx"
import { NoShowButton } from "./NoShowButton.tsx"

const route = getRouteApi("/doctor/appointments/$appointmentId")

/**
 * /doctor/appointments/{id}: patient, appointment and its deposit; reschedule and cancel while
 * CONFIRMED; once its time has passed, "Patient absent" (issue 40).
 */
export function DoctorAppointmentDetailPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const router = useRouter()
  const { session } = useAppActors()
  const { doctor } = useDoctorSession()
  const { appointmentId } = route.useParams()
  const { data: a } = useSuspenseQuery(appointmentQuery(appointmentId))
  const payment = useQuery(appointmentPaymentQuery(appointmentId))
  const seen = seenPatient(t, a)
  // The gateway takes a no-show only once the time has passed, and never for a cancelled visit.
  const mayMarkAbsent = !a.noShow && a.status !== "CANCELED" && !isUpcoming(a, Date.now())

  return (
    <div className="container page stack">
      <div className="doctor-page-header">
        <h1>{t("doctorAppointments.detailTitle")}</h1>
      </div>
      <section className="card stack" aria-labelledby="appointment-patient">
        <h2 id="appointment-patient" className="section-title">
          {t("doctorAppointments.patientInfo")}
        </h2>
        <dl className="info-list">
          <dt>{t("doctorAppointments.patient")}</dt>
          <dd>{seen.name}</dd>
          <dt>{t("doctorAppointments.ageCivility")}</dt>
          <dd>{seen.ageAndSex || "—"}</dd>
          {seen.bookedBy ? (
            <>
              <dt>{t("doctorAppointments.bookedByLabel")}</dt>
              <dd>{seen.bookedBy}</dd>
            </>
          ) : null}
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
      </section>
      <section className="card stack" aria-labelledby="appointment-info">
        <h2 id="appointment-info" className="section-title">
          {t("doctorAppointments.appointmentInfo")}
        </h2>
        <AppointmentFacts appointment={a} />
        {a.noShow ? (
          <p data-testid="no-show">
            <span className="badge badge-warning">{t("doctorPayments.noShow.marked")}</span>
          </p>
        ) : null}
      </section>
      <AppointmentPayment query={payment} />
      <div className="row">
        {a.status === "CONFIRMED" ? (
          <>
            <Link to="/doctor/appointments/$appointmentId/reschedule" params={{ appointmentId: a.id }} className="btn btn-secondary">
              {t("appointments.reschedule")}
            </Link>
            <CancelAppointmentButton
              appointment={a}
              onCanceled={() => {
                // The bell and the statistics read the session's appointments.
                session.send({ type: "session.refresh" })
                void navigate({ to: "/doctor/appointments" })
              }}
            />
          </>
        ) : null}
        {mayMarkAbsent ? <NoShowButton appointment={a} depositPaid={payment.data?.payment?.status === "PAID"} /> : null}
        <Link to="/doctor/$doctorId/patients/$patientId" params={{ doctorId: doctor.id, patientId: a.patientId }} className="btn btn-secondary">
          {t("doctorAppointments.viewPatient")}
        </Link>
        <Button variant="ghost" onClick={() => router.history.back()}>
          {t("common.back")}
        </Button>
      </div>
      {a.status === "CONFIRMED" ? <AddToCalendarButton appointment={a} /> : null}
      <NotificationLog appointment={a} />
    </div>
  )
}

/** The not-found view of SPEC §8 "Appointment fetch failure", back to this role's list. */
export function DoctorAppointmentNotFound() {
  const { t } = useTranslation()
  return <AppointmentNotFoundView backTo="/doctor/appointments" backLabel={t("doctorAppointments.backToList")} />
}
