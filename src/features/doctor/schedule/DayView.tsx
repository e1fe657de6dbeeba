import { Link } from "@tanstack/react-router"
import type { RefObject } from "react"
import { useTranslation } from "react-i18next"
import type { DoctorFacility } from "../../../../schemas/doctor.ts"
import { formatDate } from "../../../i18n/format.ts"
import type { Language } from "../../../i18n/languages.ts"
import { todayIn } from "../../../time/calendar.ts"
import { Button } from "../../../ui/Button.tsx"
import { ScheduleNav } from "./ScheduleNav.tsx"
import { useSelectedWeek, WeekLoadState } from "./ScheduleWeek.tsx"
import { type ScheduleRef, slotsByDate, slotState } from "./scheduleRef.ts"
import { BackIcon } from "../../../ui/icons.tsx"

const BADGE = { available: "badge-success", booked: "", past: "badge-warning", cancelled: "badge-danger" } as const

/** The day view: one card per slot, booked ones linked to their appointment. */
export function DayView({
  schedule,
  timeZone,
  facilities,
  headingRef,
}: {
  schedule: ScheduleRef
  timeZone: string
  facilities: ReadonlyArray<DoctorFacility>
  headingRef?: RefObject<HTMLHeadingElement | null>
}) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  // The day is read from its week's query, so moving between days of a week costs no request.
  const { selectedDay: day, week } = useSelectedWeek(schedule)
  const today = todayIn(timeZone).toString()
  const slots = slotsByDate(week.data ?? []).get(day) ?? []
  const facilityName = (id: string | null) => facilities.find((f) => f.id === id)?.name

  return (
    <div className="stack schedule-view">
      <div className="row">
        <Button variant="ghost" size="small" onClick={() => schedule.send({ type: "schedule.showWeek" })}>
          <span aria-hidden="true" className="flip-rtl">
            <BackIcon />
          </span>{" "}
          {t("schedule.backToWeek")}
        </Button>
      </div>
      <ScheduleNav schedule={schedule} unit="day" today={today} />
      <h2 ref={headingRef} tabIndex={-1} className="schedule-heading row" aria-live="polite">
        {formatDate(day, language, { weekday: "long", day: "numeric", month: "long", year: "numeric" })}
        {day === today ? <span className="badge">{t("schedule.todayBadge")}</span> : null}
      </h2>
      <WeekLoadState schedule={schedule} week={week} />
      {week.data !== undefined && slots.length === 0 ? (
        <div className="card empty-state">
          <p>{t("schedule.emptyDay")}</p>
          <Button variant="secondary" onClick={() => schedule.send({ type: "schedule.showWeek" })}>
            {t("schedule.checkOtherDays")}
          </Button>
        </div>
      ) : null}
      {slots.length > 0 ? (
        <ul className="slot-cards" aria-label={t("schedule.daySlots")}>
          {slots.map((slot) => {
            const state = slotState(slot)
            const place = facilityName(slot.healthcareFacilityId)
            return (
              <li key={slot.id} className={`card slot-card slot-${state}`} data-testid="slot-card">
                <strong className="slot-time">
                  {slot.slotStartTime} – {slot.slotEndTime}
                </strong>
                <span className={`badge ${BADGE[state]}`}>{t(`schedule.slotState.${state}`)}</span>
                {place ? <span className="muted">{place}</span> : null}
                {state === "booked" && slot.appointmentId ? (
                  <Link to="/doctor/appointments/$appointmentId" params={{ appointmentId: slot.appointmentId }}>
                    {t("schedule.viewAppointment")}
                  </Link>
                ) : null}
              </li>
            )
          })}
        </ul>
      ) : null}
    </div>
  )
}
