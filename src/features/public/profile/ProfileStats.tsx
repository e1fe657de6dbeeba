import { useTranslation } from "react-i18next"
import type { Doctor } from "../../../../schemas/doctor.ts"
import { formatRating, Money } from "../../../i18n/format.ts"
import type { Language } from "../../../i18n/languages.ts"
import { startingPrice } from "../common/doctorFacts.ts"
import { Section } from "./ProfileDetails.tsx"

/** Years of practice from careerStartYear, never negative. */
export const yearsOfExperience = (careerStartYear: number | null, year = new Date().getFullYear()): number | null =>
  careerStartYear === null ? null : Math.max(0, year - careerStartYear)

/** Statistics of SPEC §2: experience (+), counts, average rating, starting price (+). */
export function ProfileStats({ doctor }: { doctor: Doctor }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const years = yearsOfExperience(doctor.careerStartYear)
  const price = startingPrice(doctor)
  const stats = [
    { key: "experience", value: years === null ? "—" : t("doctorProfile.stats.years", { count: years }) },
    { key: "specialties", value: String(doctor.specialties.length) },
    { key: "services", value: String(doctor.providedServices.length) },
    { key: "facilities", value: String(doctor.healthcareFacilities.length) },
    { key: "rating", value: doctor.reviewCount > 0 ? formatRating(doctor.averageRate, language) : "—" },
    { key: "startingPrice", value: price === null ? "—" : <Money amount={price} suffix="+" /> },
  ]
  return (
    <Section title={t("doctorProfile.stats.title")}>
      <dl className="stats-grid">
        {stats.map((s) => (
          <div key={s.key} className="stat">
            <dt>{t(`doctorProfile.stats.${s.key}`)}</dt>
            <dd>{s.value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  )
}
