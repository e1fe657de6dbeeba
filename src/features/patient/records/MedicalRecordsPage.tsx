import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import { useSelector } from "@xstate/react"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { fromPromise } from "xstate"
import { fileProblem, medicalRecordUploadMachine } from "../../../../machines/medicalRecordUpload.machine.ts"
import { MEDICAL_RECORD_TYPES, type MedicalRecordType } from "../../../../schemas/enums.ts"
import type { Patient } from "../../../../schemas/patient.ts"
import { RECORD_EXTENSIONS } from "../../../../schemas/storagePaths.ts"
import { addMedicalRecord, afterPatientChange, patientQuery } from "../../../api/patients.ts"
import { downloadUrlOf } from "../../../api/storage.ts"
import { useAppActors } from "../../../appContext.tsx"
import { formatDate } from "../../../i18n/format.ts"
import type { Language } from "../../../i18n/languages.ts"
import { validationMessage } from "../../../i18n/validationMessage.ts"
import { Button } from "../../../ui/Button.tsx"
import { FieldShell, SelectField, TextAreaField } from "../../../ui/Field.tsx"
import { toast, TOAST_DURATION } from "../../../ui/toast/toastStore.ts"
import { sdkUploadMachine } from "../../uploads/sdkUploadTask.ts"
import { ProgressBar, UploadProgress, type UploadTaskActor } from "../../uploads/UploadProgress.tsx"
import { usePatientId } from "../profile/usePatientId.ts"
import { useFlowActor } from "../../../dev/useFlowActor.ts"
import "../patient.css"

/** /medical-records: the patient's documents, and adding one with its file (SPEC §2, §5). */
export function MedicalRecordsPage() {
  const { t } = useTranslation()
  const { data: patient } = useSuspenseQuery(patientQuery(usePatientId()))
  return (
    <div className="container page stack">
      <h1>{t("medicalRecords.title")}</h1>
      <RecordForm patient={patient} />
      <RecordList patient={patient} />
    </div>
  )
}

type Errors = Partial<Record<"type" | "description" | "file", string>>

function RecordForm({ patient }: { patient: Patient }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const { session } = useAppActors()
  const token = () => session.view().sessionToken
  const [type, setType] = useState("")
  const [description, setDescription] = useState("")
  const [file, setFile] = useState<File | null>(null)
  const [errors, setErrors] = useState<Errors>({})
  const [inputKey, setInputKey] = useState(0)
  const actor = useFlowActor(
    medicalRecordUploadMachine.provide({
      actors: {
        upload: sdkUploadMachine(token),
        getDownloadUrl: fromPromise(({ input }) => downloadUrlOf(token(), input.path)),
        createRecord: fromPromise(({ input }) => addMedicalRecord(patient.id, input)),
      },
      actions: {
        onCreated: () => {
          void afterPatientChange(queryClient, patient.id)
          toast.success(t("medicalRecords.added"), TOAST_DURATION.normal)
          setType("")
          setDescription("")
          setFile(null)
          setInputKey((k) => k + 1)
        },
        // SPEC §8: an upload error is logged only; the form says it did not go through.
        logFailure: (_, { error }) => console.warn("[promed] record upload failed", error),
      },
    }),
    { input: { userId: patient.userId } },
  )
  const state = useSelector(actor, (s) => String(s.value))
  const upload = useSelector(actor, (s) => s.children.upload as UploadTaskActor | undefined)
  const machineError = useSelector(actor, (s) => s.context.error)
  const busy = ["uploading", "gettingUrl", "creating"].includes(state)

  const submit = () => {
    const found: Errors = {}
    if (!type) found.type = "validation.recordTypeRequired"
    if (!description.trim()) found.description = "validation.descriptionRequired"
    if (!file) found.file = "validation.fileRequired"
    else if (fileProblem(file)) found.file = fileProblem(file)!
    setErrors(found)
    if (Object.keys(found).length === 0 && file) actor.send({ type: "record.submit", draft: { type: type as MedicalRecordType, description, file } })
  }

  return (
    <form
      className="card stack"
      noValidate
      aria-labelledby="add-record"
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <h2 id="add-record">{t("medicalRecords.add")}</h2>
      <div className="form-grid">
        <SelectField
          label={t("medicalRecords.type")}
          required
          placeholder={t("patientProfile.choose")}
          value={type}
          options={MEDICAL_RECORD_TYPES.map((r) => ({ value: r, label: t(`medicalRecords.types.${r}`) }))}
          onChange={(e) => setType(e.target.value)}
          error={errors.type}
          disabled={busy}
        />
        <FieldShell label={t("medicalRecords.file")} required error={errors.file} hint={t("medicalRecords.fileHint")}>
          {({ id, describedBy, invalid }) => (
            <input
              key={inputKey}
              id={id}
              type="file"
              className="input"
              accept={RECORD_EXTENSIONS.join(",")}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              disabled={busy}
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null
                setFile(chosen)
                setErrors({ ...errors, file: chosen ? (fileProblem(chosen) ?? undefined) : undefined })
              }}
            />
          )}
        </FieldShell>
      </div>
      <TextAreaField
        label={t("medicalRecords.description")}
        required
        rows={3}
        maxLength={1000}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description}
        disabled={busy}
      />
      {upload ? <UploadProgress upload={upload} label={t("medicalRecords.progress")} /> : null}
      {state === "gettingUrl" || state === "creating" || state === "created" ? (
        <ProgressBar percent={100} label={t("medicalRecords.progress")} status={t("uploads.states.success")} />
      ) : null}
      {machineError && state !== "uploading" ? (
        <p className="alert alert-danger" role="alert">
          {machineError.startsWith("validation.") ? validationMessage(t, machineError) : t(machineError)}
        </p>
      ) : null}
      <div className="row">
        <Button type="submit" loading={busy}>
          {t("medicalRecords.submit")}
        </Button>
      </div>
    </form>
  )
}

function RecordList({ patient }: { patient: Patient }) {
  const { t, i18n } = useTranslation()
  if (patient.medicalRecords.length === 0) return <p className="card empty-state muted">{t("medicalRecords.none")}</p>
  return (
    <section className="stack" aria-labelledby="records-list">
      <h2 id="records-list">{t("medicalRecords.list")}</h2>
      <ul className="card-list">
        {patient.medicalRecords.map((r) => (
          <li key={r.id} className="card stack">
            <div className="section-head">
              <h3 style={{ margin: 0 }}>{r.title}</h3>
              <span className="badge">{t(`medicalRecords.types.${r.type}`)}</span>
            </div>
            <p className="muted" style={{ margin: 0 }}>
              {formatDate(r.date, i18n.language as Language)}
              {r.doctor ? ` · ${r.doctor.name}${r.doctor.specialty ? `, ${r.doctor.specialty}` : ""}` : ""}
            </p>
            <p style={{ margin: 0 }}>{r.description}</p>
            {r.attachments.length ? (
              <ul className="chip-list" aria-label={t("medicalRecords.attachments")}>
                {r.attachments.map((a) => (
                  <li key={a.id}>
                    <a href={a.url} target="_blank" rel="noopener noreferrer">
                      {a.name}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
