import { useQuery } from "@tanstack/react-query"
import { useTranslation } from "react-i18next"
import type { Appointment } from "../../../schemas/appointment.ts"
import type { NotificationEntry } from "../../../schemas/notification.ts"
import { appointmentNotificationsQuery } from "../../api/appointments.ts"
import "./appointments.css"
import { formatDate, Ltr } from "../../i18n/format.ts"
import type { Language } from "../../i18n/languages.ts"
import { loadFailureText } from "../../errors/failureText.ts"

/**
 * "Reminders sent" (issue 13): what was sent about the appointment, on which channel, and
 * whether it failed, so the doctor can tell a patient who says they were not reminded. Loaded
 * after the page: the appointment itself does not wait for it.
 */
export function NotificationLog({ appointment }: { appointment: Pick<Appointment, "id" | "timeZone"> }) {
  const { t } = useTranslation()
  const log = useQuery(appointmentNotificationsQuery(appointment.id))
  return (
    <section className="card stack" aria-labelledby="notification-log">
      <h2 id="notification-log" className="section-title">
        {t("notificationLog.title")}
      </h2>
      {log.isPending ? (
        <p className="muted" role="status">
          {t("notificationLog.loading")}
        </p>
      ) : log.isError ? (
        <p role="alert">{loadFailureText(t, log.error, t("notificationLog.loadFailed"))}</p>
      ) : log.data.length === 0 ? (
        <p className="muted">{t("notificationLog.empty")}</p>
      ) : (
        <ul className="notification-log">
          {log.data.map((entry, index) => (
            <NotificationLine key={index} entry={entry} timeZone={appointment.timeZone} />
          ))}
        </ul>
      )}
    </section>
  )
}

function NotificationLine({ entry, timeZone }: { entry: NotificationEntry; timeZone: string }) {
  const { t, i18n } = useTranslation()
  const when = formatDate(entry.at, i18n.language as Language, { dateStyle: "medium", timeStyle: "short" }, timeZone)
  return (
    <li className={`notification-log-entry is-${entry.status}`}>
      <span>
        {t(`notificationLog.kinds.${entry.kind}`)} · {t(`notificationLog.channels.${entry.channel}`)}
      </span>
      <span className={`notification-status is-${entry.status}`}>{t(`notificationLog.statuses.${entry.status}`)}</span>
      <span className="muted">{when}</span>
      {entry.error ? (
        entry.status === "skipped" ? (
          <span className="muted">{t(`notificationLog.skipReasons.${entry.error}`, { defaultValue: entry.error })}</span>
        ) : (
          // The channel's own words (mail server, SMS provider): shown as they came, for support.
          <span className="muted break-anywhere">
            <Ltr>{entry.error}</Ltr>
          </span>
        )
      ) : null}
    </li>
  )
}
