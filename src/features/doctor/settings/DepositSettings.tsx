import { useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import { LIMITS } from "../../../../schemas/fields.ts"
import { DepositFor } from "../../../../schemas/payments.ts"
import type { FacilityTimeZone } from "../../../../schemas/enums.ts"
import { formatFcfa, Ltr } from "../../../i18n/format.ts"
import type { Language } from "../../../i18n/languages.ts"
import { TextField } from "../../../ui/Field.tsx"

export interface DepositValues {
  readonly depositFor: DepositFor
  /** NaN while the field is empty or is no number: the schema then says what is wrong. */
  readonly bookingDeposit: number
}

/**
 * What was typed in the amount field, as the number the schema checks: spaces are grouping (a
 * doctor writes « 5 000 »); an empty field or a text that is no number is NaN.
 */
export function depositAmountOf(text: string): number {
  const compact = text.replace(/[\s\u00a0\u202f]/g, "")
  return compact === "" ? Number.NaN : Number(compact)
}

/** The sentence of the patient's side for each choice (issue 40). */
const SENTENCE: Record<DepositFor, string> = {
  NONE: "doctorSettings.depositNone",
  AFTER_NO_SHOW: "doctorSettings.depositAfterNoShow",
  ALL: "doctorSettings.depositAll",
}

interface DepositSettingsProps {
  values: DepositValues
  onChange: (patch: Partial<DepositValues>) => void
  /** The schema's message key for the amount, when it is refused. */
  error: string | undefined
  /** The zone of the doctor's practice: Chad's patients pay by Airtel Money or Moov Money. */
  timeZone: FacilityTimeZone
}

/**
 * "Acompte à la réservation": who pays a deposit and how much, with the sentence the patient
 * will read. The amount keeps what was typed, right or wrong, also while the field is hidden.
 */
export function DepositSettings({ values, onChange, error, timeZone }: DepositSettingsProps) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const [text, setText] = useState(() => (Number.isNaN(values.bookingDeposit) ? "" : String(values.bookingDeposit)))
  const asks = values.depositFor !== "NONE"
  const methods = t(`doctorSettings.depositMethods.${timeZone === "Africa/Ndjamena" ? "CHAD" : "SENEGAL"}`)

  return (
    <section className="card form-section" aria-labelledby="deposit-title">
      <h2 id="deposit-title">{t("doctorSettings.deposit")}</h2>
      <fieldset className="radio-group">
        <legend>{t("doctorSettings.depositFor")}</legend>
        {DepositFor.literals.map((choice) => (
          <label key={choice} className="checkbox-field">
            <input type="radio" name="deposit-for" value={choice} checked={values.depositFor === choice} onChange={() => onChange({ depositFor: choice })} />
            <span>{t(`doctorSettings.depositForOptions.${choice}`)}</span>
          </label>
        ))}
      </fieldset>
      {asks ? (
        <TextField
          label={t("doctorSettings.bookingDeposit")}
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.target.value)
            onChange({ bookingDeposit: depositAmountOf(e.target.value) })
          }}
          hint={
            <Trans
              i18nKey="doctorSettings.bookingDepositHint"
              values={{ min: formatFcfa(LIMITS.bookingDepositMin, language), max: formatFcfa(LIMITS.bookingDepositMax, language) }}
              components={{ min: <Ltr />, max: <Ltr /> }}
            />
          }
          error={error}
        />
      ) : null}
      {/* Said only of an amount the gateway would take: a wrong one has its error instead. */}
      {!asks || !error ? (
        <p className="alert alert-info deposit-sentence" aria-live="polite" data-testid="deposit-sentence">
          <Trans
            i18nKey={SENTENCE[values.depositFor]}
            values={{ amount: formatFcfa(values.bookingDeposit, language), methods }}
            components={{ amount: <Ltr className="money" /> }}
          />
        </p>
      ) : null}
    </section>
  )
}
