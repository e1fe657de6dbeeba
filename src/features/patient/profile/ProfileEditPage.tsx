import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { BLOOD_TYPES } from "../../../../schemas/enums.ts"
import type { FieldError } from "../../../../schemas/errors.ts"
import type { Patient, PatientUpdate } from "../../../../schemas/patient.ts"
import { afterPatientChange, patientQuery, updatePatient } from "../../../api/patients.ts"
import { useAppActors } from "../../../appContext.tsx"
import { CheckboxField, SelectField, TextField } from "../../../ui/Field.tsx"
import { toast, TOAST_DURATION } from "../../../ui/toast/toastStore.ts"
import { failureText } from "../../../errors/failureText.ts"
import { useFormSave } from "../../account/useFormSave.ts"
import { ErrorSummary, SaveBar } from "../FormBits.tsx"
import { AlertsEditor } from "./form/AlertsEditor.tsx"
import { DependantsEditor } from "./form/DependantsEditor.tsx"
import { LocationsEditor } from "./form/LocationsEditor.tsx"
import { TextListEditor } from "./form/TextListEditor.tsx"
import { changesSignInEmail, checkDraft, draftOf, type PatientDraft } from "./patientForm.ts"
import { PendingEmailNotice } from "./PendingEmailNotice.tsx"
import { usePatientId } from "./usePatientId.ts"
import "../patient.css"

/** /profile/edit: the patient form of SPEC §5; saving returns to /profile after 500 ms. */
export function ProfileEditPage() {
  const patientId = usePatientId()
  const { data: patient } = useSuspenseQuery(patientQuery(patientId))
  return <ProfileForm patient={patient} />
}

function ProfileForm({ patient }: { patient: Patient }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { session } = useAppActors()
  const [draft, setDraft] = useState<PatientDraft>(() => draftOf(patient))
  const [errors, setErrors] = useState<ReadonlyArray<FieldError>>([])
  const form = useFormSave<PatientUpdate, Patient>({
    save: (body) => updatePatient(patient.id, body),
    onSaved: (saved) => {
      void afterPatientChange(queryClient, patient.id, saved)
      session.send({ type: "session.refresh" })
      toast.success(t("patientProfile.saved"), TOAST_DURATION.short)
    },
    onFailed: (error) => {
      setErrors(error.fields ?? [])
      toast.error(failureText(t, error, t("patientProfile.saveFailed")), TOAST_DURATION.normal)
    },
    goBack: () => void navigate({ to: "/profile" }),
  })
  const errorOf = (name: string) => errors.find((e) => e.name === name)?.message
  const change = (patch: Partial<PatientDraft>) => {
    setDraft((d) => ({ ...d, ...patch }))
    const names = Object.keys(patch)
    setErrors((list) => list.filter((e) => !names.some((n) => e.name === n || e.name.startsWith(`${n}.`))))
    form.edit()
  }
  const changingEmail = changesSignInEmail(draft, patient.email)
  const submit = () => {
    const checked = checkDraft(draft, patient.email)
    if (!checked.ok) {
      setErrors(checked.fields)
      return
    }
    setErrors([])
    form.submit(checked.value)
  }
  const methods = (method: "SMS" | "EMAIL", on: boolean) =>
    change({
      preferredNotificationMethods: on
        ? [...new Set([...draft.preferredNotificationMethods, method])]
        : draft.preferredNotificationMethods.filter((m) => m !== method),
    })

  return (
    <form
      className="container page stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <div className="page-head">
        <h1>{t("patientProfile.editTitle")}</h1>
      </div>
      <ErrorSummary title={t("patientProfile.fixTheFollowing")} errors={errors} />
      <PendingEmailNotice patient={patient} />
      <fieldset className="form-section">
        <legend>{t("patientProfile.identity")}</legend>
        <div className="form-grid">
          <TextField
            label={t("fields.firstName")}
            required
            autoComplete="given-name"
            maxLength={100}
            value={draft.firstName}
            onChange={(e) => change({ firstName: e.target.value })}
            error={errorOf("firstName")}
          />
          <TextField
            label={t("fields.lastName")}
            required
            autoComplete="family-name"
            maxLength={100}
            value={draft.lastName}
            onChange={(e) => change({ lastName: e.target.value })}
            error={errorOf("lastName")}
          />
          <TextField
            label={t("fields.email")}
            type="email"
            required
            autoComplete="email"
            value={draft.email}
            // Back to the sign-in address: the password typed for the change is not kept.
            onChange={(e) =>
              change({ email: e.target.value, ...(changesSignInEmail({ ...draft, email: e.target.value }, patient.email) ? {} : { currentPassword: "" }) })
            }
            error={errorOf("email")}
          />
          {changingEmail ? (
            <TextField
              label={t("patientProfile.currentPassword")}
              type="password"
              required
              autoComplete="current-password"
              maxLength={128}
              hint={t("patientProfile.currentPasswordHint")}
              value={draft.currentPassword}
              onChange={(e) => change({ currentPassword: e.target.value })}
              error={errorOf("currentPassword")}
            />
          ) : null}
          <TextField
            label={t("fields.phoneNumber")}
            type="tel"
            required
            autoComplete="tel"
            maxLength={18}
            hint={t("patientProfile.phoneHint")}
            value={draft.phoneNumber}
            onChange={(e) => change({ phoneNumber: e.target.value })}
            error={errorOf("phoneNumber")}
          />
          <TextField
            label={t("fields.dateOfBirth")}
            type="date"
            required
            value={draft.dateOfBirth}
            onChange={(e) => change({ dateOfBirth: e.target.value })}
            error={errorOf("dateOfBirth")}
          />
          <SelectField
            label={t("patientProfile.civility")}
            required
            placeholder={t("patientProfile.choose")}
            value={draft.civility}
            options={(["MAN", "WOMAN"] as const).map((c) => ({ value: c, label: t(`patientProfile.civilities.${c}`) }))}
            onChange={(e) => change({ civility: e.target.value })}
            error={errorOf("civility")}
          />
          <SelectField
            label={t("patientProfile.bloodType")}
            required
            placeholder={t("patientProfile.choose")}
            value={draft.bloodType}
            options={BLOOD_TYPES.map((b) => ({ value: b, label: b === "UNKNOWN" ? t("patientProfile.unknown") : b }))}
            onChange={(e) => change({ bloodType: e.target.value })}
            error={errorOf("bloodType")}
          />
        </div>
        <fieldset className="checkbox-row" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="field-label">{t("patientProfile.notificationMethods")}</legend>
          <CheckboxField
            label={t("patientProfile.methods.SMS")}
            checked={draft.preferredNotificationMethods.includes("SMS")}
            onChange={(e) => methods("SMS", e.target.checked)}
          />
          <CheckboxField
            label={t("patientProfile.methods.EMAIL")}
            checked={draft.preferredNotificationMethods.includes("EMAIL")}
            onChange={(e) => methods("EMAIL", e.target.checked)}
          />
        </fieldset>
      </fieldset>
      <LocationsEditor locations={draft.locations} onChange={(locations) => change({ locations })} errorOf={errorOf} />
      <div className="profile-grid">
        <TextListEditor
          legend={t("patientProfile.allergies")}
          itemLabel={t("patientProfile.allergy")}
          addLabel={t("patientProfile.addAllergy")}
          items={draft.allergies}
          onChange={(allergies) => change({ allergies })}
        />
        <TextListEditor
          legend={t("patientProfile.chronicConditions")}
          itemLabel={t("patientProfile.condition")}
          addLabel={t("patientProfile.addCondition")}
          items={draft.chronicConditions}
          onChange={(chronicConditions) => change({ chronicConditions })}
        />
      </div>
      <DependantsEditor dependants={draft.dependants} onChange={(dependants) => change({ dependants })} />
      <AlertsEditor alerts={draft.medicalAlerts} onChange={(medicalAlerts) => change({ medicalAlerts })} />
      <SaveBar cancelTo="/profile" saveLabel={t("patientProfile.save")} busy={form.busy} />
    </form>
  )
}
