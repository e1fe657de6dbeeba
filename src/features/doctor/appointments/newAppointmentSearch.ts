import type { BookingStep } from "../../../../machines/bookingWizard.machine.ts"
import { searchId } from "../../../routes/params.ts"
import { bookingStepOf } from "../../public/common/searchParams.ts"
import type { PatientId } from "../../../../schemas/ids.ts"

/** /doctor/appointments/new: the patient the doctor books for, and the open wizard's step (issue 11). */
export interface NewAppointmentSearch {
  patientId?: PatientId
  booking?: BookingStep
}

/** Read leniently: an id that cannot be one, or a step without a patient, is dropped (the page asks for a patient). */
export function parseNewAppointmentSearch(raw: Record<string, unknown>): NewAppointmentSearch {
  const patientId = searchId<PatientId>(raw.patientId)
  const booking = patientId === undefined ? undefined : bookingStepOf(raw.booking)
  return { patientId, booking }
}
