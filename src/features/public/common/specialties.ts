import type { TFunction } from "i18next"
import type { Specialty } from "../../../../schemas/doctor.ts"

/** Specialty codes offered in the search filter, with labels in the `specialties` texts. */
export const SPECIALTY_CODES = [
  "GENERAL_PRACTITIONER",
  "CARDIOLOGY",
  "PEDIATRICS",
  "GYNECOLOGY",
  "NEUROLOGY",
  "DERMATOLOGY",
  "PSYCHIATRY",
  "RADIOLOGY",
  "OPHTHALMOLOGY",
  "ENT",
  "DENTISTRY",
  "ORTHOPEDICS",
  "ENDOCRINOLOGY",
  "GASTROENTEROLOGY",
  "PULMONOLOGY",
  "NEPHROLOGY",
  "UROLOGY",
  "ONCOLOGY",
  "RHEUMATOLOGY",
  "INFECTIOUS_DISEASES",
  "INTERNAL_MEDICINE",
  "GENERAL_SURGERY",
  "ANESTHESIOLOGY",
  "EMERGENCY_MEDICINE",
  "HEMATOLOGY",
  "NEUROSURGERY",
  "PHYSIOTHERAPY",
  "NUTRITION",
  "GERIATRICS",
  "SPORTS_MEDICINE",
  "OCCUPATIONAL_MEDICINE",
  "PUBLIC_HEALTH",
] as const

/** A specialty in the interface language; the gateway's label (French) for codes we have no text for. */
export const specialtyLabel = (t: TFunction, specialty: Pick<Specialty, "code" | "label">): string =>
  t(`specialties.${specialty.code}`, { defaultValue: specialty.label })

export const specialtyCodeLabel = (t: TFunction, code: string): string => t(`specialties.${code}`, { defaultValue: code })
