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
 * - Each opening starts a fresh wizard. On success the dialog hides at once, the session is
 *   refreshed, an 8 s toast shows, then it calls `onOpenChange(false)` and navigates: keep it
 *   mounted until then (rendering it only while `open` is true is fine).
 * - Only a signed-in patient (or a doctor with `patientId`) can book; others see why.
 */
import { useSelector } from "@xstate/react"
import { useRef } from "react"
import { useTranslation } from "react-i18next"
import type { TimeSlot } from "../../../schemas/availability.ts"
import type { Doctor } from "../../../schemas/doctor.ts"
import { primaryHomeLocation } from "../../../schemas/patient.ts"
import { ensureTexts } from "../../i18n/i18n.ts"
import { useSessionUser } from "../../session/useSession.ts"
import { Dialog } from "../../ui/Dialog.tsx"
import { useRefocusWhenLost } from "../../ui/useRefocusWhenLost.ts"
import { DetailsStep } from "./DetailsStep.tsx"
import { ReviewStep } from "./ReviewStep.tsx"
import { SlotStep } from "./SlotStep.tsx"
import { useBookingWizard, type BookingWizardActor } from "./useBookingWizard.ts"
import "./booking.css"
import { doctorName } from "../../i18n/doctorText.ts"

await ensureTexts(["booking"])

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
  patientId?: string
}

export default function BookingDialog(props: BookingDialogProps) {
  const { t } = useTranslation()
  const user = useSessionUser()
  if (!props.open) return null
  const patientId = props.patientId ?? user?.metadata.patient?.id
  if (!patientId) {
    return (
      <Dialog open onOpenChange={props.onOpenChange} title={t("booking.titleGeneric")}>
        <p className="alert alert-info">{t("booking.patientsOnly")}</p>
      </Dialog>
    )
  }
  return <BookingWizardDialog {...props} patientId={patientId} />
}

function BookingWizardDialog({ doctor, onOpenChange, origin, initialSlot, patientId }: BookingDialogProps & { patientId: string }) {
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
  )
  const finished = useSelector(actor, (s) => s.matches("success") || s.matches("done"))
  return (
    <Dialog open={!finished} onOpenChange={onOpenChange} wide title={t("booking.title", { name: doctorName(t, doctor) })}>
      <StepIndicator actor={actor} />
      <CurrentStep actor={actor} doctor={doctor} forDoctor={forDoctor} onCancel={() => onOpenChange(false)} />
    </Dialog>
  )
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
