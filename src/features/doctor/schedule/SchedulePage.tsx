import { useQueryClient } from "@tanstack/react-query"
import { useSelector } from "@xstate/react"
import i18next from "i18next"
import { useRef } from "react"
import { useTranslation } from "react-i18next"
import { fromPromise } from "xstate"
import { availabilityFormMachine, type AvailabilityFormValues } from "../../../../machines/availabilityForm.machine.ts"
import { scheduleMachine } from "../../../../machines/schedule.machine.ts"
import type { AvailabilityInput } from "../../../../schemas/availability.ts"
import { createAvailability, deleteAvailability, scheduleKeys } from "../../../api/availability.ts"
import { useAppActors } from "../../../appContext.tsx"
import { todayIn } from "../../../time/calendar.ts"
import { Button } from "../../../ui/Button.tsx"
import { ConfirmDialog } from "../../../ui/ConfirmDialog.tsx"
import { toast, TOAST_DURATION } from "../../../ui/toast/toastStore.ts"
import { failureText } from "../../../errors/failureText.ts"
import { useRefocusWhenLost } from "../../../ui/useRefocusWhenLost.ts"
import { useDoctorSession } from "../common/useDoctorSession.ts"
import { AddAvailabilityDialog, type FormRef } from "./AddAvailabilityDialog.tsx"
import { DayView } from "./DayView.tsx"
import { RecurringView } from "./RecurringView.tsx"
import { WeekView } from "./WeekView.tsx"
import { useFlowActor } from "../../../dev/useFlowActor.ts"
import "./schedule.css"

const toInput = (values: AvailabilityFormValues): AvailabilityInput => ({
  dayOfWeek: values.dayOfWeek,
  startTime: values.startTime,
  endTime: values.endTime,
  isRecurring: values.isRecurring,
  slotDurationMinutes: values.slotDurationMinutes,
  healthcareFacilityId: values.healthcareFacilityId,
})

const VIEWS = ["week", "day", "recurring"] as const
const SHOW_VIEW = { week: "schedule.showWeek", day: "schedule.showDay", recurring: "schedule.showRecurring" } as const

/** /doctor/schedule: week, day and recurring views of the doctor's slots, with add and delete. */
export function SchedulePage() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const { session } = useAppActors()
  const { doctor, settings, timeZone } = useDoctorSession()

  const schedule = useFlowActor(
    scheduleMachine.provide({
      actors: {
        availabilityForm: availabilityFormMachine.provide({
          actors: {
            createAvailability: fromPromise(({ input }) => createAvailability(input.doctorId, toInput(input.values))),
          },
          // An overlap is explained in the dialog itself: no generic toast on top of the real reason.
          actions: {
            notifyFailure: (_, { error }) =>
              void (error.code === "AVAILABILITY_ALREADY_EXISTS" || toast.error(failureText(i18next.t, error, i18next.t("common.commonError")))),
          },
        }),
        deleteAvailability: fromPromise(async ({ input }) => {
          await deleteAvailability(input.doctorId, input.availabilityId)
        }),
      },
      actions: {
        refetch: () => {
          void queryClient.invalidateQueries({ queryKey: scheduleKeys.all(doctor.id) })
          // Public slot lists and the next availability shown elsewhere change with the schedule.
          void queryClient.invalidateQueries({ queryKey: ["timeSlots", doctor.id] })
        },
        // The session's doctor carries nextAvailability, which decides whether booking is offered.
        notifyAdded: () => {
          toast.success(i18next.t("availability.added"), TOAST_DURATION.short)
          session.send({ type: "session.refresh" })
        },
        notifyDeleted: () => {
          toast.success(i18next.t("availability.deleted"), TOAST_DURATION.short)
          session.send({ type: "session.refresh" })
        },
        notifyFailed: (_, { error }) =>
          toast.error(
            error.code === "BUSINESS_ERROR" ? i18next.t("availability.cannotDeleteBooked") : failureText(i18next.t, error, i18next.t("common.commonError")),
          ),
      },
    }),
    { input: { doctorId: doctor.id, today: todayIn(timeZone).toString(), facilityId: doctor.healthcareFacilities[0]?.id ?? null } },
  )
  const view = useSelector(schedule, (s) => VIEWS.find((v) => s.matches({ view: v })) ?? "week")
  const overlay = useSelector(schedule, (s) => s.value.overlay)
  const formRef = useSelector(schedule, (s) => s.children.availabilityForm as FormRef | undefined)
  // "View details", "Back to the week" and "Check other days" go away with their view: the new
  // view's heading takes the focus.
  const heading = useRef<HTMLHeadingElement>(null)
  useRefocusWhenLost(view, heading)

  return (
    <section className="container page schedule-page" aria-labelledby="schedule-title">
      <header className="doctor-page-header">
        <h1 id="schedule-title">{t("schedule.title")}</h1>
        <Button onClick={() => schedule.send({ type: "schedule.add" })}>{t("schedule.addAvailability")}</Button>
      </header>
      <div className="segmented" role="group" aria-label={t("schedule.views")}>
        {VIEWS.map((v) => (
          <button key={v} type="button" aria-pressed={view === v} onClick={() => schedule.send({ type: SHOW_VIEW[v] })}>
            {t(`schedule.view.${v}`)}
          </button>
        ))}
      </div>

      {view === "week" ? <WeekView schedule={schedule} timeZone={timeZone} headingRef={heading} /> : null}
      {view === "day" ? <DayView schedule={schedule} timeZone={timeZone} facilities={doctor.healthcareFacilities} headingRef={heading} /> : null}
      {view === "recurring" ? <RecurringView schedule={schedule} facilities={doctor.healthcareFacilities} /> : null}

      {overlay === "adding" && formRef ? <AddAvailabilityDialog form={formRef} facilities={doctor.healthcareFacilities} settings={settings} /> : null}
      <ConfirmDialog
        open={overlay === "confirmingDelete" || overlay === "deleting"}
        busy={overlay === "deleting"}
        destructive
        title={t("availability.deleteTitle")}
        description={t("availability.deleteDescription")}
        confirmLabel={t("availability.deleteConfirm")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => schedule.send({ type: "schedule.confirmDelete" })}
        onCancel={() => schedule.send({ type: "schedule.cancelDelete" })}
      />
    </section>
  )
}
