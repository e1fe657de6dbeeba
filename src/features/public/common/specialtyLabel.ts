import type { TFunction } from "i18next"
import type { Specialty } from "../../../../schemas/doctor.ts"

/** A specialty in the interface language; the gateway's label (French) for codes we have no text for. */
export const specialtyLabel = (t: TFunction, specialty: Pick<Specialty, "code" | "label">): string =>
  t(`specialties.${specialty.code}`, { defaultValue: specialty.label })

export const specialtyCodeLabel = (t: TFunction, code: string): string => t(`specialties.${code}`, { defaultValue: code })
