import { useState } from "react"
import { useTranslation } from "react-i18next"
import type { Severity } from "../../../../../schemas/enums.ts"
import { Button } from "../../../../ui/Button.tsx"
import { SelectField, TextAreaField, TextField } from "../../../../ui/Field.tsx"
import { keyed, type PatientDraft } from "../patientForm.ts"

const SEVERITIES = ["LOW", "MEDIUM", "HIGH"] as const
export const SEVERITY_TONE: Record<Severity, string> = { LOW: "", MEDIUM: "badge-warning", HIGH: "badge-danger" }

/** Medical alerts: the add button waits for a type and a description (SPEC §5). */
export function AlertsEditor({ alerts, onChange }: { alerts: PatientDraft["medicalAlerts"]; onChange: (a: PatientDraft["medicalAlerts"]) => void }) {
  const { t } = useTranslation()
  const [type, setType] = useState("")
  const [description, setDescription] = useState("")
  const [severity, setSeverity] = useState<Severity>("MEDIUM")
  const ready = type.trim() !== "" && description.trim() !== ""
  const add = () => {
    onChange([...alerts, keyed({ type: type.trim(), description: description.trim(), severity })])
    setType("")
    setDescription("")
    setSeverity("MEDIUM")
  }
  return (
    <fieldset className="form-section">
      <legend>{t("medicalAlerts.title")}</legend>
      {alerts.length === 0 ? <p className="muted">{t("medicalAlerts.none")}</p> : null}
      <ul className="plain-list">
        {alerts.map((a) => (
          <li key={a.key} className="list-item">
            <span>
              <span className={`badge ${SEVERITY_TONE[a.severity]}`}>{t(`medicalAlerts.severities.${a.severity}`)}</span> <strong>{a.type}</strong>
              <br />
              <span className="muted">{a.description}</span>
            </span>
            <Button
              variant="ghost"
              size="small"
              onClick={() => onChange(alerts.filter((x) => x.key !== a.key))}
              aria-label={`${t("medicalAlerts.remove")} ${a.type}`}
            >
              {t("medicalAlerts.remove")}
            </Button>
          </li>
        ))}
      </ul>
      <div className="form-grid">
        <TextField label={t("medicalAlerts.type")} value={type} maxLength={100} onChange={(e) => setType(e.target.value)} />
        <SelectField
          label={t("medicalAlerts.severity")}
          value={severity}
          options={SEVERITIES.map((s) => ({ value: s, label: t(`medicalAlerts.severities.${s}`) }))}
          onChange={(e) => setSeverity(e.target.value as Severity)}
        />
      </div>
      <TextAreaField label={t("medicalAlerts.description")} rows={2} value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} />
      <div>
        <Button variant="secondary" size="small" disabled={!ready} onClick={add}>
          {t("medicalAlerts.add")}
        </Button>
      </div>
      <p className="field-hint">{t("patientProfile.savedWithProfile")}</p>
    </fieldset>
  )
}
