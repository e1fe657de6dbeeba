import { useQuery } from "@tanstack/react-query"
import { getRouteApi, Link } from "@tanstack/react-router"
import { lazy, Suspense } from "react"
import { useTranslation } from "react-i18next"
import { doctorQuery } from "../../../api/doctors.ts"
import { LoadingScreen } from "../../../ui/LoadingScreen.tsx"
import { AvailabilityList } from "./AvailabilityList.tsx"
import { AwardsAndPublications, Biography, Insurance, QuickInfo, Services } from "./ProfileDetails.tsx"
import { ProfileBanner } from "./ProfileBanner.tsx"
import { ProfileBooking } from "./ProfileBooking.tsx"
import { ProfileFacilities } from "./ProfileFacilities.tsx"
import { ProfileStats } from "./ProfileStats.tsx"
import "../common/public.css"
import { failureText } from "../../../errors/failureText.ts"

// The reviews (issue 4) are their own chunk: the profile shows before they load.
const ReviewsSection = lazy(() => import("../../reviews/ReviewsSection.tsx"))

const route = getRouteApi("/doctors/$doctorId")

/** /doctors/{doctorId}: the public doctor profile (SPEC §2). */
export function DoctorProfilePage() {
  const { t } = useTranslation()
  const { doctorId } = route.useParams()
  const doctor = useQuery(doctorQuery(doctorId))

  if (doctor.isPending) return <LoadingScreen label={t("doctorProfile.loading")} />
  if (doctor.isError) {
    const missing = doctor.error.status !== null && doctor.error.status < 500
    return <DoctorUnavailable missing={missing} error={doctor.error} onRetry={() => void doctor.refetch()} />
  }
  const d = doctor.data
  return (
    <article className="container page doctor-profile" aria-labelledby="doctor-profile-title">
      <ProfileBanner doctor={d} />
      <div className="profile-grid">
        <div className="stack">
          <AvailabilityList doctor={d} />
          <Biography doctor={d} />
          <ProfileFacilities doctor={d} />
          <AwardsAndPublications doctor={d} />
          <Suspense fallback={null}>
            <ReviewsSection doctor={d} />
          </Suspense>
        </div>
        <aside className="stack">
          <QuickInfo doctor={d} />
          <Services doctor={d} />
          <Insurance doctor={d} />
          <ProfileStats doctor={d} />
        </aside>
      </div>
      <ProfileBooking doctor={d} />
    </article>
  )
}

/** The doctor cannot be shown: unknown (with the way back to the search) or not reachable now (with a retry). */
function DoctorUnavailable({ missing, error, onRetry }: { readonly missing: boolean; readonly error?: unknown; readonly onRetry?: () => void }) {
  const { t } = useTranslation()
  return (
    <section className="container page empty-state" aria-labelledby="doctor-missing-title">
      <h1 id="doctor-missing-title">{missing ? t("errors.DOCTOR_NOT_FOUND.title") : t("doctorProfile.loadError")}</h1>
      <p className="muted">{missing ? t("errors.DOCTOR_NOT_FOUND.description") : failureText(t, error, t("common.commonError"), "read")}</p>
      <div className="row" style={{ justifyContent: "center" }}>
        {missing ? null : (
          <button type="button" className="btn btn-secondary" onClick={onRetry}>
            {t("common.retry")}
          </button>
        )}
        <Link to="/doctors" className="btn btn-primary">
          {t("doctorProfile.backToSearch")}
        </Link>
      </div>
    </section>
  )
}

/** An address whose id cannot be a doctor's: the route refuses it before asking the gateway (SPEC §2). */
export const DoctorNotFound = () => <DoctorUnavailable missing />
