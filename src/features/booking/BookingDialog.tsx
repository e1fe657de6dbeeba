/**
 * The booking wizard (SPEC §2 "Booking modal", §4, §5): step 1 for whom, reason and type; step 2
 * the week grid; step 3 review and confirm. One XState machine (machines/bookingWizard.machine.ts).
 *
 * How to use it: import it lazily and render it with the doctor being booked.
 *
 *   const BookingDialog = lazy(() => import("../booking/BookingDialog.tsx"))
 *   <Suspense fallback={null}>
 *     <BookingDialog doctor={doctor} open={open} onOpenChange={setOpen} origin="search" />
 *   </Suspense>
 *
 * - `origin` decides where the user lands after success: "profile" → /profile after 500 ms,
 *   "search" and "availability" → /appointments, "doctor" → /doctor/appointments.
 * - `initialSlot` preselects a slot chosen in the availability list.
 * - `patientId` is for a doctor booking for one of their patients (origin "doctor").
 * - `place` keeps the wizard's place (issue 11): its step in the address (`step`, and `show` to
 *   write a step back), its draft in the tab's session storage by doctor. Back and Forward move
 *   between steps, a reload or a sign-in finds the same step and draft. Without `place`, each
 *   opening starts a fresh wizard. On success the dialog hides at once, the session is
 *   refreshed, an 8 s toast shows, then it calls `onOpenChange(false)` and navigates: keep it
 *   mounted until then (rendering it only while `open` is true is fine).
 * - Only a signed-in patient (or a doctor with `patientId`) can book; others see why. A session
 *   that ended meanwhile is offered the login site, which comes back to the same step.
 */
import { useSelector } from "@xstate/react"
import { useRouterState } from "@tanstack/react-router"
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import type { BookingStep } from "../../../machines/bookingWizard.machine.ts"
import type { TimeSlot } from "../../../schemas/availability.ts"
import type { Doctor } from "../../../schemas/doctor.ts"
import { primaryHomeLocation } from "../../../schemas/patient.ts"
import { doctorName } from "../../i18n/doctorText.ts"
import { ensureTexts } from "../../i18n/i18n.ts"
import { loginUrl } from "../../session/loginUrl.ts"
import { useSessionLanguage, useSessionStatus, useSessionUser } from "../../session/useSession.ts"
import { Dialog } from "../../ui/Dialog.tsx"
import { useRefocusWhenLost } from "../../ui/useRefocusWhenLost.ts"
import { DetailsStep } from "./DetailsStep.tsx"
import { ReviewStep } from "./ReviewStep.tsx"
import { SlotStep } from "./SlotStep.tsx"
import { useBookingWizard, type BookingPlace, type BookingWizardActor } from "./useBookingWizard.ts"
import "./booking.css"
import type { PatientId } from "../../../schemas/ids.ts"

// Issue 40: the review may say a deposit is owed.
await ensureTexts(["booking", "payment"])

export interface BookingDialogProps {
  doctor: Doctor
  open: boolean
  onOpenChange: (open: boolean) => void
  /**
   * Where the booking started, which decides where the user lands after success (SPEC §2, §4):
   * "profile" (the public doctor profile: /profile after 500 ms), "search" and "availability"
   * (/appointments), "doctor" (a doctor booking for a patient: /doctor/appointments).
   */
  origin: "search" | "profile" | "availability" | "doctor"
  /** A slot already chosen in the availability list. */
  initialSlot?: TimeSlot
  /** A doctor booking for one of their patients. */
  patientId?: PatientId
  /** The wizard's step in the address and its draft in the tab (issue 11); see above. */
  place?: BookingPlace
}

export default function BookingDialog(props: BookingDialogProps) {
  const { t } = useTranslation()
  const user = useSessionUser()
  const status = useSessionStatus()
  if (!props.open) return null
  const patientId = props.patientId ?? user?.metadata.patient?.id
  // Still checking the tab's session (a reload, a return from the login site): nothing to say yet.
  if (!patientId && status === null) return null
  if (!patientId) {
    return (
      <Dialog open onOpenChange={props.onOpenChange} title={t("booking.titleGeneric")}>
        {status === "VALID_SESSION" ? <p className="alert alert-info">{t("booking.patientsOnly")}</p> : <SignInToContinue />}
      </Dialog>
    )
  }
  return <BookingWizardDialog {...props} patientId={patientId} />
}

/**
 * Signed out meanwhile (another tab, an expired session): the login site brings the user back to
 * this very address, whose step and the tab's draft reopen the wizard where it was.
 */
function SignInToContinue() {
  const { t } = useTranslation()
  const language = useSessionLanguage()
  const href = useRouterState({ select: (s) => s.location.href })
  return (
    <>
      <p className="alert alert-info">{t("booking.sessionEnded")}</p>
      <div className="row">
        <a className="btn btn-primary" href={loginUrl(href, language)}>
          {t("booking.signInToContinue")}
        </a>
      </div>
    </>
  )
}

function BookingWizardDialog({ doctor, onOpenChange, origin, initialSlot, patientId, place }: BookingDialogProps & { patientId: PatientId }) {
  const { t } = useTranslation()
  const patient = useSessionUser()?.metadata.patient
  const forDoctor = origin === "doctor"
  const actor = useBookingWizard(
    {
      doctorId: doctor.id,
      patientId,
      // A doctor books clinic visits; a patient's home visit needs a primary home address.
      homeAvailable: !forDoctor && Boolean(patient && primaryHomeLocation(patient.locations)),
      origin,
      initialSlot: initialSlot ?? null,
    },
    () => onOpenChange(false),
    place,
  )
  useStepFromAddress(actor, place?.step)
  const finished = useSelector(actor, (s) => s.matches("success") || s.matches("done"))
  const cancel = () => actor.send({ type: "booking.cancel" })
  return (
    <Dialog open={!finished} onOpenChange={(open) => (open ? undefined : cancel())} wide title={t("booking.title", { name: doctorName(t, doctor) })}>
      <StepIndicator actor={actor} />
      <CurrentStep actor={actor} doctor={doctor} forDoctor={forDoctor} onCancel={cancel} />
    </Dialog>
  )
}

/**
 * The address → the wizard: when Back, Forward or a link changes the step in the address, the
 * wizard is told (`booking.goToStep`) and decides what it can show; it writes its own moves back.
 */
function useStepFromAddress(actor: BookingWizardActor, step: BookingStep | undefined) {
  const seen = useRef(step)
  useEffect(() => {
    if (step === undefined || seen.current === step) return
    seen.current = step
    if (stepOf(actor.getSnapshot().value) !== step) actor.send({ type: "booking.goToStep", step })
  }, [actor, step])
}

const stepOf = (value: unknown): 1 | 2 | 3 => (value === "details" ? 1 : value === "slots" ? 2 : 3)

/** What the dialog shows: a step, or the slot-taken notice that replaces the review. */
const screenOf = (value: unknown) => (value === "slotTaken" ? "slotTaken" : stepOf(value))

function StepIndicator({ actor }: { actor: BookingWizardActor }) {
  const { t } = useTranslation()
  const step = useSelector(actor, (s) => stepOf(s.value))
  const screen = useSelector(actor, (s) => screenOf(s.value))
  const labels = [t("booking.step1"), t("booking.step2"), t("booking.step3")]
  // Each step replaces the controls of the last one: the focus comes here, which says the step.
  const ref = useRef<HTMLOListElement>(null)
  useRefocusWhenLost(screen, ref)
  return (
    <ol ref={ref} tabIndex={-1} className="booking-steps" aria-label={t("booking.stepOf", { step, total: 3 })}>
      {labels.map((label, i) => (
        <li
          key={label}
          className={i + 1 === step ? "booking-step-current" : i + 1 < step ? "booking-step-done" : ""}
          aria-current={i + 1 === step ? "step" : undefined}
        >
          <span className="booking-step-number" aria-hidden="true">
            {i + 1}
          </span>
          <span>{label}</span>
        </li>
      ))}
    </ol>
  )
}

function CurrentStep({ actor, doctor, forDoctor, onCancel }: { actor: BookingWizardActor; doctor: Doctor; forDoctor: boolean; onCancel: () => void }) {
  const step = useSelector(actor, (s) => stepOf(s.value))
  if (step === 1) return <DetailsStep actor={actor} doctor={doctor} forDoctor={forDoctor} onCancel={onCancel} />
  if (step === 2) return <SlotStep actor={actor} doctor={doctor} />
  return <ReviewStep actor={actor} doctor={doctor} forDoctor={forDoctor} />
}
