import { useSuspenseQuery } from "@tanstack/react-query"
import { getRouteApi, useNavigate } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { appointmentQuery } from "../../../api/appointments.ts"
import { useAppActors } from "../../../appContext.tsx"
import { RescheduleForm } from "../../appointments-shared/RescheduleForm.tsx"

const route = getRouteApi("/doctor/appointments/$appointmentId/reschedule")

/** /doctor/appointments/{id}/reschedule: a new slot of the doctor's own schedule for the appointment. */
export function DoctorReschedulePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { session } = useAppActors()
  const { appointmentId } = route.useParams()
  const { data: a } = useSuspenseQuery(appointmentQuery(appointmentId))
  const toDetail = () => void navigate({ to: "/doctor/appointments/$appointmentId", params: { appointmentId } })
  // Whom the visit is for: a dependant's is theirs (issue 39).
  const seen = a.patient.dependant ?? a.patient
  return (
    <div className="container page stack">
      <h1>{t("doctorAppointments.rescheduleTitle", { name: `${seen.firstName} ${seen.lastName}` })}</h1>
      <RescheduleForm
        appointment={a}
        onDone={() => {
          session.send({ type: "session.refresh" })
          toDetail()
        }}
        onCancel={toDetail}
      />
    </div>
  )
}
