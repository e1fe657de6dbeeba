import { useState } from "react"
import { useTranslation } from "react-i18next"
import { decodeWithFields } from "../../../../../schemas/decode.ts"
import { BLOOD_TYPES } from "../../../../../schemas/enums.ts"
import type { FieldError } from "../../../../../schemas/errors.ts"
import { Dependant } from "../../../../../schemas/patient.ts"
import { formatDate } from "../../../../i18n/format.ts"
import type { Language } from "../../../../i18n/languages.ts"
import { Button } from "../../../../ui/Button.tsx"
import { SelectField, TextField } from "../../../../ui/Field.tsx"
import { keyed, type PatientDraft } from "../patientForm.ts"

type Item = PatientDraft["dependants"][number]
type Editing = { key: string | null; value: Record<string, string> }

const RELATIONSHIPS = ["CHILD", "SPOUSE", "PARENT", "OTHER"] as const
const GENDERS = ["MALE", "FEMALE"] as const
const blank: Record<string, string> = { firstName: "", lastName: "", dateOfBirth: "", gender: "", relationship: "", bloodType: "" }

/** Dependants the patient books for: add, edit, remove; saved with the profile. */
export function DependantsEditor({ dependants, onChange }: { dependants: PatientDraft["dependants"]; onChange: (d: PatientDraft["dependants"]) => void }) {
  const { t, i18n } = useTranslation()
  const [editing, setEditing] = useState<Editing | null>(null)
  const [errors, setErrors] = useState<ReadonlyArray<FieldError>>([])
  const errorOf = (name: string) => errors.find((e) => e.name === name)?.message

  const open = (item: Item | null) => {
    setErrors([])
    setEditing(
      item
        ? {
            key: item.key,
            value: {
              firstName: item.firstName,
              lastName: item.lastName,
              dateOfBirth: item.dateOfBirth,
              gender: item.gender,
              relationship: item.relationship,
              bloodType: item.bloodType ?? "",
            },
          }
        : { key: null, value: { ...blank } },
    )
  }
  const commit = () => {
    if (!editing) return
    // Unanswered fields are left out, so each says "required" rather than "invalid".
    const answered = Object.fromEntries(Object.entries(editing.value).filter(([, v]) => v !== ""))
    const previous = dependants.find((d) => d.key === editing.key)
    const candidate = {
      ...(previous?.id ? { id: previous.id } : {}),
      allergies: previous?.allergies ?? [],
      conditions: previous?.conditions ?? [],
      ...answered,
    }
    const checked = decodeWithFields(Dependant, candidate)
    if (!checked.ok) return setErrors(checked.fields)
    const value = { ...checked.value, allergies: [...(checked.value.allergies ?? [])], conditions: [...(checked.value.conditions ?? [])] }
    onChange(previous ? dependants.map((d) => (d.key === previous.key ? { ...value, key: d.key } : d)) : [...dependants, keyed(value)])
    setEditing(null)
  }
  const field = (name: string) => ({
    value: editing?.value[name] ?? "",
    onChange: (e: { target: { value: string } }) => editing && setEditing({ ...editing, value: { ...editing.value, [name]: e.target.value } }),
    error: errorOf(name),
  })

  return (
    <fieldset className="form-section">
      <legend>{t("dependants.title")}</legend>
      {dependants.length === 0 ? <p className="muted">{t("dependants.none")}</p> : null}
      <ul className="plain-list">
        {dependants.map((d) => (
          <li key={d.key} className="list-item">
            <span>
              <strong>{`${d.firstName} ${d.lastName}`}</strong>
              <span className="muted">{` · ${t(`dependants.relationships.${d.relationship}`)} · ${formatDate(d.dateOfBirth, i18n.language as Language)}`}</span>
            </span>
            <span className="row">
              <Button variant="ghost" size="small" onClick={() => open(d)} aria-label={`${t("dependants.edit")} ${d.firstName} ${d.lastName}`}>
                {t("dependants.edit")}
              </Button>
              <Button
                variant="ghost"
                size="small"
                onClick={() => onChange(dependants.filter((x) => x.key !== d.key))}
                aria-label={`${t("dependants.remove")} ${d.firstName} ${d.lastName}`}
              >
                {t("dependants.remove")}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {editing ? (
        <div className="card stack" role="group" aria-label={editing.key ? t("dependants.editTitle") : t("dependants.addTitle")}>
          <h3>{editing.key ? t("dependants.editTitle") : t("dependants.addTitle")}</h3>
          <div className="form-grid">
            <TextField label={t("dependants.firstName")} required maxLength={100} {...field("firstName")} />
            <TextField label={t("dependants.lastName")} required maxLength={100} {...field("lastName")} />
            <TextField label={t("dependants.dateOfBirth")} type="date" required {...field("dateOfBirth")} />
            <SelectField
              label={t("dependants.gender")}
              required
              placeholder={t("patientProfile.choose")}
              options={GENDERS.map((g) => ({ value: g, label: t(`dependants.genders.${g}`) }))}
              {...field("gender")}
            />
            <SelectField
              label={t("dependants.relationship")}
              required
              placeholder={t("patientProfile.choose")}
              options={RELATIONSHIPS.map((r) => ({ value: r, label: t(`dependants.relationships.${r}`) }))}
              {...field("relationship")}
            />
            <SelectField
              label={t("dependants.bloodType")}
              placeholder={t("patientProfile.unknown")}
              options={BLOOD_TYPES.map((b) => ({ value: b, label: b === "UNKNOWN" ? t("patientProfile.unknown") : b }))}
              {...field("bloodType")}
            />
          </div>
          <div className="row">
            <Button variant="secondary" size="small" onClick={() => setEditing(null)}>
              {t("common.cancel")}
            </Button>
            <Button size="small" onClick={commit}>
              {editing.key ? t("dependants.apply") : t("dependants.add")}
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button variant="secondary" size="small" onClick={() => open(null)}>
            {t("dependants.addTitle")}
          </Button>
        </div>
      )}
      <p className="field-hint">{t("patientProfile.savedWithProfile")}</p>
    </fieldset>
  )
}
