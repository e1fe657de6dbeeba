import { useTranslation } from "react-i18next"
import type { TimeSlot } from "../../../schemas/availability.ts"
import type { Doctor } from "../../../schemas/doctor.ts"
import { Dialog } from "../../ui/Dialog.tsx"

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

/**
 * The booking wizard's dialog (issue 4 replaces this placeholder with the three-step machine).
 * Import it lazily: `lazy(() => import("../booking/BookingDialog.tsx"))`.
 */
export default function BookingDialog({ open, onOpenChange }: BookingDialogProps) {
  const { t } = useTranslation()
  return <Dialog open={open} onOpenChange={onOpenChange} title={t("placeholder.description")} />
}
