import { useQueryClient } from "@tanstack/react-query"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { fromPromise } from "xstate"
import { noShowMarkMachine } from "../../../../machines/noShowMark.machine.ts"
import type { Appointment } from "../../../../schemas/appointment.ts"
import { afterAppointmentChange } from "../../../api/appointments.ts"
import { doctorPaymentKeys, markNoShow } from "../../../api/doctorPayments.ts"
import { useFlowActor } from "../../../dev/useFlowActor.ts"
import { failureText } from "../../../errors/failureText.ts"
import { Button } from "../../../ui/Button.tsx"
import { ConfirmDialog } from "../../../ui/ConfirmDialog.tsx"
import { toast, TOAST_DURATION } from "../../../ui/toast/toastStore.ts"

export interface NoShowButtonProps {
  appointment: Appointment
  /** Whether a paid deposit is on the appointment: the question then says it is kept. */
  depositPaid: boolean
}

/**
 * "Patient absent" on a past appointment (issue 40), confirmed in a dialog since it cannot be
 * undone; a failure stays in the dialog with a retry. Needs the `doctorPayments` texts.
 */
export function NoShowButton({ appointment, depositPaid }: NoShowButtonProps) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const actor = useFlowActor(
    noShowMarkMachine.provide({
      actors: { markNoShow: fromPromise(({ input }) => markNoShow(input.appointmentId)) },
      actions: {
        onMarked: (_, { appointment: marked }) => {
          void afterAppointmentChange(queryClient, marked)
          // A paid deposit is now kept: the appointment's payment and the payments page changed too.
          void queryClient.invalidateQueries({ queryKey: doctorPaymentKeys.all })
          toast.success(t("doctorPayments.noShow.done"), TOAST_DURATION.normal)
        },
        logFailure: (_, { error }) => console.warn("[promed] no-show mark failed", error),
      },
    }),
    { input: { appointmentId: appointment.id } },
  )
  const state = useSelector(actor, (s) => s.value)
  const error = useSelector(actor, (s) => s.context.error)

  return (
    <>
      <Button variant="secondary" onClick={() => actor.send({ type: "noShow.request" })} disabled={state === "marked"}>
        {t("doctorPayments.noShow.action")}
      </Button>
      <ConfirmDialog
        open={state === "confirming" || state === "marking" || state === "failed"}
        title={t("doctorPayments.noShow.title")}
        description={t(depositPaid ? "doctorPayments.noShow.questionDeposit" : "doctorPayments.noShow.question")}
        confirmLabel={state === "failed" ? t("common.retry") : t("doctorPayments.noShow.confirm")}
        cancelLabel={t("doctorPayments.noShow.cancel")}
        destructive
        busy={state === "marking"}
        onConfirm={() => actor.send({ type: "noShow.confirm" })}
        onCancel={() => actor.send({ type: "noShow.dismiss" })}
      >
        {state === "failed" ? (
          <p className="alert alert-danger" role="alert">
            {failureText(t, error, t("doctorPayments.noShow.failed"))}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  )
}
