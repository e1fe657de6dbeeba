import { useRouter } from "@tanstack/react-router"
import { lazy, Suspense } from "react"
import type { BookingOrigin, BookingStep } from "../../../machines/bookingWizard.machine.ts"
import type { Doctor } from "../../../schemas/doctor.ts"
import type { PatientId } from "../../../schemas/ids.ts"

const BookingDialog = lazy(() => import("./BookingDialog.tsx"))

export interface AddressBookingProps {
  readonly doctor: Doctor
  /** The step the address names (`?booking=2`). */
  readonly step: BookingStep
  readonly origin: BookingOrigin
  /** A doctor booking for one of their patients. */
  readonly patientId?: PatientId
  /**
   * Writes the wizard into the page's address: a step (a new history entry unless `replace`), or
   * none, which closes it.
   */
  readonly setStep: (step: BookingStep | undefined, replace: boolean) => void
}

/**
 * A booking wizard open while its page's address names a step (issue 11): Back and Forward move
 * between steps, Back from step 1 closes it, a reload or a sign-in finds the same step and the
 * tab's draft. The profile, the search and the doctor's "new appointment" host it this way.
 */
export function AddressBooking({ doctor, step, origin, patientId, setStep }: AddressBookingProps) {
  const router = useRouter()
  const place = {
    step,
    draftKey: patientId === undefined ? doctor.id : `${doctor.id}.${patientId}`,
    show: (next: BookingStep, replace: boolean) => {
      // The address may already say it (the wizard followed Back or Forward).
      if (router.state.location.search.booking !== next) setStep(next, replace)
    },
  }
  const close = (open: boolean) => {
    if (!open) setStep(undefined, false)
  }
  return (
    <Suspense fallback={null}>
      <BookingDialog doctor={doctor} open onOpenChange={close} origin={origin} place={place} {...(patientId === undefined ? {} : { patientId })} />
    </Suspense>
  )
}
