import { useQueryClient } from "@tanstack/react-query"
import { useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import { fromPromise } from "xstate"
import { phoneVerificationMachine } from "../../../../machines/phoneVerification.machine.ts"
import type { Patient } from "../../../../schemas/patient.ts"
import { formatPhone } from "../../../../schemas/phone.ts"
import { afterPatientChange } from "../../../api/patients.ts"
import { confirmPhoneCode, sendPhoneCode } from "../../../api/verification.ts"
import { useFlowActor } from "../../../dev/useFlowActor.ts"
import { failureText } from "../../../errors/failureText.ts"
import { validationMessage } from "../../../i18n/validationMessage.ts"
import { Button } from "../../../ui/Button.tsx"
import { toast, TOAST_DURATION } from "../../../ui/toast/toastStore.ts"

/** Whole seconds left until `deadline`, ticking each second; 0 once passed. */
function useSecondsLeft(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (deadline === null) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [deadline])
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000))
}

/**
 * Issue 38: the profile's phone number gets SMS only once proved by a code sent to it. Shows "not
 * verified" with "Send a code", then a code field with the countdown before another may be asked;
 * refusals in the reader's language. Verified, it says so in one line. The number is an isolated
 * left-to-right run inside Arabic text.
 */
export function PhoneVerificationSection({ patient }: { patient: Patient }) {
  if (!patient.phoneNumber || patient.phoneVerified !== false) return null
  return <PhoneVerificationFlow patient={patient} phoneNumber={patient.phoneNumber} />
}

function PhoneVerificationFlow({ patient, phoneNumber }: { patient: Patient; phoneNumber: string }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [pending] = useState(() => (patient.phoneCode ? { resendWaitMs: Math.max(0, Date.parse(patient.phoneCode.resendAt) - Date.now()) } : null))
  const actor = useFlowActor(
    phoneVerificationMachine.provide({
      actors: {
        sendCode: fromPromise(() => sendPhoneCode()),
        confirmCode: fromPromise(({ input }) => confirmPhoneCode(input.code)),
      },
      actions: {
        onVerified: () => {
          toast.success(t("patientProfile.phoneVerification.done"), TOAST_DURATION.short)
          void afterPatientChange(queryClient, patient.id)
        },
      },
    }),
    { input: { phoneNumber, verified: false, pending } },
  )
  const snapshot = useSelector(actor, (s) => s)
  const { context } = snapshot
  // The countdown starts when the wait does (a new code, or the profile opened after one).
  const waiting = snapshot.matches({ codeSent: { resend: "waiting" } })
  const [deadline, setDeadline] = useState<number | null>(null)
  useEffect(() => setDeadline(waiting ? Date.now() + context.resendWaitMs : null), [waiting, context.resendWaitMs])
  const secondsLeft = useSecondsLeft(deadline)
  const phone = <bdi dir="ltr" />
  const number = formatPhone(phoneNumber)

  const codeMessage = context.error?.fields?.find((f) => f.name === "code")?.message
  const errorText = context.error
    ? codeMessage
      ? codeMessage === "patientProfile.phoneVerification.codeWrong"
        ? t(codeMessage, { left: context.triesLeft ?? 0 })
        : validationMessage(t, codeMessage)
      : failureText(t, context.error, t("patientProfile.phoneVerification.failed"))
    : null

  if (snapshot.matches("verified")) {
    return (
      <p className="alert alert-info" role="status" data-testid="phone-verification">
        {t("patientProfile.phoneVerification.verified")}
      </p>
    )
  }
  const onCode = snapshot.matches("codeSent")
  const dead = snapshot.matches({ codeSent: { entry: "dead" } })
  const confirming = snapshot.matches({ codeSent: { entry: "confirming" } })
  return (
    <section className="card stack" aria-labelledby="phone-verification-title" data-testid="phone-verification">
      <h2 id="phone-verification-title">{t("patientProfile.phoneVerification.title")}</h2>
      {onCode ? (
        <p style={{ margin: 0 }}>
          <Trans i18nKey="patientProfile.phoneVerification.sent" values={{ phone: number }} components={{ phone }} />
        </p>
      ) : (
        <p style={{ margin: 0 }}>
          <Trans i18nKey="patientProfile.phoneVerification.notVerified" values={{ phone: number }} components={{ phone }} />
        </p>
      )}
      {errorText ? (
        <p className="alert alert-danger" role="alert" id="phone-code-error">
          {errorText}
        </p>
      ) : null}
      {onCode && !dead ? (
        <form
          className="row"
          onSubmit={(event) => {
            event.preventDefault()
            actor.send({ type: "phoneVerification.submit" })
          }}
        >
          <label htmlFor="phone-code" style={{ flexBasis: "100%" }}>
            {t("patientProfile.phoneVerification.codeLabel")}
          </label>
          <input
            id="phone-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            dir="ltr"
            maxLength={6}
            pattern="[0-9]{6}"
            style={{ maxWidth: "10rem" }}
            value={context.code}
            disabled={confirming}
            aria-describedby={errorText ? "phone-code-error" : undefined}
            aria-invalid={codeMessage ? true : undefined}
            onChange={(event) => actor.send({ type: "phoneVerification.type", code: event.target.value })}
          />
          <Button type="submit" loading={confirming} disabled={!snapshot.can({ type: "phoneVerification.submit" })}>
            {t("patientProfile.phoneVerification.confirm")}
          </Button>
        </form>
      ) : null}
      {dead ? <p className="muted">{t("patientProfile.phoneVerification.dead")}</p> : null}
      <div className="row">
        {onCode ? (
          <Button
            variant="secondary"
            disabled={!snapshot.can({ type: "phoneVerification.resend" })}
            onClick={() => actor.send({ type: "phoneVerification.resend" })}
          >
            {waiting && secondsLeft > 0
              ? t("patientProfile.phoneVerification.resendIn", { seconds: secondsLeft })
              : t("patientProfile.phoneVerification.resend")}
          </Button>
        ) : (
          <Button
            loading={snapshot.matches("sending")}
            disabled={!snapshot.can({ type: "phoneVerification.send" })}
            onClick={() => actor.send({ type: "phoneVerification.send" })}
          >
            {t("patientProfile.phoneVerification.send")}
          </Button>
        )}
      </div>
    </section>
  )
}

/** Issue 38: an address not confirmed yet gets no notice; the patient is told to open its link. */
export function EmailVerificationNotice({ patient }: { patient: Patient }) {
  const { t } = useTranslation()
  if (patient.emailVerified !== false) return null
  return (
    <p className="alert alert-info" role="status" data-testid="email-verification">
      {t("patientProfile.phoneVerification.emailNotVerified")}
    </p>
  )
}
