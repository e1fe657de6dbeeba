import { useTranslation } from "react-i18next"
import type { Doctor } from "../../../../schemas/doctor.ts"
import { formatRating } from "../../../i18n/format.ts"
import type { Language } from "../../../i18n/languages.ts"
import { Avatar } from "../../../layout/Avatar.tsx"
import { StarRating } from "../../../ui/StarRating.tsx"
import { BookButton } from "../common/BookButton.tsx"
import { JoinWaitlistButton } from "./JoinWaitlistButton.tsx"
import { doctorName, specialtyLabel } from "../../../i18n/doctorText.ts"

/** Photo, name, specialties, rating to one decimal and the book button (SPEC §2). */
export function ProfileBanner({ doctor }: { doctor: Doctor }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  return (
    <header className="card profile-banner">
      <Avatar photoUrl={doctor.photoUrl} role="doctor" size={112} alt={doctorName(t, doctor)} name={`${doctor.firstName} ${doctor.lastName}`} />
      <div className="stack profile-banner-text">
        <h1 id="doctor-profile-title">{doctorName(t, doctor)}</h1>
        <p className="profile-specialties">{doctor.specialties.map((s) => specialtyLabel(t, s)).join(" · ")}</p>
        <p className="row">
          {doctor.reviewCount > 0 ? (
            <>
              <StarRating rating={doctor.averageRate} size={20} />
              <strong data-testid="profile-rating">{formatRating(doctor.averageRate, language)}</strong>
              <span className="muted">{t("doctorSearch.reviews", { count: doctor.reviewCount })}</span>
            </>
          ) : (
            <span className="muted">{t("doctorSearch.noReviews")}</span>
          )}
        </p>
      </div>
      <div className="stack profile-banner-action">
        <BookButton doctor={doctor} origin="profile" disabled={!doctor.nextAvailability}>
          {t("doctorProfile.book")}
        </BookButton>
        {doctor.nextAvailability ? null : <p className="muted">{t("doctorProfile.noAvailability")}</p>}
        <JoinWaitlistButton doctor={doctor} />
      </div>
    </header>
  )
}
