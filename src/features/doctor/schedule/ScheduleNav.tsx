import { useTranslation } from "react-i18next"
import { RefreshIcon } from "../../../ui/icons.tsx"
import { Button } from "../../../ui/Button.tsx"
import type { ScheduleRef } from "./scheduleRef.ts"

/** Previous, today, next and refresh, for the week view (by week) or the day view (by day). */
export function ScheduleNav({ schedule, unit, today }: { schedule: ScheduleRef; unit: "week" | "day"; today: string }) {
  const { t } = useTranslation()
  return (
    <div className="schedule-nav row">
      <Button variant="secondary" size="small" onClick={() => schedule.send({ type: "schedule.previous" })}>
        <span aria-hidden="true" className="flip-rtl">
          ‹
        </span>{" "}
        {t(`schedule.previous.${unit}`)}
      </Button>
      <Button variant="secondary" size="small" onClick={() => schedule.send({ type: "schedule.today", today })}>
        {t("schedule.today")}
      </Button>
      <Button variant="secondary" size="small" onClick={() => schedule.send({ type: "schedule.next" })}>
        {t(`schedule.next.${unit}`)}{" "}
        <span aria-hidden="true" className="flip-rtl">
          ›
        </span>
      </Button>
      <Button variant="ghost" size="small" onClick={() => schedule.send({ type: "schedule.refresh" })}>
        <RefreshIcon /> {t("common.refresh")}
      </Button>
    </div>
  )
}
