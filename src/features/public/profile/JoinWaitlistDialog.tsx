import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useSelector } from "@xstate/react"
import { useRef, useState } from "react"
import { fromPromise } from "xstate"
import { useTranslation } from "react-i18next"
import { SELF } from "../../../../machines/bookingWizard.machine.ts"
import type { Doctor } from "../../../../schemas/doctor.ts"
import { joinSlotWaitlistMachine, type JoinForm } from "../../../../machines/joinSlotWaitlist.machine.ts"
import { OFFER_MINUTES } from "../../../../schemas/slotWaitlist.ts"
import { appointmentsQuery } from "../../../api/appointments.ts"
import { defaultWaitlistRange, joinSlotWaitlist, slotWaitlistKeys } from "../../../api/slotWaitlists.ts"
import { doctorName } from "../../../i18n/doctorText.ts"
import type { Language } from "../../../i18n/languages.ts"
import { validationMessage } from "../../../i18n/validationMessage.ts"
import { useSessionUser } from "../../../session/useSession.ts"
import { Button } from "../../../ui/Button.tsx"
import { Dialog } from "../../../ui/Dialog.tsx"
import { SelectField, TextField } from "../../../ui/Field.tsx"
import { toast, TOAST_DURATION } from "../../../ui/toast/toastStore.ts"
import { useFlowActor } from "../../../dev/useFlowActor.ts"
import { todayIn } from "../../../time/calendar.ts"
import { doctorTimeZone } from "../common/doctorFacts.ts"
import { appointmentWhen } from "../../appointments-shared/appointmentText.ts"
import { personOptions } from "../../booking/personOptions.ts"
// The "for whom" and choice cards are the booking wizard's, which the profile has not loaded yet.
import "../../booking/booking.css"
import { appointmentsToMove } from "./joinWaitlist.ts"
import { failureText } from "../../../errors/failureText.ts"

/**
 * "Join the waitlist" (issue 14): for whom, then earlier than one of that person's confirmed
 * appointments with this doctor, or between two dates (today to two weeks on at first, today
 * being the doctor's). The flow is machines/joinSlotWaitlist.machine.ts: errors show under their
 * fields, the input kept; success closes with a toast.
 */
export default function JoinWaitlistDialog({
  doctor,
  open,
  onOpenChange,
  range,
}: {
  doctor: Doctor
  open: boolean
  onOpenChange: (open: boolean) => void
  range?: { fromDate: string; toDate: string }
}) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const queryClient = useQueryClient()
  const patient = useSessionUser()?.metadata.patient
  const appointments = useQuery(appointmentsQuery())
  const latest = useRef({ onOpenChange, t })
  latest.current = { onOpenChange, t }
  // Made once: a machine made anew on each render would restart the actor each time (useActorRef compares configs).
  const [machine] = useState(() =>
    joinSlotWaitlistMachine.provide({
      actors: { joinWaitlist: fromPromise(({ input }) => joinSlotWaitlist(input)) },
      actions: {
        onJoined: () => {
          void queryClient.invalidateQueries({ queryKey: slotWaitlistKeys.all })
          toast.success(latest.current.t("slotWaitlist.joined"), TOAST_DURATION.long)
          latest.current.onOpenChange(false)
        },
        onClosed: () => latest.current.onOpenChange(false),
      },
    }),
  )
  const [input] = useState(() => {
    const today = todayIn(doctorTimeZone(doctor))
    return {
      doctorId: doctor.id,
      today: today.toString(),
      form: { forWhom: SELF, mode: "BETWEEN_DATES" as const, appointmentId: "", ...(range ?? defaultWaitlistRange(today)) },
    }
  })
  const actor = useFlowActor(machine, { input })
  const form = useSelector(actor, (s) => s.context.form)
  const errors = useSelector(actor, (s) => s.context.errors)
  const generalError = useSelector(actor, (s) => s.context.failure)
  const busy = useSelector(actor, (s) => s.matches("submitting"))

  const movable = appointmentsToMove(appointments.data ?? [], doctor, form.forWhom, Date.now())
  const errorOf = (name: keyof JoinForm) => errors.find((f) => f.name === name)?.message
  const update = (change: Partial<JoinForm>) => actor.send({ type: "waitlist.edit", change })
  const people = personOptions(t, patient)

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : actor.send({ type: "waitlist.close" }))}
      title={t("slotWaitlist.joinTitle", { name: doctorName(t, doctor) })}
      description={t("slotWaitlist.joinIntro", { minutes: OFFER_MINUTES })}
    >
      <form
        className="stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          actor.send({ type: "waitlist.submit" })
        }}
      >
        <SelectField
          label={t("slotWaitlist.forWhomLabel")}
          required
          value={form.forWhom}
          onChange={(e) => {
            // The appointments to move are the chosen person's: with none, only the dates remain.
            const theirs = appointmentsToMove(appointments.data ?? [], doctor, e.target.value, Date.now())
            update({ forWhom: e.target.value, appointmentId: theirs[0]?.id ?? "", mode: theirs.length === 0 ? "BETWEEN_DATES" : form.mode })
          }}
          options={people}
          error={errorOf("forWhom")}
        />
        <fieldset className="booking-types">
          <legend>{t("slotWaitlist.mode")}</legend>
          <label className={`booking-type${movable.length === 0 ? " booking-type-disabled" : ""}`}>
            <input
              type="radio"
              name="waitlistMode"
              value="EARLIER_THAN_APPOINTMENT"
              checked={form.mode === "EARLIER_THAN_APPOINTMENT"}
              disabled={movable.length === 0}
              aria-describedby={movable.length === 0 ? "waitlist-no-appointment" : undefined}
              onChange={() => update({ mode: "EARLIER_THAN_APPOINTMENT", appointmentId: movable[0]?.id ?? "" })}
            />
            <span className="booking-type-label">{t("slotWaitlist.modeEarlier")}</span>
          </label>
          {movable.length === 0 ? (
            <span id="waitlist-no-appointment" className="field-hint">
              {t("slotWaitlist.noAppointment")}
            </span>
          ) : null}
          <label className="booking-type">
            <input
              type="radio"
              name="waitlistMode"
              value="BETWEEN_DATES"
              checked={form.mode === "BETWEEN_DATES"}
              onChange={() => update({ mode: "BETWEEN_DATES" })}
            />
            <span className="booking-type-label">{t("slotWaitlist.modeBetween")}</span>
          </label>
        </fieldset>
        {form.mode === "EARLIER_THAN_APPOINTMENT" && movable.length > 0 ? (
          <SelectField
            label={t("slotWaitlist.appointment")}
            required
            value={form.appointmentId}
            onChange={(e) => update({ appointmentId: e.target.value })}
            options={movable.map((a) => {
              const when = appointmentWhen(a, language)
              return { value: a.id, label: `${when.date} · ${when.time}` }
            })}
            error={errorOf("appointmentId")}
          />
        ) : null}
        {form.mode === "EARLIER_THAN_APPOINTMENT" && movable.length === 0 && errorOf("appointmentId") ? (
          <p className="field-error" role="alert">
            {validationMessage(t, errorOf("appointmentId")!)}
          </p>
        ) : null}
        {form.mode === "BETWEEN_DATES" ? (
          <div className="row waitlist-dates">
            <TextField
              type="date"
              label={t("slotWaitlist.fromDate")}
              required
              value={form.fromDate}
              onChange={(e) => update({ fromDate: e.target.value })}
              error={errorOf("fromDate")}
            />
            <TextField
              type="date"
              label={t("slotWaitlist.toDate")}
              required
              value={form.toDate}
              onChange={(e) => update({ toDate: e.target.value })}
              error={errorOf("toDate")}
            />
          </div>
        ) : null}
        {generalError ? (
          <p className="alert alert-danger" role="alert">
            {failureText(t, generalError, t("slotWaitlist.joinFailed"))}
          </p>
        ) : null}
        <div className="dialog-actions">
          <Button variant="secondary" onClick={() => actor.send({ type: "waitlist.close" })}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" loading={busy}>
            {t("slotWaitlist.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
