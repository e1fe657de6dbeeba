import { useTranslation } from "react-i18next"
import type { HealthcareFacility } from "../../../../schemas/facility.ts"
import { Address, formatKilometres, formatRating } from "../../../i18n/format.ts"
import type { Language } from "../../../i18n/languages.ts"
import { StarRating } from "../../../ui/StarRating.tsx"
import { hoursToday } from "./openingHours.ts"
import { PhoneLink } from "../../../ui/PhoneLink.tsx"

interface FacilityCardProps {
  facility: HealthcareFacility
  selected: boolean
  onShowOnMap: () => void
}

/** A facility of the directory: type, address, open or closed today, rating, contacts, distance. */
export function FacilityCard({ facility, selected, onShowOnMap }: FacilityCardProps) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const today = hoursToday(facility.hours, facility.timeZone)
  return (
    <article className={`card facility-card${selected ? " is-selected" : ""}`} aria-labelledby={`facility-${facility.id}`}>
      <div className="facility-card-head">
        <h2 id={`facility-${facility.id}`}>{facility.name}</h2>
        <p className="row chips">
          <span className="badge">{t(`facilities.type.${facility.facilityType}`)}</span>
          {facility.isPartner ? <span className="badge badge-success">{t("facilities.partner")}</span> : null}
          {facility.emergency ? <span className="badge badge-danger">{t("facilities.emergency")}</span> : null}
        </p>
      </div>
      <p>
        <Address parts={[facility.location.address, facility.location.city]} />
      </p>
      <p className="row facility-status">
        {today ? (
          <span className="badge badge-success">{t("facilities.openToday", { open: today.open, close: today.close })}</span>
        ) : (
          <span className="badge badge-warning">{t("facilities.closedToday")}</span>
        )}
        {facility.distance != null ? <span>{t("facilities.distance", { km: formatKilometres(facility.distance, language) })}</span> : null}
      </p>
      <p className="row">
        <StarRating rating={facility.rating} />
        <span>{formatRating(facility.rating, language)}</span>
        <span className="muted">{t("facilities.reviews", { count: facility.reviews })}</span>
      </p>
      <div className="row facility-actions">
        {facility.phoneNumber ? <PhoneLink className="btn btn-secondary btn-small" phone={facility.phoneNumber} /> : null}
        {facility.website ? (
          <a className="btn btn-ghost btn-small" href={facility.website} rel="noopener noreferrer" target="_blank">
            {t("facilities.website")}
          </a>
        ) : null}
        <button type="button" className="btn btn-ghost btn-small" aria-pressed={selected} onClick={onShowOnMap}>
          {t("facilities.showOnMap")}
          <span className="visually-hidden"> — {facility.name}</span>
        </button>
      </div>
    </article>
  )
}
