import { useQueryClient } from "@tanstack/react-query"
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { fromPromise } from "xstate"
import { paymentReturnMachine } from "../../../machines/paymentReturn.machine.ts"
import { appointmentKeys } from "../../api/appointments.ts"
import { getPayment, paymentKeys } from "../../api/payments.ts"
import { useFlowActor } from "../../dev/useFlowActor.ts"
import { Button } from "../../ui/Button.tsx"
import { toast, TOAST_DURATION } from "../../ui/toast/toastStore.ts"
import "./payments.css"

const route = getRouteApi("/_patient/payments/$paymentId")

/**
 * /payments/{id}: where the provider's checkout sends the browser back (issue 40). It reads the
 * payment until it is final (machines/paymentReturn.machine.ts): paid, the patient goes to the
 * appointment it made; refused or expired, the slot is free again and the doctor's page is a link away.
 */
export function PaymentReturnPage() {
  const { t } = useTranslation()
  const { paymentId } = route.useParams()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const actor = useFlowActor(
    paymentReturnMachine.provide({
      actors: { readPayment: fromPromise(({ input }) => getPayment(input.paymentId)) },
      actions: {
        openAppointment: (_, { appointmentId }) => {
          void queryClient.invalidateQueries({ queryKey: appointmentKeys.all })
          void queryClient.invalidateQueries({ queryKey: paymentKeys.all })
          toast.success(t("payment.paidToast"), TOAST_DURATION.long)
          // The return page has said its word: Back from the appointment does not come here again.
          void navigate({ to: "/appointments/$appointmentId", params: { appointmentId }, replace: true })
        },
      },
    }),
    { input: { paymentId } },
  )
  const screen = useSelector(actor, (s) => s.value)
  const doctorId = useSelector(actor, (s) => s.context.payment?.doctorId ?? null)
  const retry = () => actor.send({ type: "payment.retry" })

  return (
    <div className="container page stack payment-return">
      <h1>{t("payment.returnTitle")}</h1>
      {screen === "reading" || screen === "waiting" ? (
        <p role="status" className="row">
          <span className="spinner" aria-hidden="true" />
          {t("payment.checking")}
        </p>
      ) : null}
      {screen === "paid" ? (
        <p role="status" className="alert alert-success">
          {t("payment.paid")}
        </p>
      ) : null}
      {screen === "refused" || screen === "expired" ? (
        <>
          <div role="alert" className="alert alert-danger">
            <h2>{t(screen === "refused" ? "payment.refused" : "payment.expired")}</h2>
            <p>{t(screen === "refused" ? "payment.refusedText" : "payment.expiredText")}</p>
          </div>
          {doctorId ? (
            <div className="row">
              <Link to="/doctors/$doctorId" params={{ doctorId }} className="btn btn-primary">
                {t("payment.chooseAgain")}
              </Link>
            </div>
          ) : null}
        </>
      ) : null}
      {screen === "stillPending" || screen === "unavailable" || screen === "failed" ? (
        <>
          <div role="alert" className={screen === "stillPending" ? "alert alert-info" : "alert alert-danger"}>
            {screen === "stillPending" ? (
              <>
                <h2>{t("payment.waitingOperator")}</h2>
                <p>{t("payment.waitingOperatorText")}</p>
              </>
            ) : (
              <p>{t(screen === "unavailable" ? "payment.unavailable" : "payment.loadFailed")}</p>
            )}
          </div>
          <div className="row">
            <Button autoFocus onClick={retry}>
              {t("common.retry")}
            </Button>
          </div>
        </>
      ) : null}
      {screen === "missing" ? (
        <>
          <p role="alert" className="alert alert-danger">
            {t("payment.missing")}
          </p>
          <div className="row">
            <Link to="/appointments" className="btn btn-secondary">
              {t("payment.toAppointments")}
            </Link>
          </div>
        </>
      ) : null}
    </div>
  )
}
