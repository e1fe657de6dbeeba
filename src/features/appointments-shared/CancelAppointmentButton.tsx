import { useQueryClient } from "@tanstack/react-query"
import { useSelector } from "@xstate/react"
import { useRef } from "react"
import { useTranslation } from "react-i18next"
import { fromPromise } from "xstate"
import { cancelAppointmentMachine } from "../../../machines/cancelAppointment.machine.ts"
import type { Appointment } from "../../../schemas/appointment.ts"
import { afterAppointmentChange, cancelAppointment } from "../../api/appointments.ts"
import { Button } from "../../ui/Button.tsx"
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx"
import { Dialog } from "../../ui/Dialog.tsx"
import { toast, TOAST_DURATION } from "../../ui/toast/toastStore.ts"
import { useFlowActor } from "../../dev/useFlowActor.ts"
import { failureText } from "../../errors/failureText.ts"

export interface CancelAppointmentButtonProps {
  appointment: Appointment
  /** After the cancel went through: refresh the session (patients), go back to the list (doctors)… */
  onCanceled?: (appointment: Appointment) => void
}

/**
 * Cancel with the confirmation of SPEC §4 ('Yes, Cancel' / 'No, Keep It'); inside 24 hours the
 * policy is explained instead. Render it only for CONFIRMED appointments. Needs the
 * `appointments` and `cancellation` texts.
 */
export function CancelAppointmentButton({ appointment, onCanceled }: CancelAppointmentButtonProps) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const after = useRef(onCanceled)
  after.current = onCanceled
  const actor = useFlowActor(
    cancelAppointmentMachine.provide({
      actors: { cancelAppointment: fromPromise(({ input }) => cancelAppointment(input.appointmentId, input.idempotencyKey)) },
      actions: {
        onCanceled: (_, { appointment: canceled }) => {
          void afterAppointmentChange(queryClient, canceled)
          toast.success(t("cancellation.done"), TOAST_DURATION.normal)
          after.current?.(canceled)
        },
        logFailure: (_, { error }) => console.warn("[promed] cancel failed", error),
      },
    }),
    { input: { appointmentId: appointment.id, appointmentTime: appointment.appointmentTime } },
  )
  const state = useSelector(actor, (s) => s.value)
  const error = useSelector(actor, (s) => s.context.error)
  const dismiss = () => actor.send({ type: "cancel.dismiss" })

  return (
    <>
      <Button variant="danger" onClick={() => actor.send({ type: "cancel.request" })} disabled={state === "canceled"}>
        {t("cancellation.cancelAppointment")}
      </Button>
      <ConfirmDialog
        open={state === "confirming" || state === "canceling" || state === "failed"}
        title={t("cancellation.title")}
        description={t("cancellation.question")}
        confirmLabel={state === "failed" ? t("common.retry") : t("cancellation.yes")}
        cancelLabel={t("cancellation.no")}
        destructive
        busy={state === "canceling"}
        onConfirm={() => actor.send({ type: "cancel.confirm" })}
        onCancel={dismiss}
      >
        {state === "failed" ? (
          <p className="alert alert-danger" role="alert">
            {failureText(t, error, t("cancellation.failed"))}
          </p>
        ) : null}
      </ConfirmDialog>
      <Dialog open={state === "restricted"} onOpenChange={(open) => (open ? undefined : dismiss())} title={t("cancellation.restrictedTitle")}>
        <p>{t("cancellation.restricted")}</p>
        <div className="dialog-actions">
          <Button onClick={dismiss}>{t("common.close")}</Button>
        </div>
      </Dialog>
    </>
  )
}
