import { useQueryClient, type QueryClient } from "@tanstack/react-query"
import type { ComponentType } from "react"
import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { fromPromise } from "xstate"
import { INTL_LOCALE, type Language } from "../../../i18n/languages.ts"
import { Avatar } from "../../../layout/Avatar.tsx"
import { doctorName, specialtyLabel } from "../../../i18n/doctorText.ts"
import { topRatedDoctorsQuery } from "./topDoctors.ts"
import { useFlowActor } from "../../../dev/useFlowActor.ts"

const COUNT = 4

const loadTopDoctors = fromPromise(async ({ input }: { input: QueryClient }) => (await input.fetchQuery(topRatedDoctorsQuery(COUNT))).data)

/**
 * The best-rated doctors, live from the gateway (src/features/public/landing/LandingPage.tsx loads
 * this when the section comes near the screen). Read through the query cache with a promise actor
 * rather than useQuery: the landing does without Query's observer code, which nothing else on / needs.
 * The status line while it loads is the section's (TopDoctorsFrame.tsx), drawn before this code arrives.
 */
export function TopDoctorList({ Status }: { Status: ComponentType<{ failed: boolean }> }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const loader = useFlowActor(loadTopDoctors, { input: queryClient })
  const status = useSelector(loader, (s) => s.status)
  const doctors = useSelector(loader, (s) => s.output)
  // Made only once there is a figure to show: a page's first number format costs a phone tens of milliseconds.
  const rating = doctors && new Intl.NumberFormat(INTL_LOCALE[i18n.language as Language], { minimumFractionDigits: 1, maximumFractionDigits: 1 })
  if (!doctors) return <Status failed={status === "error"} />
  return (
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
  )
}
