import { useQuery } from "@tanstack/react-query"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { mondayOfDate } from "../../../../machines/schedule.machine.ts"
import { weekScheduleQuery } from "../../../api/availability.ts"
import { QueryLoadProblem } from "../common/LoadProblem.tsx"
import type { ScheduleRef } from "./scheduleRef.ts"

/** The selected day and its week's slots: the week and day views read the same query. */
export function useSelectedWeek(schedule: ScheduleRef) {
  const doctorId = useSelector(schedule, (s) => s.context.doctorId)
  const selectedDay = useSelector(schedule, (s) => s.context.selectedDay)
  const week = useQuery(weekScheduleQuery(doctorId, mondayOfDate(selectedDay)))
  return { selectedDay, week }
}

/** While the week loads, or when it could not: SPEC §8's slot texts, as a panel or a banner. */
export function WeekLoadState({ schedule, week }: { schedule: ScheduleRef; week: ReturnType<typeof useSelectedWeek>["week"] }) {
  const { t } = useTranslation()
  return (
    <>
      <QueryLoadProblem
        query={week}
        panel={t("schedule.failedToFetchTimeSlots")}
        banner={t("schedule.failedToLoadTimeSlots")}
        onRefresh={() => schedule.send({ type: "schedule.refresh" })}
      />
      {week.data === undefined && week.isPending ? <p className="muted">{t("common.loading")}</p> : null}
    </>
  )
}
