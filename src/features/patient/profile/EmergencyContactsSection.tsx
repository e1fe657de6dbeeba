import { useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { decodeWithFields } from "../../../../schemas/decode.ts"
import { EMERGENCY_RELATIONSHIPS } from "../../../../schemas/enums.ts"
import type { FieldError } from "../../../../schemas/errors.ts"
import { EmergencyContactInput, type EmergencyContact } from "../../../../schemas/patient.ts"
import { formatPhone, normalizePhone } from "../../../../schemas/phone.ts"
import { addEmergencyContact, afterPatientChange, deleteEmergencyContact, updateEmergencyContact } from "../../../api/patients.ts"
import { useAppActors } from "../../../appContext.tsx"
import { Button } from "../../../ui/Button.tsx"
import { ConfirmDialog } from "../../../ui/ConfirmDialog.tsx"
import { Dialog } from "../../../ui/Dialog.tsx"
import { SelectField, TextField } from "../../../ui/Field.tsx"
import { toast, TOAST_DURATION } from "../../../ui/toast/toastStore.ts"
import { useFormSave } from "../../account/useFormSave.ts"
import type { PatientId } from "../../../../schemas/ids.ts"
import { failureText } from "../../../errors/failureText.ts"
import { validationMessage } from "../../../i18n/validationMessage.ts"

type ContactForm = { firstName: string; lastName: string; phoneNumber: string; email: string; relationship: string }
const empty: ContactForm = { firstName: "", lastName: "", phoneNumber: "", email: "", relationship: "" }
const formOf = (c: EmergencyContact): ContactForm => ({
  firstName: c.firstName,
  lastName: c.lastName,
  phoneNumber: c.phoneNumber,
  email: c.email ?? "",
  relationship: c.relationship,
})

/**
 * Emergency contacts by priority, the first one primary (SPEC §2, §9). The form edits the contact
 * it was opened on, and creates one when opened with none (SPEC §4's save rule).
 */
export function EmergencyContactsSection({ patientId, contacts }: { patientId: PatientId; contacts: ReadonlyArray<EmergencyContact> }) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState<{ contact: EmergencyContact | null } | null>(null)
  const [deleting, setDeleting] = useState<EmergencyContact | null>(null)
  const sorted = [...contacts].sort((a, b) => a.priority - b.priority)
  return (
    <section className="card stack" aria-labelledby="emergency-title">
      <div className="section-head">
        <h2 id="emergency-title">{t("emergencyContacts.title")}</h2>
        <Button variant="secondary" size="small" onClick={() => setEditing({ contact: null })}>
          {t("emergencyContacts.add")}
        </Button>
      </div>
      {sorted.length === 0 ? <p className="muted">{t("emergencyContacts.none")}</p> : null}
      <ul className="plain-list">
        {sorted.map((c, i) => (
          <li key={c.id} className="list-item">
            <span>
              <strong>{`${c.firstName} ${c.lastName}`}</strong> {i === 0 ? <span className="badge">{t("emergencyContacts.primary")}</span> : null}
              <br />
              <span className="muted">{t(`emergencyContacts.relationships.${c.relationship}`)}</span> ·{" "}
              <a href={`tel:${c.phoneNumber}`} dir="ltr">
                {formatPhone(c.phoneNumber)}
              </a>
              {c.email ? (
                <>
                  {" · "}
                  <a href={`mailto:${c.email}`}>{c.email}</a>
                </>
              ) : null}
            </span>
            <Button
              variant="ghost"
              size="small"
              onClick={() => setEditing({ contact: c })}
              aria-label={`${t("emergencyContacts.edit")} ${c.firstName} ${c.lastName}`}
            >
              {t("emergencyContacts.edit")}
            </Button>
            <Button variant="ghost" size="small" onClick={() => setDeleting(c)} aria-label={`${t("emergencyContacts.delete")} ${c.firstName} ${c.lastName}`}>
              {t("emergencyContacts.delete")}
            </Button>
          </li>
        ))}
      </ul>
      {editing ? <ContactDialog patientId={patientId} contact={editing.contact} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteContactDialog patientId={patientId} contact={deleting} onClose={() => setDeleting(null)} /> : null}
    </section>
  )
}

/** Asks before removing a contact; a failure keeps the dialog open with an alert. */
function DeleteContactDialog({ patientId, contact, onClose }: { patientId: PatientId; contact: EmergencyContact; onClose: () => void }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const { session } = useAppActors()
  const [state, setState] = useState<"idle" | "deleting" | "failed">("idle")
  const [failure, setFailure] = useState<unknown>(null)
  const confirm = () => {
    setState("deleting")
    deleteEmergencyContact(patientId, contact.id).then(
      () => {
        void afterPatientChange(queryClient, patientId)
        session.send({ type: "session.refresh" })
        toast.success(t("emergencyContacts.deleted"), TOAST_DURATION.long)
        onClose()
      },
      (error: unknown) => {
        console.warn("[promed] emergency contact delete failed", error)
        setFailure(error)
        setState("failed")
      },
    )
  }
  const name = `${contact.firstName} ${contact.lastName}`
  return (
    <ConfirmDialog
      open
      destructive
      title={t("emergencyContacts.deleteTitle")}
      description={t("emergencyContacts.deleteText", { name })}
      confirmLabel={t("emergencyContacts.delete")}
      cancelLabel={t("common.cancel")}
      busy={state === "deleting"}
      onConfirm={confirm}
      onCancel={onClose}
    >
      {state === "failed" ? (
        <p className="alert alert-danger" role="alert">
          {failureText(t, failure, t("emergencyContacts.deleteFailed"))}
        </p>
      ) : null}
    </ConfirmDialog>
  )
}

function ContactDialog({ patientId, contact, onClose }: { patientId: PatientId; contact: EmergencyContact | null; onClose: () => void }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const { session } = useAppActors()
  const [values, setValues] = useState<ContactForm>(contact ? formOf(contact) : empty)
  const [errors, setErrors] = useState<ReadonlyArray<FieldError>>([])
  const form = useFormSave<EmergencyContactInput, EmergencyContact>({
    save: (body) => (contact ? updateEmergencyContact(contact.id, body) : addEmergencyContact(patientId, body)),
    onSaved: () => {
      void afterPatientChange(queryClient, patientId)
      session.send({ type: "session.refresh" })
      toast.success(contact ? t("emergencyContacts.updated") : t("emergencyContacts.added"), TOAST_DURATION.long)
    },
    onFailed: (error) => {
      // SPEC §8: logged only; a field the gateway names (a duplicate phone) is still shown by its field.
      console.warn("[promed] emergency contact save failed", error)
      setErrors(error.fields?.length ? error.fields : [{ name: "form", message: "emergencyContacts.failed" }])
    },
    goBack: onClose,
    returnDelay: 0,
  })
  const errorOf = (name: string) => errors.find((e) => e.name === name)?.message
  const field = (name: keyof ContactForm) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => {
      setValues({ ...values, [name]: e.target.value })
      setErrors(errors.filter((x) => x.name !== name && x.name !== "form"))
      form.edit()
    },
    error: errorOf(name),
  })
  const submit = () => {
    const checked = decodeWithFields(EmergencyContactInput, {
      firstName: values.firstName,
      lastName: values.lastName,
      phoneNumber: normalizePhone(values.phoneNumber),
      email: values.email.trim() || null,
      ...(values.relationship ? { relationship: values.relationship } : {}),
    })
    if (!checked.ok) return setErrors(checked.fields)
    form.submit(checked.value)
  }
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={contact ? t("emergencyContacts.editTitle") : t("emergencyContacts.addTitle")}>
      <form
        className="stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        {errorOf("form") ? (
          <p className="alert alert-danger" role="alert">
            {failureText(t, form.error, validationMessage(t, errorOf("form")!))}
          </p>
        ) : null}
        <TextField label={t("fields.firstName")} required maxLength={100} {...field("firstName")} />
        <TextField label={t("fields.lastName")} required maxLength={100} {...field("lastName")} />
        <TextField
          label={t("fields.phoneNumber")}
          type="tel"
          required
          dir="ltr"
          hint={t("emergencyContacts.phoneHint")}
          maxLength={20}
          {...field("phoneNumber")}
        />
        <TextField label={t("fields.email")} type="email" {...field("email")} />
        <SelectField
          label={t("emergencyContacts.relationship")}
          required
          placeholder={t("patientProfile.choose")}
          options={EMERGENCY_RELATIONSHIPS.map((r) => ({ value: r, label: t(`emergencyContacts.relationships.${r}`) }))}
          {...field("relationship")}
        />
        <div className="dialog-actions">
          <Button variant="secondary" onClick={onClose} disabled={form.busy}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" loading={form.busy}>
            {t("common.save")}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
