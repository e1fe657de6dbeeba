import { useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import { SELF } from "../../../machines/bookingWizard.machine.ts"
import { insideNotice } from "../../../machines/cancelAppointment.machine.ts"
import type { Doctor } from "../../../schemas/doctor.ts"
import { formatCountdown, formatDate, formatTime, Money } from "../../i18n/format.ts"
import type { Language } from "../../i18n/languages.ts"
import { validationMessage } from "../../i18n/validationMessage.ts"
import { useSessionUser } from "../../session/useSession.ts"
import { Button } from "../../ui/Button.tsx"
import { clinicAddressOf } from "./clinicAddress.ts"
import type { BookingWizardActor } from "./useBookingWizard.ts"
import "../appointments-shared/appointments.css"
import { doctorName } from "../../i18n/doctorText.ts"
import { DepositNotice } from "../payments/DepositNotice.tsx"

/** Step 3: everything at a glance, then confirm; a slot taken meanwhile or a failure is said here. */
export function ReviewStep({ actor, doctor, forDoctor }: { actor: BookingWizardActor; doctor: Doctor; forDoctor: boolean }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const patient = useSessionUser()?.metadata.patient
  // Issue 40: a deposit's payment being started, or the browser leaving for its page, is the booking being sent.
  const state = useSelector(actor, (s) =>
    s.matches("slotTaken")
      ? "slotTaken"
      : s.matches("failed")
        ? "failed"
        : s.matches("booking") || s.matches("paying") || s.matches("retrying") || s.matches("checkout")
          ? "booking"
          : "review",
  )
  // Issue 40: the deposit this booking owes, and whether the gateway is still being asked.
  const deposit = useSelector(actor, (s) => s.context.deposit)
  const quoting = useSelector(actor, (s) => s.matches({ review: { deposit: "quoting" } }))
  // Issue 37: the wizard decided why (an outage answer after its retries, or anything else).
  const unavailable = useSelector(actor, (s) => s.matches({ failed: "unavailable" }))
  // Issue 38: a refusal the gateway explains (a booking limit) is said in its words.
  const refusal = useSelector(actor, (s) => (s.matches("failed") ? s.context.refusal : null))
  const details = useSelector(actor, (s) => s.context.details)
  const slot = useSelector(actor, (s) => s.context.slot)
  const hold = useSelector(actor, (s) => (s.matches({ review: { hold: "held" } }) ? s.context.hold : null))

  if (state === "slotTaken") {
    return (
      <div className="stack">
        <p className="alert alert-warning" role="alert">
          {t("booking.slotTaken")}
        </p>
        <div className="dialog-actions">
          {/* The notice replaced the review under the focus: its one way on takes it. */}
          <Button autoFocus onClick={() => actor.send({ type: "booking.chooseAnotherSlot" })}>
            {t("booking.chooseAnotherSlot")}
          </Button>
        </div>
      </div>
    )
  }

  const dependant = patient?.dependants.find((d) => d.id === details.forWhom)
  const who =
    details.forWhom === SELF
      ? forDoctor
        ? t("booking.thePatient")
        : patient
          ? `${patient.firstName} ${patient.lastName}`
          : ""
      : dependant
        ? `${dependant.firstName} ${dependant.lastName}`
        : ""
  const type = details.appointmentType || "CLINIC"
  const price = doctor.providedServices.find((s) => s.code === type)?.price
  const place =
    type === "HOME" && patient ? (patient.locations.find((l) => l.isPrimary)?.address ?? "") : clinicAddressOf(doctor, slot?.healthcareFacilityId ?? null)

  return (
    <div className="stack">
      <dl className="facts">
        <dt>{t("booking.doctor")}</dt>
        <dd>{doctorName(t, doctor)}</dd>
        <dt>{t("booking.patient")}</dt>
        <dd>{who}</dd>
        {slot ? (
          <>
            <dt>{t("booking.when")}</dt>
            <dd>
              {formatDate(slot.slotDate, language, { weekday: "long", day: "numeric", month: "long", year: "numeric" })},{" "}
              {formatTime(slot.startsAt, language, slot.timeZone)}
            </dd>
          </>
        ) : null}
        <dt>{t("booking.type")}</dt>
        <dd>
          {t(`booking.types.${type}`)}
          {price !== undefined ? " · " : ""}
          {price !== undefined ? <Money amount={price} /> : null}
        </dd>
        {place ? (
          <>
            <dt>{t("booking.place")}</dt>
            <dd>
              <bdi>{place}</bdi>
            </dd>
          </>
        ) : null}
        <dt>{t("booking.reason")}</dt>
        <dd>{details.reason.trim()}</dd>
      </dl>
      {/* Issue 39: said before confirming, as the policy then refuses a cancel or a change (SPEC §1 FAQ). */}
      {slot && insideNotice(slot.startsAt) ? (
        <p className="alert alert-warning" role="note">
          {t("booking.insideNotice")}
        </p>
      ) : null}
      {deposit ? <DepositNotice deposit={deposit} /> : null}
      {/* A new hold (the same slot held again) counts from its own answer. */}
      {hold ? <HoldCountdown key={hold.heldUntil} seconds={hold.expiresInSeconds} /> : null}
      {state === "failed" ? (
        <p className="alert alert-danger" role="alert">
          {unavailable ? t("common.unavailable") : refusal ? validationMessage(t, refusal) : t("booking.failed")}
        </p>
      ) : null}
      <div className="dialog-actions">
        <Button variant="secondary" onClick={() => actor.send({ type: "booking.back" })} disabled={state === "booking"}>
          {t("common.previous")}
        </Button>
        {/* Two buttons, not one relabelled: Retry takes the focus the busy Confirm could not keep. */}
        {state === "failed" ? (
          <Button key="retry" autoFocus onClick={() => actor.send({ type: "booking.retry" })}>
            {t("common.retry")}
          </Button>
        ) : (
          // Until the gateway says whether a deposit is owed, the button cannot say what it does.
          <Button key="confirm" onClick={() => actor.send({ type: "booking.confirm" })} loading={state === "booking" || quoting}>
            {deposit ? <Trans i18nKey="payment.payDeposit" components={{ amount: <Money amount={deposit.amount} /> }} /> : t("booking.confirm")}
          </Button>
        )}
      </div>
    </div>
  )
}

/**
 * The slot's hold counting down, mm:ss (issue 14). The numbers change every second without being
 * read out (a timer is not live); one polite announcement comes when a minute is left. When the
 * time is up the wizard itself goes back to the grid and says so.
 */
function HoldCountdown({ seconds }: { seconds: number }) {
  const { t, i18n } = useTranslation()
  const [left, setLeft] = useState(seconds)
  useEffect(() => {
    const end = Date.now() + seconds * 1000
    const timer = setInterval(() => setLeft(Math.max(0, Math.ceil((end - Date.now()) / 1000))), 1000)
    return () => clearInterval(timer)
  }, [seconds])
  return (
    <div className="booking-hold">
      <p role="timer" aria-live="off" aria-atomic="true">
        <Trans i18nKey="booking.holdCountdown" values={{ time: formatCountdown(left, i18n.language as Language) }} components={{ time: <bdi dir="ltr" /> }} />
      </p>
      <p className="visually-hidden" aria-live="polite">
        {left <= 60 ? t("booking.holdLastMinute") : ""}
      </p>
    </div>
  )
}
