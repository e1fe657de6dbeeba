import { SELF } from "../../../../machines/bookingWizard.machine.ts"
import type { Appointment } from "../../../../schemas/appointment.ts"
import type { Doctor } from "../../../../schemas/doctor.ts"
import type { WaitlistMode } from "../../../../schemas/slotWaitlist.ts"
import { upcomingConfirmed } from "../../appointments-shared/appointmentFilters.ts"

/** What the join dialog holds. */
export interface JoinForm {
  forWhom: string
  mode: WaitlistMode
  appointmentId: string
  fromDate: string
  toDate: string
}

/** The body of POST /slot-waitlists for what the form holds: only the fields its mode needs. */
export function joinRequestOf(doctor: Pick<Doctor, "id">, form: JoinForm): Record<string, unknown> {
  const who = { doctorId: doctor.id, dependantId: form.forWhom === SELF ? null : form.forWhom, mode: form.mode }
  if (form.mode === "EARLIER_THAN_APPOINTMENT") return form.appointmentId ? { ...who, appointmentId: form.appointmentId } : who
  return { ...who, ...(form.fromDate ? { fromDate: form.fromDate } : {}), ...(form.toDate ? { toDate: form.toDate } : {}) }
}

/** The confirmed appointments to come with this doctor for the person chosen (the patient, or one dependant). */
export function appointmentsToMove(list: ReadonlyArray<Appointment>, doctor: Pick<Doctor, "id">, forWhom: string, nowMs: number): Appointment[] {
  return upcomingConfirmed(list, nowMs).filter(
    (a) => a.doctorId === doctor.id && (forWhom === SELF ? a.patient.dependant === null : a.patient.dependant?.id === forWhom),
  )
}
