import { useRouter } from "@tanstack/react-router"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { decodeWithFields } from "../../../schemas/decode.ts"
import type { FieldError } from "../../../schemas/errors.ts"
import { ChangePasswordRequest } from "../../../schemas/session.ts"
import { changePassword } from "../../api/session.ts"
import { useAppActors } from "../../appContext.tsx"
import { Button } from "../../ui/Button.tsx"
import { TextField } from "../../ui/Field.tsx"
import { toast, TOAST_DURATION } from "../../ui/toast/toastStore.ts"
import { failureText } from "../../errors/failureText.ts"
import { useFormSave } from "./useFormSave.ts"
import "./account.css"

type Values = { oldPassword: string; newPassword: string; confirmPassword: string }

/** The form's rules: the shared schema's, plus a confirmation equal to the new password (SPEC §5). */
export function passwordErrors(values: Values): FieldError[] {
  const checked = decodeWithFields(ChangePasswordRequest, { oldPassword: values.oldPassword, newPassword: values.newPassword })
  const errors = checked.ok ? [] : [...checked.fields]
  if (values.confirmPassword === "") errors.push({ name: "confirmPassword", message: "validation.required" })
  else if (values.confirmPassword !== values.newPassword) errors.push({ name: "confirmPassword", message: "validation.passwordsDoNotMatch" })
  return errors
}

/** /change-password for patients and doctors: success signs the user out (SPEC §2, §7). */
export function ChangePasswordPage() {
  const { t } = useTranslation()
  const router = useRouter()
  const { session } = useAppActors()
  const [values, setValues] = useState<Values>({ oldPassword: "", newPassword: "", confirmPassword: "" })
  const [errors, setErrors] = useState<ReadonlyArray<FieldError>>([])
  const form = useFormSave<ChangePasswordRequest, unknown>({
    save: changePassword,
    onSaved: () => {
      toast.success(t("changePassword.success"), TOAST_DURATION.short)
      session.send({ type: "session.logout" })
    },
    onFailed: (error) => {
      setErrors(error.fields ?? [])
      toast.error(failureText(t, error, t("changePassword.failed")), TOAST_DURATION.short)
    },
    returnDelay: 0,
  })
  const errorOf = (name: string) => errors.find((e) => e.name === name)?.message
  const field = (name: keyof Values) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => {
      setValues({ ...values, [name]: e.target.value })
      setErrors(errors.filter((x) => x.name !== name))
      form.edit()
    },
    error: errorOf(name),
  })
  return (
    <div className="container page account-page">
      <form
        className="card stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          const found = passwordErrors(values)
          if (found.length) return setErrors(found)
          form.submit({ oldPassword: values.oldPassword, newPassword: values.newPassword })
        }}
      >
        <h1>{t("changePassword.title")}</h1>
        <p className="muted">{t("changePassword.description")}</p>
        <TextField label={t("changePassword.current")} type="password" autoComplete="current-password" required {...field("oldPassword")} />
        <TextField
          label={t("changePassword.new")}
          type="password"
          autoComplete="new-password"
          required
          hint={t("changePassword.rules")}
          {...field("newPassword")}
        />
        <TextField label={t("changePassword.confirm")} type="password" autoComplete="new-password" required {...field("confirmPassword")} />
        <div className="row account-actions">
          <Button variant="secondary" onClick={() => router.history.back()} disabled={form.busy}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" loading={form.busy}>
            {t("changePassword.submit")}
          </Button>
        </div>
      </form>
    </div>
  )
}
