import { useQueryClient, type QueryClient } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { fromPromise } from "xstate"
import { INTL_LOCALE, type Language } from "../../../i18n/languages.ts"
import { Avatar } from "../../../layout/Avatar.tsx"
import { doctorName, specialtyLabel } from "../../../i18n/doctorText.ts"
import { LandingSection } from "./LandingSection.tsx"
import { topRatedDoctorsQuery } from "./topDoctors.ts"
import { useFlowActor } from "../../../dev/useFlowActor.ts"

const COUNT = 4

const loadTopDoctors = fromPromise(async ({ input }: { input: QueryClient }) => (await input.fetchQuery(topRatedDoctorsQuery(COUNT))).data)

/**
 * The best-rated doctors, live from the gateway, loaded once the page shows. Read through the
 * query cache with a promise actor rather than useQuery: the landing page then does without
 * Query's observer code, which nothing else on / needs (the budget of the first load).
 */
export function TopDoctors() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const loader = useFlowActor(loadTopDoctors, { input: queryClient })
  const status = useSelector(loader, (s) => s.status)
  const doctors = useSelector(loader, (s) => s.output)
  // Made only once there is a figure to show: a page's first number format costs a phone tens of milliseconds.
  const rating = doctors && new Intl.NumberFormat(INTL_LOCALE[i18n.language as Language], { minimumFractionDigits: 1, maximumFractionDigits: 1 })
  return (
    <LandingSection id="top-doctors" title={t("landing.topDoctors.title")} intro={t("landing.topDoctors.intro")} tone="soft">
      {doctors ? (
        <ul className="card-grid">
          {doctors.map((doctor) => (
            <li key={doctor.id} className="card top-doctor">
              <Avatar photoUrl={doctor.photoUrl} role="doctor" size={64} name={`${doctor.firstName} ${doctor.lastName}`} />
              <h3>
                <Link to="/doctors/$doctorId" params={{ doctorId: doctor.id }}>
                  {doctorName(t, doctor)}
                </Link>
              </h3>
              <p className="muted">{doctor.specialties.map((s) => specialtyLabel(t, s)).join(" · ")}</p>
              {/* A CSS-drawn star and the figure: the landing does without the star-drawing component. */}
              <p className="top-doctor-rating">
                <span aria-hidden="true">
                  <span className="star star-full top-doctor-star" /> {rating?.format(doctor.averageRate)}
                </span>
                <span className="visually-hidden">{t("rating.outOfFive", { rating: doctor.averageRate })}</span>
              </p>
              <p className="muted">{(doctor.locations.find((l) => l.isPrimary) ?? doctor.locations[0])?.city}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted" role="status">
          {status === "error" ? t("landing.topDoctors.error") : t("landing.topDoctors.loading")}
        </p>
      )}
      <p>
        <Link to="/doctors" search={{ sort: "rating" }} className="btn btn-secondary">
          {t("landing.topDoctors.seeAll")}
        </Link>
      </p>
    </LandingSection>
  )
}
