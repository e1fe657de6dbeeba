import { useSuspenseQuery } from "@tanstack/react-query"
import { getRouteApi } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { appointmentQuery } from "../../../api/appointments.ts"
import { useAppActors } from "../../../appContext.tsx"
import { RescheduleForm } from "../../appointments-shared/RescheduleForm.tsx"
import { doctorName } from "../../../i18n/doctorText.ts"

const route = getRouteApi("/_patient/appointments/$appointmentId/reschedule")

/** /appointments/{id}/reschedule: a new slot with the same doctor; the old one is freed. */
export function ReschedulePage() {
  const { t } = useTranslation()
  const { appointmentId } = route.useParams()
  const navigate = route.useNavigate()
  const { session } = useAppActors()
  const { data: appointment } = useSuspenseQuery(appointmentQuery(appointmentId))
  const toDetail = () => void navigate({ to: "/appointments/$appointmentId", params: { appointmentId } })
  return (
    <div className="container page stack">
      <h1>{t("appointments.rescheduleTitle", { name: doctorName(t, appointment.doctor) })}</h1>
      <RescheduleForm
        appointment={appointment}
        onCancel={toDetail}
        onDone={() => {
          session.send({ type: "session.refresh" })
          toDetail()
        }}
      />
    </div>
  )
}
