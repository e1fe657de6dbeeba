import type { Appointment } from "../../../schemas/appointment.ts"
import type { TFunction } from "i18next"
import { formatDate, formatTime } from "../../i18n/format.ts"
import { formatList } from "../../i18n/formatList.ts"
import { specialtyLabel } from "../../i18n/doctorText.ts"
import type { Language } from "../../i18n/languages.ts"

/** Date and time of an appointment in its facility's zone, e.g. « lundi 24 novembre 2026 · 09:30 ». */
export function appointmentWhen(a: Pick<Appointment, "appointmentTime" | "timeZone">, language: Language): { date: string; time: string } {
  return {
    date: formatDate(a.appointmentTime, language, { weekday: "long", day: "numeric", month: "long", year: "numeric" }, a.timeZone),
    time: formatTime(a.appointmentTime, language, a.timeZone),
  }
}

/** Who the appointment is for: the dependant when there is one, else the patient. */
export const attendeeOf = (a: Appointment) =>
  a.patient.dependant ? `${a.patient.dependant.firstName} ${a.patient.dependant.lastName}` : `${a.patient.firstName} ${a.patient.lastName}`

/** The appointment's doctor's specialties as a list of the language (« Pédiatrie et Médecine du travail »). */
export const doctorSpecialties = (t: TFunction, a: Pick<Appointment, "doctor">, language: Language): string =>
  formatList(
    a.doctor.specialties.map((s) => specialtyLabel(t, s)),
    language,
  )
