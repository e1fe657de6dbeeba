import { Link } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import type { FieldError } from "../../../schemas/errors.ts"
import { validationMessage } from "../../i18n/validationMessage.ts"
import { Button } from "../../ui/Button.tsx"
import "./patient.css"

/** The "fix the following" list above a form whose fields have errors (SPEC §5). */
export function ErrorSummary({ title, errors }: { title: string; errors: ReadonlyArray<FieldError> }) {
  const { t } = useTranslation()
  if (errors.length === 0) return null
  return (
    <div className="alert alert-danger" role="alert">
      <p className="error-summary-title">{title}</p>
      <ul>
        {errors.map((e) => (
          <li key={e.name}>{validationMessage(t, e.message)}</li>
        ))}
      </ul>
    </div>
  )
}

/** Cancel (back to a page) and save, kept in view at the bottom of a long form. */
export function SaveBar({ cancelTo, saveLabel, busy }: { cancelTo: "/profile"; saveLabel: string; busy: boolean }) {
  const { t } = useTranslation()
  return (
    <div className="sticky-actions">
      <Link to={cancelTo} className="btn btn-secondary">
        {t("common.cancel")}
      </Link>
      <Button type="submit" loading={busy}>
        {saveLabel}
      </Button>
    </div>
  )
}
