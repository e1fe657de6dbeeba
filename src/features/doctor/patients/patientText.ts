import type { TFunction } from "i18next"
import type { Civility } from "../../../../schemas/enums.ts"
import { ageOf } from "../../../time/calendar.ts"

/** "34 ans · Femme": age (in months under one year, SPEC §9) and gender from the civility. */
export function ageAndGender(t: TFunction, dateOfBirth: string | null, civility: Civility | null): string {
  const parts: string[] = []
  if (dateOfBirth) {
    const age = ageOf(dateOfBirth)
    parts.push("years" in age ? t("doctorPatients.ageYears", { count: age.years }) : t("doctorPatients.ageMonths", { count: age.months }))
  }
  if (civility) parts.push(t(`doctorPatients.gender.${civility}`))
  return parts.join(" · ")
}
