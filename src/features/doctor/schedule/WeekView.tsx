import type { RefObject } from "react"
import { useTranslation } from "react-i18next"
import { mondayOfDate } from "../../../../machines/schedule.machine.ts"
import { formatDate } from "../../../i18n/format.ts"
import type { Language } from "../../../i18n/languages.ts"
import { parseDate, todayIn, weekDates } from "../../../time/calendar.ts"
import { Button } from "../../../ui/Button.tsx"
import { ScheduleNav } from "./ScheduleNav.tsx"
import { useSelectedWeek, WeekLoadState } from "./ScheduleWeek.tsx"
import { isOpen, type ScheduleRef, slotsByDate } from "./scheduleRef.ts"
import { SlotChips } from "./SlotChips.tsx"

/** The week view: 7 days from Monday with their slot counts, and the selected day's free slots. */
export function WeekView({ schedule, timeZone, headingRef }: { schedule: ScheduleRef; timeZone: string; headingRef?: RefObject<HTMLHeadingElement | null> }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const { selectedDay, week } = useSelectedWeek(schedule)
  const today = todayIn(timeZone).toString()
  const monday = mondayOfDate(selectedDay)
  const byDate = slotsByDate(week.data ?? [])
  const days = weekDates(parseDate(monday)).map((d) => d.toString())
  const open = (byDate.get(selectedDay) ?? []).filter((s) => isOpen(s))
  const range = `${formatDate(days[0]!, language, { day: "numeric", month: "long" })} – ${formatDate(days[6]!, language, { dateStyle: "long" })}`

  return (
    <div className="stack schedule-view">
      <ScheduleNav schedule={schedule} unit="week" today={today} />
      <h2 ref={headingRef} tabIndex={-1} className="schedule-heading" aria-live="polite">
        {range}
      </h2>
      <WeekLoadState schedule={schedule} week={week} />
      {week.data !== undefined ? (
        <>
          <ol className="week-grid" aria-label={t("schedule.weekDays")}>
            {days.map((date) => {
              const slots = (byDate.get(date) ?? []).filter((s) => s.status !== "CANCELLED")
              const booked = slots.filter((s) => s.status === "BOOKED").length
              const count = booked > 0 ? `${booked}/${slots.length}` : String(slots.length)
              const label = formatDate(date, language, { weekday: "long", day: "numeric", month: "long" })
              return (
                <li key={date}>
                  <button
                    type="button"
                    className={`day-cell${date === today ? " is-today" : ""}`}
                    aria-pressed={date === selectedDay}
                    aria-label={`${label} : ${booked > 0 ? t("schedule.bookedOfTotal", { count: booked, total: slots.length }) : t("schedule.slotCount", { count: slots.length })}`}
                    onClick={() => schedule.send({ type: "schedule.selectDay", date })}
                    data-testid={`day-${date}`}
                  >
                    <span className="day-cell-name">{formatDate(date, language, { weekday: "short" })}</span>
                    <span className="day-cell-number">{formatDate(date, language, { day: "numeric" })}</span>
                    <span className={`day-cell-count${booked > 0 ? " has-booked" : ""}`} aria-hidden="true">
                      {count}
                    </span>
                  </button>
                </li>
              )
            })}
          </ol>
          <section className="card selected-day" aria-labelledby="selected-day-title">
            <h3 id="selected-day-title" className="row">
              {formatDate(selectedDay, language, { weekday: "long", day: "numeric", month: "long" })}
              {selectedDay === today ? <span className="badge">{t("schedule.todayBadge")}</span> : null}
            </h3>
            {open.length > 0 ? (
              <SlotChips labels={open.map((s) => `${s.slotStartTime} – ${s.slotEndTime}`)} overflow="expand" label={t("schedule.availableSlots")} />
            ) : (
              <p className="muted">{t("schedule.noAvailableSlots")}</p>
            )}
            <div>
              <Button variant="secondary" size="small" onClick={() => schedule.send({ type: "schedule.openDay", date: selectedDay })}>
                {t("schedule.viewDetails")}
              </Button>
            </div>
          </section>
        </>
      ) : null}
    </div>
  )
}
