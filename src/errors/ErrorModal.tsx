import { useSelector } from "@xstate/react"
import { Link } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { Button } from "../ui/Button.tsx"
import { Dialog } from "../ui/Dialog.tsx"
import { isBrieflyUnavailable } from "../api/requestError.ts"
import { validationMessage } from "../i18n/validationMessage.ts"
import type { ErrorModalActor } from "./errorModalActor.ts"

/** The error modal of SPEC §8: a title and description per code, field errors, Close or Escape. */
export default function ErrorModal({ actor }: { actor: ErrorModalActor }) {
  const { t } = useTranslation()
  const error = useSelector(actor, (s) => (s.matches("open") ? s.context.error : null))
  const close = () => actor.send({ type: "errorModal.close" })
  if (!error) return null
  // An outage answer (503, issue 37) is said as such, not as the server error a bug would be.
  const code = isBrieflyUnavailable(error) ? "unavailable" : t(`errors.${error.code}.title`, { defaultValue: "" }) ? error.code : "UNEXPECTED_ERROR"
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())} title={t(`errors.${code}.title`)} description={t(`errors.${code}.description`)}>
      {error.fields && error.fields.length > 0 ? (
        <ul className="field-error" data-testid="error-fields">
          {error.fields.map((field) => (
            <li key={`${field.name}:${field.message}`}>
              {field.name ? <strong>{t(`fields.${field.name}`, { defaultValue: field.name })}: </strong> : null}
              {validationMessage(t, field.message)}
            </li>
          ))}
        </ul>
      ) : null}
      {code === "UNEXPECTED_ERROR" ? (
        <p>
          <Link to="/contact" onClick={close}>
            {t("errors.contactUs")}
          </Link>
        </p>
      ) : null}
      <div className="dialog-actions">
        <Button onClick={close}>{t("common.close")}</Button>
      </div>
    </Dialog>
  )
}
