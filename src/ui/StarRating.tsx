import { useTranslation } from "react-i18next"

/** A read-only rating with half stars (SPEC §9), e.g. 4.5 shows four and a half stars. */
export function StarRating({ rating, size = 18 }: { rating: number; size?: number }) {
  const { t } = useTranslation()
  const rounded = Math.round(rating * 2) / 2
  return (
    <span className="stars" role="img" aria-label={t("rating.outOfFive", { rating: rounded })} style={{ fontSize: size }}>
      {[1, 2, 3, 4, 5].map((star) => {
        const fill = rounded >= star ? "full" : rounded >= star - 0.5 ? "half" : "empty"
        return <span key={star} className={`star star-${fill}`} aria-hidden="true" />
      })}
    </span>
  )
}

/** Choosing 1 to 5 stars with the keyboard or a tap; 0 means none chosen yet. */
export function StarInput({ value, onChange, label }: { value: number; onChange: (value: number) => void; label: string }) {
  const { t } = useTranslation()
  return (
    <fieldset className="star-input">
      <legend>{label}</legend>
      {[1, 2, 3, 4, 5].map((star) => (
        <label key={star} className="star-input-option">
          <input type="radio" name={label} value={star} checked={value === star} onChange={() => onChange(star)} />
          <span className={`star ${value >= star ? "star-full" : "star-empty"}`} aria-hidden="true" />
          <span className="visually-hidden">{t("rating.stars", { count: star })}</span>
        </label>
      ))}
    </fieldset>
  )
}
