import { useTranslation } from "react-i18next"
import { LIMITS } from "../../../../../schemas/fields.ts"
import { COUNTRIES } from "../../../../../schemas/enums.ts"
import { validationMessage } from "../../../../i18n/validationMessage.ts"
import { Button } from "../../../../ui/Button.tsx"
import { SelectField, TextField } from "../../../../ui/Field.tsx"
import { emptyLocation, keyed, makePrimary, removeLocation, type PatientDraft } from "../patientForm.ts"

const RESIDENCIES = ["HOME", "SECOND_HOME", "OTHER"] as const

/** Up to 3 addresses, exactly one primary (SPEC §5); the add button is disabled at 3. */
export function LocationsEditor({
  locations,
  onChange,
  errorOf,
}: {
  locations: PatientDraft["locations"]
  onChange: (l: PatientDraft["locations"]) => void
  errorOf: (name: string) => string | undefined
}) {
  const { t } = useTranslation()
  const set = (key: string, change: Partial<PatientDraft["locations"][number]>) => onChange(locations.map((l) => (l.key === key ? { ...l, ...change } : l)))
  return (
    <fieldset className="form-section">
      <legend>{t("patientProfile.locations")}</legend>
      {errorOf("locations") ? (
        <p className="field-error" role="alert">
          {validationMessage(t, errorOf("locations")!)}
        </p>
      ) : null}
      {locations.map((l, i) => (
        <div key={l.key} className="card stack" role="group" aria-label={t("patientProfile.locationN", { n: i + 1 })}>
          <div className="section-head">
            <label className="checkbox-field">
              <input type="radio" name="primaryLocation" checked={l.isPrimary} onChange={() => onChange(makePrimary(locations, l.key))} />
              <span>{t("patientProfile.primaryLocation")}</span>
            </label>
            <Button variant="ghost" size="small" disabled={locations.length === 1} onClick={() => onChange(removeLocation(locations, l.key))}>
              {t("patientProfile.removeLocation")}
            </Button>
          </div>
          <div className="form-grid">
            <TextField
              label={t("patientProfile.address")}
              required
              value={l.address}
              maxLength={200}
              onChange={(e) => set(l.key, { address: e.target.value })}
              error={errorOf(`locations.${i}.address`)}
            />
            <TextField
              label={t("patientProfile.city")}
              required
              value={l.city}
              maxLength={100}
              onChange={(e) => set(l.key, { city: e.target.value })}
              error={errorOf(`locations.${i}.city`)}
            />
            <TextField
              label={t("patientProfile.state")}
              value={l.state ?? ""}
              maxLength={100}
              onChange={(e) => set(l.key, { state: e.target.value || null })}
            />
            <TextField label={t("patientProfile.zip")} value={l.zip ?? ""} maxLength={20} onChange={(e) => set(l.key, { zip: e.target.value || null })} />
            <SelectField
              label={t("patientProfile.country")}
              required
              value={l.country}
              options={COUNTRIES.map((c) => ({ value: c, label: t(`patientProfile.countries.${c}`) }))}
              onChange={(e) => set(l.key, { country: e.target.value as (typeof COUNTRIES)[number] })}
            />
            <SelectField
              label={t("patientProfile.residency")}
              value={l.residency ?? "HOME"}
              options={RESIDENCIES.map((r) => ({ value: r, label: t(`patientProfile.residencies.${r}`) }))}
              onChange={(e) => set(l.key, { residency: e.target.value as (typeof RESIDENCIES)[number] })}
            />
          </div>
        </div>
      ))}
      <div>
        <Button
          variant="secondary"
          size="small"
          disabled={locations.length >= LIMITS.locationsMax}
          onClick={() => onChange([...locations, keyed(emptyLocation(false))])}
        >
          {t("patientProfile.addLocation")}
        </Button>
        {locations.length >= LIMITS.locationsMax ? <span className="field-hint"> {t("patientProfile.maxLocations")}</span> : null}
      </div>
    </fieldset>
  )
}
