import { useTranslation } from "react-i18next"
import { AppointmentCard } from "../features/appointments-shared/AppointmentCard.tsx"
import { readKeptAppointments } from "./keptAppointments.ts"
import { useTabToken } from "./OfflineBanner.tsx"

/** The signed-in patient's upcoming appointments as last fetched, read from the tab while the gateway cannot be reached. */
export function OfflineAppointments() {
  const { t } = useTranslation()
  const list = readKeptAppointments(useTabToken())?.appointments
  if (!list) return null
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
