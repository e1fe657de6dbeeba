import type { TFunction } from "i18next"
import type { Specialty } from "../../schemas/doctor.ts"

/**
 * A specialty in the interface language; the gateway's label (French) for codes we have no text for.
 * The one translation of specialties (search, profile, appointment cards, dashboard). Needs the `specialties` texts.
 */
export const specialtyLabel = (t: TFunction, specialty: Pick<Specialty, "code" | "label">): string =>
  t(`specialties.${specialty.code}`, { defaultValue: specialty.label })

/** A doctor's name with the title of the interface language (« Dr Awa Ndiaye », « د. Awa Ndiaye »). */
export const doctorName = (t: TFunction, doctor: { firstName: string; lastName: string }): string =>
  // The doctor itself is the interpolation: its names are the only fields the text reads.
  t("common.doctorName", doctor)
