import { useMutation } from "@tanstack/react-query"
import { useId } from "react"
import { useTranslation } from "react-i18next"
import type { Appointment } from "../../../schemas/appointment.ts"
import { appointmentCalendar } from "../../api/appointments.ts"
import { Button } from "../../ui/Button.tsx"

/** `promed-<date>.ics`, the date being the appointment's day where it takes place (yyyy-MM-dd: the Canadian English format is ISO's). */
export const calendarFileName = (appointment: Pick<Appointment, "appointmentTime" | "timeZone">): string =>
  `promed-${new Intl.DateTimeFormat("en-CA", { timeZone: appointment.timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(appointment.appointmentTime),
  )}.ics`

/** Saves text as a file through a link clicked for the user: the call needs the bearer token, so a plain link to the gateway cannot. */
export function saveFile(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement("a")
  link.href = url
  link.download = name
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Some browsers start reading the file after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/**
 * "Add to calendar" (issue 13): downloads the appointment's iCalendar file (GET
 * /appointments/{id}/calendar.ics) as `promed-<date>.ics`. Same UID for every download, so adding
 * it again after a reschedule updates the event. A failure opens the error modal (SPEC §8).
 * Needs the `appointments` texts.
 */
export function AddToCalendarButton({ appointment }: { appointment: Appointment }) {
  const { t } = useTranslation()
  const hintId = useId()
  const download = useMutation({
    mutationFn: () => appointmentCalendar(appointment.id),
    onSuccess: (text) => saveFile(text, calendarFileName(appointment), "text/calendar"),
  })
  return (
    <div className="stack">
      <Button variant="secondary" onClick={() => download.mutate()} loading={download.isPending} aria-describedby={hintId}>
        {t("appointments.addToCalendar")}
      </Button>
      <p id={hintId} className="muted">
        {t("appointments.addToCalendarHint")}
      </p>
    </div>
  )
}
