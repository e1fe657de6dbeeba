import { useTranslation } from "react-i18next"
import { Button } from "../../../../ui/Button.tsx"
import { keyed, type Keyed } from "../patientForm.ts"
import { CloseIcon } from "../../../../ui/frameIcons.tsx"

export interface TextListEditorProps {
  legend: string
  itemLabel: string
  addLabel: string
  items: Keyed<{ value: string }>[]
  onChange: (items: Keyed<{ value: string }>[]) => void
}

/** A list of short texts (allergies, chronic conditions); blank lines are dropped when saving. */
export function TextListEditor({ legend, itemLabel, addLabel, items, onChange }: TextListEditorProps) {
  const { t } = useTranslation()
  return (
    <fieldset className="form-section">
      <legend>{legend}</legend>
      {items.length === 0 ? <p className="muted">{t("patientProfile.noneYet")}</p> : null}
      {items.map((item, i) => (
        <div key={item.key} className="row">
          <label className="visually-hidden" htmlFor={item.key}>
            {`${itemLabel} ${i + 1}`}
          </label>
          <input
            id={item.key}
            className="input"
            style={{ flex: 1, minInlineSize: 0 }}
            value={item.value}
            maxLength={200}
            onChange={(e) => onChange(items.map((x) => (x.key === item.key ? { ...x, value: e.target.value } : x)))}
          />
          <Button
            variant="ghost"
            size="small"
            onClick={() => onChange(items.filter((x) => x.key !== item.key))}
            aria-label={`${t("patientProfile.remove")} ${item.value || `${itemLabel} ${i + 1}`}`}
          >
            <CloseIcon />
          </Button>
        </div>
      ))}
      <div>
        <Button variant="secondary" size="small" onClick={() => onChange([...items, keyed({ value: "" })])}>
          {addLabel}
        </Button>
      </div>
    </fieldset>
  )
}
