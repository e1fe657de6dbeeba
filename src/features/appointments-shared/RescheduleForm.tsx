import { useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { idempotencyKeys } from "../../../machines/shared/idempotencyKeys.ts"
import { useTranslation } from "react-i18next"
import { insideNotice } from "../../../machines/cancelAppointment.machine.ts"
import type { Appointment } from "../../../schemas/appointment.ts"
import type { TimeSlot } from "../../../schemas/availability.ts"
import { afterAppointmentChange, rescheduleAppointment } from "../../api/appointments.ts"
import type { Language } from "../../i18n/languages.ts"
import { Button } from "../../ui/Button.tsx"
import { toast, TOAST_DURATION } from "../../ui/toast/toastStore.ts"
import { appointmentWhen } from "./appointmentText.ts"
import { useFormSave } from "../account/useFormSave.ts"
import { WeekSlotPicker } from "./WeekSlotPicker.tsx"
import type { TimeSlotId } from "../../../schemas/ids.ts"
import { failureText } from "../../errors/failureText.ts"

export interface RescheduleFormProps {
  appointment: Appointment
  /** Where to go once moved (the detail page of the role). */
  onDone: (appointment: Appointment) => void
  onCancel: () => void
  /** A slot to preselect, its week shown first: a waitlist offer's (issue 14). */
  initialSlot?: TimeSlot | null
}

/**
 * Picks a new slot of the same doctor and moves the appointment there (the old slot is freed in
 * the same transaction). Needs the `appointments` and `booking` texts.
 */
export function RescheduleForm({ appointment, onDone, onCancel, initialSlot = null }: RescheduleFormProps) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [slot, setSlot] = useState<TimeSlot | null>(initialSlot)
  // One key per slot asked for: Retry after a lost answer moves the appointment once.
  const [keyFor] = useState(idempotencyKeys)
  const form = useFormSave<{ timeSlotId: TimeSlotId; appointmentTime: string }, Appointment>({
    save: (values) => rescheduleAppointment(appointment.id, values, keyFor(values.timeSlotId)),
    onSaved: (result) => {
      void afterAppointmentChange(queryClient, result)
      toast.success(t("appointments.rescheduled"), TOAST_DURATION.long)
    },
    onFailed: (error) => {
      console.warn("[promed] reschedule failed", error)
      if (error.code === "TIME_SLOT_ALREADY_BOOKED") {
        setSlot(null)
        void queryClient.invalidateQueries({ queryKey: ["timeSlots", appointment.doctorId] })
      }
    },
    goBack: onDone,
    returnDelay: 0,
  })
  const saving = form.busy
  const errorCode = form.error?.code ?? null
  const current = appointmentWhen(appointment, i18n.language as Language)

  if (appointment.status !== "CONFIRMED" || insideNotice(appointment.appointmentTime)) {
    return (
      <div className="stack">
        <p className="alert alert-warning">{appointment.status !== "CONFIRMED" ? t("appointments.cannotReschedule") : t("cancellation.restricted")}</p>
        <div className="row">
          <Button variant="secondary" onClick={onCancel}>
            {t("common.back")}
          </Button>
        </div>
      </div>
    )
  }

  return (
    <div className="stack">
      <p>
        {t("appointments.currentTime")} <strong>{`${current.date} · ${current.time}`}</strong>
      </p>
      <WeekSlotPicker
        doctorId={appointment.doctorId}
        selectedSlotId={slot?.id ?? null}
        currentSlotId={appointment.timeSlotId}
        initialDate={initialSlot?.slotDate ?? appointment.appointmentTime.slice(0, 10)}
        timeZone={appointment.timeZone}
        onSelect={(chosen) => {
          setSlot(chosen)
          form.edit()
        }}
      />
      {errorCode ? (
        <p className="alert alert-danger" role="alert">
          {errorCode === "TIME_SLOT_ALREADY_BOOKED"
            ? t("booking.slotTaken")
            : errorCode === "CANCELLATION_RESTRICTED"
              ? t("cancellation.restricted")
              : failureText(t, form.error, t("appointments.rescheduleFailed"))}
        </p>
      ) : null}
      <div className="row">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          {t("common.cancel")}
        </Button>
        <Button disabled={!slot} loading={saving} onClick={() => slot && form.submit({ timeSlotId: slot.id, appointmentTime: slot.startsAt })}>
          {t("appointments.confirmReschedule")}
        </Button>
      </div>
    </div>
  )
}
