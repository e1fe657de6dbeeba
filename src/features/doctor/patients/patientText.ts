import type { TFunction } from "i18next"
import type { Appointment } from "../../../../schemas/appointment.ts"
import type { Civility, Gender } from "../../../../schemas/enums.ts"
import { ageOf } from "../../../time/calendar.ts"

/** "34 ans · Femme": age (in months under one year, SPEC §9) and gender from the civility. */
export function ageAndGender(t: TFunction, dateOfBirth: string | null, civility: Civility | null): string {
  return ageAndSex(t, dateOfBirth, civility ? t(`doctorPatients.gender.${civility}`) : null)
}

function ageAndSex(t: TFunction, dateOfBirth: string | null | undefined, sex: string | null): string {
  const parts: string[] = []
  if (dateOfBirth) {
    const age = ageOf(dateOfBirth)
    parts.push("years" in age ? t("doctorPatients.ageYears", { count: age.years }) : t("doctorPatients.ageMonths", { count: age.months }))
  }
  if (sex) parts.push(sex)
  return parts.join(" · ")
}

const sexOf = (t: TFunction, gender: Gender | undefined) => (gender ? t(`doctorPatients.sex.${gender}`) : null)

/**
 * Whom the doctor sees at an appointment: the dependant it was booked for (name, age, sex), with the
 * account holder who booked it, or else the account holder (issue 39).
 */
export function seenPatient(t: TFunction, a: Appointment): { name: string; ageAndSex: string; bookedBy: string | null } {
  const holder = `${a.patient.firstName} ${a.patient.lastName}`
  const dependant = a.patient.dependant
  if (!dependant) return { name: holder, ageAndSex: ageAndGender(t, a.patient.dateOfBirth, a.patient.civility), bookedBy: null }
  return { name: `${dependant.firstName} ${dependant.lastName}`, ageAndSex: ageAndSex(t, dependant.dateOfBirth, sexOf(t, dependant.gender)), bookedBy: holder }
}
