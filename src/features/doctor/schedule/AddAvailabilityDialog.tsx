import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import { availabilityFormErrors, type availabilityFormMachine, type AvailabilityFormValues } from "../../../../machines/availabilityForm.machine.ts"
import type { DoctorFacility } from "../../../../schemas/doctor.ts"
import { DAYS_OF_WEEK, type DayOfWeek } from "../../../../schemas/enums.ts"
import { LIMITS } from "../../../../schemas/fields.ts"
import type { DoctorSettings } from "../../../../schemas/settings.ts"
import { dailySlotTimes } from "../../../../schemas/slotTimes.ts"
import { Button } from "../../../ui/Button.tsx"
import { Dialog } from "../../../ui/Dialog.tsx"
import { CheckboxField, SelectField, TextField } from "../../../ui/Field.tsx"
import { SlotChips } from "./SlotChips.tsx"
import { idAmong } from "../../../../schemas/ids.ts"

export type FormRef = ActorRefFrom<typeof availabilityFormMachine>

/** The gateway's slot settings when the session carries none (SPEC §9 doctor defaults). */
const FALLBACK = { bufferTime: 15, maxDailyAppointment: 20 }

/**
 * The add-availability modal (SPEC §2, §5): weekday, start and end, slot length, place, weekly
 * repeat, and a preview of the slots it will create: back to back, at most the daily maximum
 * (schemas/slotTimes.ts). The buffer is kept from the doctor's other availabilities of the day,
 * which the preview's text says.
 */
export function AddAvailabilityDialog({
  form,
  facilities,
  settings,
}: {
  form: FormRef
  facilities: ReadonlyArray<DoctorFacility>
  settings: DoctorSettings | null
}) {
  const { t } = useTranslation()
  const values = useSelector(form, (s) => s.context.values)
  const dirty = useSelector(form, (s) => s.matches({ editing: "dirty" }))
  const submitting = useSelector(form, (s) => s.matches("submitting"))
  const refusal = useSelector(form, (s) => s.context.refusal)
  const canSubmit = useSelector(form, (s) => s.can({ type: "availability.submit" }))
  const errors = dirty ? availabilityFormErrors(values) : {}
  const rule = settings ?? FALLBACK
  const preview = Object.keys(availabilityFormErrors(values)).length === 0 ? dailySlotTimes({ ...values, maxDailyAppointment: rule.maxDailyAppointment }) : []
  const change = (patch: Partial<AvailabilityFormValues>) => form.send({ type: "availability.change", values: patch })

  return (
    <Dialog open wide onOpenChange={(open) => (open ? undefined : form.send({ type: "availability.cancel" }))} title={t("availability.addTitle")}>
      <form
        className="stack availability-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          form.send({ type: "availability.submit" })
        }}
      >
        <SelectField
          label={t("availability.dayOfWeek")}
          required
          value={values.dayOfWeek}
          onChange={(e) => change({ dayOfWeek: e.target.value as DayOfWeek })}
          options={DAYS_OF_WEEK.map((d) => ({ value: d, label: t(`availability.days.${d}`) }))}
          error={errors.dayOfWeek}
        />
        <div className="form-pair">
          {(["startTime", "endTime"] as const).map((field) => (
            <TextField
              key={field}
              label={t(`availability.${field}`)}
              type="time"
              required
              value={values[field]}
              onChange={(e) => change({ [field]: e.target.value })}
              error={errors[field]}
            />
          ))}
        </div>
        <TextField
          label={t("availability.slotDuration")}
          type="number"
          inputMode="numeric"
          min={LIMITS.slotDurationMin}
          step={LIMITS.slotDurationStep}
          required
          value={Number.isNaN(values.slotDurationMinutes) ? "" : values.slotDurationMinutes}
          onChange={(e) => change({ slotDurationMinutes: e.target.value === "" ? Number.NaN : Number(e.target.value) })}
          hint={t("availability.slotDurationHint", { min: LIMITS.slotDurationMin, step: LIMITS.slotDurationStep })}
          error={errors.slotDurationMinutes}
        />
        {facilities.length > 0 ? (
          <SelectField
            label={t("availability.facility")}
            value={values.healthcareFacilityId ?? ""}
            onChange={(e) => change({ healthcareFacilityId: idAmong(facilities, e.target.value) ?? null })}
            options={facilities.map((f) => ({ value: f.id, label: f.name }))}
          />
        ) : null}
        <CheckboxField label={t("availability.isRecurring")} checked={values.isRecurring} onChange={(e) => change({ isRecurring: e.target.checked })} />

        <section className="availability-preview" aria-labelledby="availability-preview-title">
          <h3 id="availability-preview-title">{t("availability.preview")}</h3>
          {preview.length > 0 ? (
            <>
              <p className="muted" data-testid="preview-count">
                {t("availability.previewCount", { count: preview.length, buffer: rule.bufferTime, max: rule.maxDailyAppointment })}
              </p>
              <SlotChips labels={preview.map((s) => s.startTime)} overflow="ellipsis" label={t("availability.preview")} />
            </>
          ) : (
            <p className="muted">{t("availability.previewEmpty")}</p>
          )}
        </section>

        {dirty && !canSubmit ? (
          <p className="alert alert-warning" role="status">
            {t("availability.formErrors")}
          </p>
        ) : null}
        {/* Another failure is told by the screen's red toast (SPEC §8), not twice. */}
        {refusal === "AVAILABILITY_ALREADY_EXISTS" ? (
          <p className="alert alert-danger" role="alert">
            {t("availability.overlap")}
          </p>
        ) : null}
        <div className="dialog-actions">
          <Button variant="secondary" onClick={() => form.send({ type: "availability.cancel" })} disabled={submitting}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" disabled={!canSubmit} loading={submitting}>
            {t("availability.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
