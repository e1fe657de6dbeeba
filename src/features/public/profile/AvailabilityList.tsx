import { useQuery } from "@tanstack/react-query"
import { useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import type { TimeSlot } from "../../../../schemas/availability.ts"
import type { Doctor } from "../../../../schemas/doctor.ts"
import { availableSlotsQuery } from "../../../api/timeSlots.ts"
import { formatDate } from "../../../i18n/format.ts"
import type { Language } from "../../../i18n/languages.ts"
import { todayIn } from "../../../time/calendar.ts"
import { LoadingScreen } from "../../../ui/LoadingScreen.tsx"
import { BookButton } from "../common/BookButton.tsx"
import { doctorTimeZone } from "../common/doctorFacts.ts"
import { loadFailureText } from "../../../errors/failureText.ts"

/** How far ahead the profile lists free slots. */
export const AVAILABILITY_DAYS = 14

function byDate(slots: ReadonlyArray<TimeSlot>): Array<[string, TimeSlot[]]> {
  const days = new Map<string, TimeSlot[]>()
  for (const slot of slots) days.set(slot.slotDate, [...(days.get(slot.slotDate) ?? []), slot])
  return [...days]
}

/**
 * The collapsible availability list (SPEC §2): the slots of the next two weeks, fetched the first
 * time it is opened, each with its own book button. A failure empties the list (SPEC §4).
 */
export function AvailabilityList({ doctor }: { doctor: Doctor }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const [opened, setOpened] = useState(false)
  const details = useRef<HTMLDetailsElement>(null)
  // Opened in the server's HTML before the page came to life (a summary needs no script): load now.
  useEffect(() => {
    if (details.current?.open) setOpened(true)
  }, [])
  const today = todayIn(doctorTimeZone(doctor))
  const slots = useQuery({
    ...availableSlotsQuery(doctor.id, today.toString(), today.add({ days: AVAILABILITY_DAYS - 1 }).toString()),
    enabled: opened,
  })

  return (
    <details ref={details} className="card profile-section" onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary>
        <h2>{t("doctorProfile.availability.title")}</h2>
      </summary>
      {slots.isPending ? (
        opened ? (
          <LoadingScreen label={t("doctorProfile.availability.loading")} />
        ) : null
      ) : slots.isError ? (
        <p className="alert alert-danger" role="alert">
          {loadFailureText(t, slots.error, t("doctorProfile.availability.error"))}
        </p>
      ) : slots.data.length === 0 ? (
        <p className="muted">{t("doctorProfile.availability.empty", { count: AVAILABILITY_DAYS })}</p>
      ) : (
        <ul className="availability-days">
          {byDate(slots.data).map(([date, daySlots]) => {
            const day = formatDate(date, language, { weekday: "long", day: "numeric", month: "long" })
            return (
              <li key={date}>
                <h3 className="availability-day">{day}</h3>
                <ul className="slot-chips">
                  {daySlots.map((slot) => (
                    <li key={slot.id}>
                      <BookButton
                        doctor={doctor}
                        origin="availability"
                        initialSlot={slot}
                        variant="secondary"
                        size="small"
                        aria-label={t("doctorProfile.availability.bookAt", { day, time: slot.slotStartTime })}
                      >
                        {slot.slotStartTime}
                      </BookButton>
                    </li>
                  ))}
                </ul>
              </li>
            )
          })}
        </ul>
      )}
    </details>
  )
}
