import { Link } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import type { Doctor } from "../../../../schemas/doctor.ts"
import { formatDate, formatRating, formatTime, Money } from "../../../i18n/format.ts"
import { formatList } from "../../../i18n/formatList.ts"
import type { Language } from "../../../i18n/languages.ts"
import { Avatar } from "../../../layout/Avatar.tsx"
import { StarRating } from "../../../ui/StarRating.tsx"
import { BookButton } from "../common/BookButton.tsx"
import { clinicPrice, doctorTimeZone, isSampleDoctor, primaryLocation } from "../common/doctorFacts.ts"
import { doctorName, specialtyLabel } from "../../../i18n/doctorText.ts"

/** One search result: who, what, where, how much, when next, and the way to book (SPEC §2); `onBook` opens the wizard. */
export function DoctorCard({ doctor, onBook }: { doctor: Doctor; onBook: () => void }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const sample = isSampleDoctor(doctor)
  const name = doctorName(t, doctor)
  const price = clinicPrice(doctor)
  const city = primaryLocation(doctor)?.city
  return (
    <article className="card doctor-card" aria-labelledby={`doctor-${doctor.id}`}>
      <div className="doctor-card-head">
        <Avatar photoUrl={doctor.photoUrl} role="doctor" size={72} name={`${doctor.firstName} ${doctor.lastName}`} />
        <div className="stack doctor-card-title">
          <h2 id={`doctor-${doctor.id}`} className="doctor-card-name">
            {sample ? (
              name
            ) : (
              <Link to="/doctors/$doctorId" params={{ doctorId: doctor.id }}>
                {name}
              </Link>
            )}
            {sample ? <span className="badge badge-warning">{t("doctorSearch.sampleBadge")}</span> : null}
          </h2>
          <p className="muted">{doctor.specialties.map((s) => specialtyLabel(t, s)).join(" · ")}</p>
          <p className="row doctor-card-rating">
            {/* No score without reviews: the listing's placeholder average says nothing (issue 39). */}
            {doctor.reviewCount > 0 ? (
              <>
                <StarRating rating={doctor.averageRate} />
                <span>{formatRating(doctor.averageRate, language)}</span>
                <span className="muted">{t("doctorSearch.reviews", { count: doctor.reviewCount })}</span>
              </>
            ) : (
              <span className="muted">{t("doctorSearch.noReviews")}</span>
            )}
          </p>
        </div>
      </div>
      <dl className="doctor-card-facts">
        {city ? (
          <div>
            <dt>{t("doctorSearch.city")}</dt>
            <dd>{city}</dd>
          </div>
        ) : null}
        {doctor.doctorSpokenLanguages.length > 0 ? (
          <div>
            <dt>{t("doctorSearch.spokenLanguages")}</dt>
            <dd>
              {formatList(
                doctor.doctorSpokenLanguages.map((l) => t(`doctorSearch.language.${l}`)),
                language,
              )}
            </dd>
          </div>
        ) : null}
        {price !== null ? (
          <div>
            <dt>{t("doctorSearch.clinicFee")}</dt>
            <dd>
              <Money amount={price} />
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t("doctorSearch.nextAvailability")}</dt>
          <dd>
            {/* The time in 24 hours through the shared formatter, as everywhere else (issue 39). */}
            {doctor.nextAvailability
              ? `${formatDate(doctor.nextAvailability, language, { weekday: "short", day: "numeric", month: "short" }, doctorTimeZone(doctor))} · ${formatTime(doctor.nextAvailability, language, doctorTimeZone(doctor))}`
              : t("doctorSearch.noAvailability")}
          </dd>
        </div>
      </dl>
      {sample ? null : (
        <div className="row doctor-card-actions">
          <Link to="/doctors/$doctorId" params={{ doctorId: doctor.id }} className="btn btn-secondary">
            {t("doctorSearch.viewProfile")}
            <span className="visually-hidden"> — {name}</span>
          </Link>
          <BookButton doctor={doctor} origin="search" open={onBook} disabled={!doctor.nextAvailability}>
            {t("doctorSearch.book")}
            <span className="visually-hidden"> — {name}</span>
          </BookButton>
        </div>
      )}
    </article>
  )
}
