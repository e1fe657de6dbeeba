import * as Schema from "effect/Schema"
import { useTranslation } from "react-i18next"
import { AppointmentList } from "../../schemas/appointment.ts"
import { AppointmentCard } from "../features/appointments-shared/AppointmentCard.tsx"
import { readOfflineSnapshot } from "./offlineStore.ts"
import { useTabToken } from "./OfflineBanner.tsx"

/** The kept list, decoded like an answer of the gateway; anything unreadable counts as nothing kept. */
function keptAppointments(token: string | null) {
  const kept = readOfflineSnapshot(token)
  if (!kept) return null
  const exit = Schema.decodeUnknownExit(AppointmentList)(kept.appointments)
  return exit._tag === "Success" ? exit.value : null
}

/** The signed-in patient's upcoming appointments as last fetched, read from the tab while the gateway cannot be reached. */
export function OfflineAppointments() {
  const { t } = useTranslation()
  const list = keptAppointments(useTabToken())
  if (!list) return null
  return (
    <section className="container page stack" aria-labelledby="offline-appointments-title">
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
