import { useQuery } from "@tanstack/react-query"
import { RefreshIcon } from "../../../ui/icons.tsx"
import { useSelector } from "@xstate/react"
import { useRef } from "react"
import { useTranslation } from "react-i18next"
import type { Availability } from "../../../../schemas/availability.ts"
import type { DoctorFacility } from "../../../../schemas/doctor.ts"
import { DAYS_OF_WEEK, type DayOfWeek } from "../../../../schemas/enums.ts"
import { availabilitiesQuery } from "../../../api/availability.ts"
import { formatDate } from "../../../i18n/format.ts"
import type { Language } from "../../../i18n/languages.ts"
import { Button } from "../../../ui/Button.tsx"
import { useRefocusWhenLost } from "../../../ui/useRefocusWhenLost.ts"
import { QueryLoadProblem } from "../common/LoadProblem.tsx"
import { type ScheduleRef, slotsByDate } from "./scheduleRef.ts"
import { SlotChips } from "./SlotChips.tsx"

/** The slots of the next day an availability applies to: its daily pattern. */
function nextDay(availability: Availability) {
  // Today's started slots are no longer listed: the week's pattern is its next whole day, the fullest.
  let fullest: Availability["timeSlots"] = []
  for (const day of slotsByDate(availability.timeSlots).values()) if (day.length > fullest.length) fullest = day
  return fullest
}

/** The recurring view: a card per weekday, each availability with its daily slots and bookings. */
export function RecurringView({ schedule, facilities }: { schedule: ScheduleRef; facilities: ReadonlyArray<DoctorFacility> }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const doctorId = useSelector(schedule, (s) => s.context.doctorId)
  const list = useQuery(availabilitiesQuery(doctorId))
  const facilityName = (id: string | null) => facilities.find((f) => f.id === id)?.name
  // The Delete that had the focus leaves with its availability: the focus goes to its weekday.
  const deleting = useRef<{ id: string; weekday: DayOfWeek } | null>(null)
  useRefocusWhenLost(list.data, () => {
    const gone = deleting.current
    if (!gone || list.data?.some((a) => a.id === gone.id)) return null
    deleting.current = null
    return document.getElementById(`weekday-${gone.weekday}`)
  })

  return (
    <div className="stack schedule-view">
      <div className="row">
        <Button variant="ghost" size="small" onClick={() => schedule.send({ type: "schedule.refresh" })}>
          <RefreshIcon /> {t("common.refresh")}
        </Button>
      </div>
      <QueryLoadProblem
        query={list}
        panel={t("schedule.failedToFetchAvailability")}
        banner={t("schedule.failedToLoadDoctorsAvailability")}
        onRefresh={() => schedule.send({ type: "schedule.refresh" })}
      />
      {list.data === undefined && list.isPending ? <p className="muted">{t("common.loading")}</p> : null}
      {list.data !== undefined ? (
        <ul className="grid-cards recurring-grid">
          {DAYS_OF_WEEK.map((weekday) => {
            const own = list.data.filter((a) => a.dayOfWeek === weekday)
            const perDay = own.reduce((sum, a) => sum + nextDay(a).length, 0)
            const booked = own.reduce((sum, a) => sum + a.timeSlots.filter((s) => s.status === "BOOKED").length, 0)
            return (
              <li key={weekday} className="card weekday-card" aria-labelledby={`weekday-${weekday}`}>
                <div className="row weekday-card-head">
                  <h3 id={`weekday-${weekday}`} tabIndex={-1}>
                    {t(`availability.days.${weekday}`)}
                  </h3>
                  {own.length > 0 ? <span className="muted">{t("schedule.slotsPerDay", { count: perDay })}</span> : null}
                  {booked > 0 ? <span className="badge badge-warning">{t("schedule.bookedBadge", { count: booked })}</span> : null}
                </div>
                {own.length === 0 ? <p className="muted">{t("schedule.noAvailability")}</p> : null}
                {own.map((a) => {
                  const place = facilityName(a.healthcareFacilityId)
                  const aBooked = a.timeSlots.filter((s) => s.status === "BOOKED").length
                  const times = nextDay(a).map((s) => s.slotStartTime)
                  return (
                    <div key={a.id} className="availability-block" data-testid="availability-block">
                      <p className="availability-summary">
                        <strong>
                          {a.startTime} – {a.endTime}
                        </strong>{" "}
                        · {t("availability.slotLength", { minutes: a.slotDurationMinutes })}
                        {place ? ` · ${place}` : ""}
                      </p>
                      <p className="muted">
                        {a.isRecurring || !a.onDate
                          ? t("availability.everyWeek")
                          : t("availability.onlyOn", { date: formatDate(a.onDate, language, { weekday: "long", day: "numeric", month: "long" }) })}
                        {aBooked > 0 ? ` · ${t("schedule.bookedBadge", { count: aBooked })}` : ""}
                      </p>
                      {times.length > 0 ? (
                        <SlotChips labels={times} overflow="expand" label={t("schedule.dailySlots")} />
                      ) : (
                        <p className="muted">{t("schedule.noUpcomingSlots")}</p>
                      )}
                      <div>
                        <Button
                          variant="ghost"
                          size="small"
                          className="danger-text"
                          onClick={() => {
                            deleting.current = { id: a.id, weekday }
                            schedule.send({ type: "schedule.delete", availabilityId: a.id })
                          }}
                          aria-label={t("availability.deleteLabel", { day: t(`availability.days.${weekday}`), start: a.startTime, end: a.endTime })}
                        >
                          {t("availability.delete")}
                        </Button>
                      </div>
                    </div>
                  )
                })}
              </li>
            )
          })}
        </ul>
      ) : null}
    </div>
  )
}
