import { useTranslation } from "react-i18next"
import type { ReviewSummary } from "../../../schemas/review.ts"
import { formatRating } from "../../i18n/format.ts"
import type { Language } from "../../i18n/languages.ts"
import { StarRating } from "../../ui/StarRating.tsx"
import { StarIcon } from "../../ui/icons.tsx"

const STARS = [
  [5, "five"],
  [4, "four"],
  [3, "three"],
  [2, "two"],
  [1, "one"],
] as const

/** Rounded share of the reviews with that many stars (SPEC §9: rounded counts over total reviews). */
export const percentOf = (count: number, total: number) => (total === 0 ? 0 : Math.round((count / total) * 100))

/** The average with half stars, and one bar per star count (SPEC §2, §9). */
export function RatingSummary({ summary }: { summary: ReviewSummary }) {
  const { t, i18n } = useTranslation()
  const total = STARS.reduce((n, [, key]) => n + summary[key], 0)
  const average = total === 0 ? 0 : STARS.reduce((n, [stars, key]) => n + stars * summary[key], 0) / total
  return (
    <div className="rating-summary">
      <div className="rating-summary-average">
        <strong className="rating-summary-value">{formatRating(average, i18n.language as Language)}</strong>
        <StarRating rating={average} size={20} />
        <span className="muted">{t("reviews.count", { count: total })}</span>
      </div>
      <ul className="rating-bars" aria-label={t("reviews.distribution")}>
        {STARS.map(([stars, key]) => {
          const percent = percentOf(summary[key], total)
          return (
            <li key={key} className="rating-bar-row">
              <span className="rating-bar-label">
                <span aria-hidden="true">
                  {stars} <StarIcon className="rating-bar-star" />
                </span>
                <span className="visually-hidden">{t("rating.stars", { count: stars })}</span>
              </span>
              <span className="rating-bar" aria-hidden="true">
                <span className="rating-bar-fill" style={{ inlineSize: `${percent}%` }} />
              </span>
              <span className="rating-bar-percent">{`${percent} %`}</span>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
