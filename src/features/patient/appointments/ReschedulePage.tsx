import { useQuery, useSuspenseQuery } from "@tanstack/react-query"
import { getRouteApi } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { appointmentQuery } from "../../../api/appointments.ts"
import { useAppActors } from "../../../appContext.tsx"
import { RescheduleForm } from "../../appointments-shared/RescheduleForm.tsx"
import { doctorName } from "../../../i18n/doctorText.ts"
import { LoadingScreen } from "../../../ui/LoadingScreen.tsx"
import { offeredSlotQuery, slotWaitlistsQuery } from "../../../api/slotWaitlists.ts"
import type { DoctorId, TimeSlotId } from "../../../../schemas/ids.ts"

const route = getRouteApi("/_patient/appointments/$appointmentId/reschedule")

/** /appointments/{id}/reschedule: a new slot with the same doctor; the old one is freed. */
export function ReschedulePage() {
  const { t } = useTranslation()
  const { appointmentId } = route.useParams()
  const navigate = route.useNavigate()
  const { session } = useAppActors()
  const { data: appointment } = useSuspenseQuery(appointmentQuery(appointmentId))
  const offered = useOfferedSlot(appointment.doctorId, route.useSearch().slot)
  const toDetail = () => void navigate({ to: "/appointments/$appointmentId", params: { appointmentId } })
  return (
    <div className="container page stack">
      <h1>{t("appointments.rescheduleTitle", { name: doctorName(t, appointment.doctor) })}</h1>
      {offered.pending ? (
        <LoadingScreen />
      ) : (
        <RescheduleForm
          appointment={appointment}
          initialSlot={offered.slot}
          onCancel={toDetail}
          onDone={() => {
            session.send({ type: "session.refresh" })
            toDetail()
          }}
        />
      )}
    </div>
  )
}

/**
 * The slot a waitlist offer holds for the patient (`?slot=`, issue 14), read through their live
 * offers so only a slot actually offered is preselected; none (or no longer free): nothing chosen.
 */
function useOfferedSlot(doctorId: DoctorId, slotId: TimeSlotId | undefined) {
  const waitlists = useQuery({ ...slotWaitlistsQuery(), enabled: slotId !== undefined })
  const offer = waitlists.data?.find((e) => e.offer?.timeSlotId === slotId)?.offer ?? null
  const slot = useQuery({
    ...offeredSlotQuery(doctorId, offer ?? { timeSlotId: slotId ?? ("" as TimeSlotId), startsAt: "", timeZone: "Africa/Dakar" }),
    enabled: offer !== null,
  })
  if (slotId === undefined) return { pending: false, slot: null }
  if (waitlists.isPending || (offer !== null && slot.isPending)) return { pending: true, slot: null }
  return { pending: false, slot: slot.data ?? null }
}
