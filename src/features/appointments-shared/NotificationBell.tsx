import { Link } from "@tanstack/react-router"
import { useEffect, useId, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import type { Appointment } from "../../../schemas/appointment.ts"
import type { Language } from "../../i18n/languages.ts"
import { APPOINTMENT_LIST, AppointmentLink } from "./AppointmentLink.tsx"
import { appointmentWhen, attendeeOf } from "./appointmentText.ts"
import "./appointments.css"
import { doctorName } from "../../i18n/doctorText.ts"
import { BellIcon } from "../../ui/icons.tsx"

export interface NotificationBellProps {
  /** Confirmed appointments still ahead (see upcomingConfirmed). */
  appointments: ReadonlyArray<Appointment>
  perspective: "patient" | "doctor"
}

/** A bell with the count of confirmed appointments and a dropdown of them (SPEC §2). Needs the `notifications` texts. */
export function NotificationBell({ appointments, perspective }: NotificationBellProps) {
  const { t, i18n } = useTranslation()
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const root = useRef<HTMLDivElement>(null)
  const count = appointments.length

  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false)
    const onClick = (e: MouseEvent) => root.current && !root.current.contains(e.target as Node) && setOpen(false)
    document.addEventListener("keydown", onKey)
    document.addEventListener("mousedown", onClick)
    return () => {
      document.removeEventListener("keydown", onKey)
      document.removeEventListener("mousedown", onClick)
    }
  }, [open])

  return (
    <div className="notification-bell" ref={root}>
      <button
        type="button"
        className="btn btn-secondary notification-bell-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t("notifications.bell", { count })}
        onClick={() => setOpen(!open)}
      >
        <BellIcon />
        {count > 0 ? (
          <span className="notification-badge" aria-hidden="true">
            {count > 99 ? "99+" : count}
          </span>
        ) : null}
      </button>
      {open ? (
        <div id={panelId} className="notification-panel" role="region" aria-label={t("notifications.title")}>
          <p className="muted">{count === 0 ? t("notifications.none") : t("notifications.title")}</p>
          <ul>
            {appointments.slice(0, 5).map((a) => {
              const { date, time } = appointmentWhen(a, i18n.language as Language)
              return (
                <li key={a.id}>
                  <AppointmentLink id={a.id} perspective={perspective} onClick={() => setOpen(false)}>
                    <strong>{perspective === "patient" ? doctorName(t, a.doctor) : attendeeOf(a)}</strong>
                    <br />
                    <span className="muted">{`${date} · ${time}`}</span>
                  </AppointmentLink>
                </li>
              )
            })}
          </ul>
          <Link to={APPOINTMENT_LIST[perspective]} className="btn btn-secondary btn-small" onClick={() => setOpen(false)}>
            {t("notifications.viewAll")}
          </Link>
        </div>
      ) : null}
    </div>
  )
}
