import type { BookingStep } from "../../../../machines/bookingWizard.machine.ts"
import { isUrlId } from "../../../routes/params.ts"
import { bookingStepOf } from "../../public/common/searchParams.ts"

/** /doctor/appointments/new: the patient the doctor books for, and the open wizard's step (issue 11). */
export interface NewAppointmentSearch {
  patientId?: string
  booking?: BookingStep
}

/** Read leniently: an id that cannot be one, or a step without a patient, is dropped (the page asks for a patient). */
export function parseNewAppointmentSearch(raw: Record<string, unknown>): NewAppointmentSearch {
  const patientId = isUrlId(raw.patientId) ? raw.patientId : undefined
  const booking = patientId === undefined ? undefined : bookingStepOf(raw.booking)
  return { patientId, booking }
}
