import { useNavigate } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { fromPromise } from "xstate"
import { MAX_MEDICATIONS, prescriptionErrors, prescriptionMachine } from "../../../../machines/prescription.machine.ts"
import type { Medication, PrescriptionDraft } from "../../../../schemas/prescription.ts"
import { Button } from "../../../ui/Button.tsx"
import { TextAreaField, TextField } from "../../../ui/Field.tsx"
import { useFlowActor } from "../../../dev/useFlowActor.ts"
import "../profile/profile.css"
import "./prescriptions.css"

/** The save is simulated (SPEC §4): nothing leaves the browser; it takes one second. */
const simulatedSave = fromPromise<void, PrescriptionDraft>(() => new Promise((resolve) => setTimeout(resolve, 1000)))

/** The fixed sample patient of SPEC §2 (the form is not tied to a real patient yet). */
const SAMPLE_PATIENT = { name: "Aminata Sow", age: 34, bloodType: "A+" } as const

const FIELDS = ["name", "dosage", "frequency", "duration"] as const

/** /doctor/prescriptions/new: the simulated prescription form. */
export function PrescriptionNewPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const form = useFlowActor(
    prescriptionMachine.provide({
      actors: { savePrescription: simulatedSave },
      actions: { goToList: () => void navigate({ to: "/doctor/prescriptions" }) },
    }),
  )
  const context = useSelector(form, (s) => s.context)
  const showErrors = useSelector(form, (s) => s.matches({ editing: "showingErrors" }))
  const saving = useSelector(form, (s) => s.matches("saving"))
  const saved = useSelector(form, (s) => s.matches("saved") || s.matches("left"))
  const failed = useSelector(form, (s) => s.matches({ editing: "failed" }))
  const errors = showErrors ? prescriptionErrors(context) : {}
  const update = (m: Medication, patch: Partial<Omit<Medication, "id">>) => form.send({ type: "prescription.updateMedication", id: m.id, patch })

  return (
    <form
      className="container page stack prescription-form"
      aria-labelledby="prescription-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        form.send({ type: "prescription.submit" })
      }}
    >
      <h1 id="prescription-title">{t("prescription.title")}</h1>

      <section className="card stack" aria-labelledby="sample-patient-title">
        <h2 id="sample-patient-title" className="section-title">
          {t("prescription.patient")} <span className="badge badge-warning">{t("prescription.sample")}</span>
        </h2>
        <dl className="info-list">
          <dt>{t("prescription.name")}</dt>
          <dd>{SAMPLE_PATIENT.name}</dd>
          <dt>{t("prescription.age")}</dt>
          <dd>{t("prescription.years", { count: SAMPLE_PATIENT.age })}</dd>
          <dt>{t("prescription.gender")}</dt>
          <dd>{t("prescription.female")}</dd>
          <dt>{t("prescription.bloodType")}</dt>
          <dd>{SAMPLE_PATIENT.bloodType}</dd>
          <dt>{t("prescription.allergies")}</dt>
          <dd>{t("prescription.sampleAllergies")}</dd>
          <dt>{t("prescription.conditions")}</dt>
          <dd>{t("prescription.sampleConditions")}</dd>
        </dl>
      </section>

      <section className="card stack">
        <TextAreaField
          label={t("prescription.diagnosis")}
          required
          value={context.diagnosis}
          onChange={(e) => form.send({ type: "prescription.setDiagnosis", value: e.target.value })}
          error={errors.diagnosis}
        />
      </section>

      <section className="card stack" aria-labelledby="medications-title">
        <h2 id="medications-title" className="section-title">
          {t("prescription.medications")}
        </h2>
        {context.medications.map((m, i) => (
          <fieldset key={m.id} className="repeat-row">
            <legend>{t("prescription.medicationN", { n: i + 1 })}</legend>
            <div className="form-grid">
              {FIELDS.map((field) => (
                <TextField
                  key={field}
                  label={t(`prescription.fields.${field}`)}
                  required
                  value={m[field]}
                  onChange={(e) => update(m, { [field]: e.target.value })}
                  error={errors[`medications.${i}.${field}`]}
                />
              ))}
            </div>
            <TextAreaField label={t("prescription.fields.instructions")} value={m.instructions} onChange={(e) => update(m, { instructions: e.target.value })} />
            {context.medications.length > 1 ? (
              <div>
                <Button variant="ghost" size="small" onClick={() => form.send({ type: "prescription.removeMedication", id: m.id })}>
                  {t("prescription.removeMedication")}
                </Button>
              </div>
            ) : null}
          </fieldset>
        ))}
        <div>
          <Button
            variant="secondary"
            size="small"
            disabled={context.medications.length >= MAX_MEDICATIONS}
            onClick={() => form.send({ type: "prescription.addMedication" })}
          >
            {t("prescription.addMedication")}
          </Button>
        </div>
      </section>

      <section className="card stack">
        <TextAreaField
          label={t("prescription.notes")}
          value={context.notes}
          onChange={(e) => form.send({ type: "prescription.setNotes", value: e.target.value })}
        />
      </section>

      {showErrors ? (
        <p className="alert alert-warning" role="status">
          {t("prescription.fixErrors")}
        </p>
      ) : null}
      {failed ? (
        <p className="alert alert-danger" role="alert">
          {t("prescription.failed")}
        </p>
      ) : null}
      {saved ? (
        <p className="alert alert-info" role="status">
          {t("prescription.saved")}
        </p>
      ) : null}
      <div className="form-actions">
        <Button variant="secondary" onClick={() => form.send({ type: "prescription.cancel" })} disabled={saving || saved}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" loading={saving} disabled={saved}>
          {t("prescription.save")}
        </Button>
      </div>
    </form>
  )
}
