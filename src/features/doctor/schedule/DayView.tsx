import { useQuery } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { mondayOfDate } from "../../../../machines/schedule.machine.ts"
import type { DoctorFacility } from "../../../../schemas/doctor.ts"
import { weekScheduleQuery } from "../../../api/availability.ts"
import { formatDate } from "../../../i18n/format.ts"
import type { Language } from "../../../i18n/languages.ts"
import { todayIn } from "../../../time/calendar.ts"
import { Button } from "../../../ui/Button.tsx"
import { QueryLoadProblem } from "../common/LoadProblem.tsx"
import { ScheduleNav } from "./ScheduleNav.tsx"
import { type ScheduleRef, slotsByDate, slotState } from "./scheduleRef.ts"

const BADGE = { available: "badge-success", booked: "", past: "badge-warning", cancelled: "badge-danger" } as const

/** The day view: one card per slot, booked ones linked to their appointment. */
export function DayView({ schedule, timeZone, facilities }: { schedule: ScheduleRef; timeZone: string; facilities: ReadonlyArray<DoctorFacility> }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const doctorId = useSelector(schedule, (s) => s.context.doctorId)
  const day = useSelector(schedule, (s) => s.context.selectedDay)
  const today = todayIn(timeZone).toString()
  // The day is read from its week's query, so moving between days of a week costs no request.
  const week = useQuery(weekScheduleQuery(doctorId, mondayOfDate(day)))
  const slots = slotsByDate(week.data ?? []).get(day) ?? []
  const facilityName = (id: string | null) => facilities.find((f) => f.id === id)?.name

  return (
    <div className="stack schedule-view">
      <div className="row">
        <Button variant="ghost" size="small" onClick={() => schedule.send({ type: "schedule.showWeek" })}>
          <span aria-hidden="true" className="flip-rtl">←</span> {t("schedule.backToWeek")}
        </Button>
      </div>
      <ScheduleNav schedule={schedule} unit="day" today={today} />
      <h2 className="schedule-heading row" aria-live="polite">
        {formatDate(day, language, { weekday: "long", day: "numeric", month: "long", year: "numeric" })}
        {day === today ? <span className="badge">{t("schedule.todayBadge")}</span> : null}
      </h2>
      <QueryLoadProblem
        query={week}
        panel={t("schedule.failedToFetchTimeSlots")}
        banner={t("schedule.failedToLoadTimeSlots")}
        onRefresh={() => schedule.send({ type: "schedule.refresh" })}
      />
      {week.data === undefined && week.isPending ? <p className="muted">{t("common.loading")}</p> : null}
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
