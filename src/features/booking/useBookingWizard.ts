import { useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { useRef } from "react"
import { useTranslation } from "react-i18next"
import { fromPromise, type ActorRefFrom } from "xstate"
import { bookingWizardMachine, type BookingOrigin, type BookingWizardInput } from "../../../machines/bookingWizard.machine.ts"
import { appointmentKeys, createAppointment } from "../../api/appointments.ts"
import { useAppActors } from "../../appContext.tsx"
import { toast, TOAST_DURATION } from "../../ui/toast/toastStore.ts"
import { useFlowActor } from "../../dev/useFlowActor.ts"

export type BookingWizardActor = ActorRefFrom<typeof bookingWizardMachine>

const DESTINATION: Record<BookingOrigin, "/profile" | "/appointments" | "/doctor/appointments"> = {
  profile: "/profile",
  search: "/appointments",
  availability: "/appointments",
  doctor: "/doctor/appointments",
}

/** One wizard actor for one opening of the dialog, wired to the gateway, the session and the router. */
export function useBookingWizard(input: BookingWizardInput, onClose: () => void): BookingWizardActor {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { session } = useAppActors()
  const close = useRef(onClose)
  close.current = onClose

  return useFlowActor(
    bookingWizardMachine.provide({
      actors: { createAppointment: fromPromise(({ input: body }) => createAppointment(body)) },
      actions: {
        refreshSlots: () => void queryClient.invalidateQueries({ queryKey: ["timeSlots", input.doctorId] }),
        announceSuccess: () => {
          session.send({ type: "session.refresh" })
          void queryClient.invalidateQueries({ queryKey: appointmentKeys.all })
          void queryClient.invalidateQueries({ queryKey: ["timeSlots", input.doctorId] })
          toast.success(t("booking.success"), TOAST_DURATION.long)
        },
        logFailure: (_, { error }) => console.warn("[promed] booking failed", error),
        finish: (_, { origin }) => {
          close.current()
          void navigate({ to: DESTINATION[origin] })
        },
      },
    }),
    { input },
  )
}
