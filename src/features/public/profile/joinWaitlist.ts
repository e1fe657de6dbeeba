import { SELF } from "../../../../machines/bookingWizard.machine.ts"
import type { Appointment } from "../../../../schemas/appointment.ts"
import type { Doctor } from "../../../../schemas/doctor.ts"
import { upcomingConfirmed } from "../../appointments-shared/appointmentFilters.ts"

/** The confirmed appointments to come with this doctor for the person chosen (the patient, or one dependant). */
export function appointmentsToMove(list: ReadonlyArray<Appointment>, doctor: Pick<Doctor, "id">, forWhom: string, nowMs: number): Appointment[] {
  return upcomingConfirmed(list, nowMs).filter(
    (a) => a.doctorId === doctor.id && (forWhom === SELF ? a.patient.dependant === null : a.patient.dependant?.id === forWhom),
  )
}
