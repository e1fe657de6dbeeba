import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { SELF } from "../../../machines/bookingWizard.machine.ts"
import type { Doctor } from "../../../schemas/doctor.ts"
import { SERVICE_CODES } from "../../../schemas/enums.ts"
import { REASON_MAX } from "../../../schemas/limits.ts"
import { validationMessage } from "../../i18n/validationMessage.ts"
import { useSessionUser } from "../../session/useSession.ts"
import { Button } from "../../ui/Button.tsx"
import { SelectField, TextAreaField } from "../../ui/Field.tsx"
import { ErrorSummary } from "../patient/FormBits.tsx"
import type { BookingWizardActor } from "./useBookingWizard.ts"
import { personOptions } from "./personOptions.ts"
import { Money } from "../../i18n/format.ts"

/** Step 1: for whom, the reason and the type of visit (SPEC §2, §4, §5). */
export function DetailsStep({ actor, doctor, forDoctor, onCancel }: { actor: BookingWizardActor; doctor: Doctor; forDoctor: boolean; onCancel: () => void }) {
  const { t } = useTranslation()
  const patient = useSessionUser()?.metadata.patient
  const details = useSelector(actor, (s) => s.context.details)
  const errors = useSelector(actor, (s) => s.context.errors)
  const homeAvailable = useSelector(actor, (s) => s.context.homeAvailable)
  const errorOf = (name: string) => errors.find((e) => e.name === name)?.message
  const update = (change: Partial<typeof details>) => actor.send({ type: "booking.update", details: change })

  const people = forDoctor ? [{ value: SELF, label: t("booking.thePatient") }] : personOptions(t, patient)
  const offered = new Map(doctor.providedServices.map((s) => [s.code, s.price]))
  const types = SERVICE_CODES.filter((code) => code === "CLINIC" || offered.has(code))
  const homeOffered = !forDoctor && offered.has("HOME")

  return (
    <form
      className="stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: "booking.next" })
      }}
    >
      <ErrorSummary title={t("booking.fixTheFollowing")} errors={errors} />
      <SelectField
        label={t("booking.forWhom")}
        required
        value={details.forWhom}
        onChange={(e) => update({ forWhom: e.target.value })}
        options={people}
        error={errorOf("forWhom")}
      />
      <TextAreaField
        label={t("booking.reason")}
        required
        maxLength={REASON_MAX}
        rows={3}
        placeholder={t("booking.reasonPlaceholder")}
        value={details.reason}
        onChange={(e) => update({ reason: e.target.value })}
        error={errorOf("reason")}
      />
      <fieldset className="booking-types" aria-describedby={errorOf("appointmentType") ? "booking-type-error" : undefined}>
        <legend>
          {t("booking.type")}
          <span aria-hidden="true"> *</span>
        </legend>
        {types.map((code) => {
          const disabled = code === "ONLINE" || (code === "HOME" && !homeAvailable)
          const price = offered.get(code)
          return (
            <label key={code} className={`booking-type${disabled ? " booking-type-disabled" : ""}`}>
              <input
                type="radio"
                name="appointmentType"
                value={code}
                checked={details.appointmentType === code}
                disabled={disabled}
                onChange={() => update({ appointmentType: code })}
              />
              <span className="booking-type-label">{t(`booking.types.${code}`)}</span>
              {code === "ONLINE" ? <span className="badge badge-warning">{t("booking.comingSoon")}</span> : null}
              {price !== undefined ? (
                <span className="muted">
                  <Money amount={price} />
                </span>
              ) : null}
            </label>
          )
        })}
        {errorOf("appointmentType") ? (
          <span id="booking-type-error" className="field-error" role="alert">
            {validationMessage(t, errorOf("appointmentType")!)}
          </span>
        ) : null}
      </fieldset>
      {homeOffered && !homeAvailable ? (
        <p className="alert alert-info">
          {t("booking.homeNotice")}{" "}
          <Link to="/profile/edit" onClick={onCancel}>
            {t("booking.editProfile")}
          </Link>
        </p>
      ) : null}
      <div className="dialog-actions">
        <Button variant="secondary" onClick={onCancel}>
          {t("common.cancel")}
        </Button>
        <Button type="submit">{t("common.next")}</Button>
      </div>
    </form>
  )
}
