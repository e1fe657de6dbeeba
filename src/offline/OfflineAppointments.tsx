import { useLocation } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { AppointmentCard } from "../features/appointments-shared/AppointmentCard.tsx"
import { upcomingConfirmed } from "../features/appointments-shared/appointmentFilters.ts"
import { readKeptAppointments } from "./keptAppointments.ts"
import { OfflineAppointmentDetail } from "./OfflineAppointmentDetail.tsx"
import { useTabToken } from "./OfflineBanner.tsx"

/** The appointment a detail address names (/appointments/{id}), if it is one. */
const detailIdOf = (pathname: string) => /^\/appointments\/([^/]+)\/?$/.exec(pathname)?.[1] ?? null

/**
 * The signed-in patient's upcoming appointments as last fetched, read from the tab while the
 * gateway cannot be reached; at a detail address, that appointment's detail as kept.
 */
export function OfflineAppointments() {
  const { t } = useTranslation()
  const detailId = useLocation({ select: (location) => detailIdOf(location.pathname) })
  const kept = readKeptAppointments(useTabToken())?.appointments
  if (detailId) return <OfflineAppointmentDetail appointment={kept?.find((a) => a.id === detailId)} />
  if (!kept) return null
  // Still ahead now, not only when fetched: one that has passed since is no longer upcoming.
  const list = upcomingConfirmed(kept, Date.now())
  return (
    <section className="container stack offline-kept" aria-labelledby="offline-appointments-title">
      <h2 id="offline-appointments-title">{t("offline.appointments")}</h2>
      {list.length === 0 ? (
        <p className="muted">{t("offline.noAppointments")}</p>
      ) : (
        <ul className="card-list">
          {list.map((a) => (
            <li key={a.id}>
              <AppointmentCard appointment={a} perspective="patient" />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
