import { useSelector } from "@xstate/react"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { recordShareMachine } from "../../../../machines/recordShare.machine.ts"
import { decodeWithFields } from "../../../../schemas/decode.ts"
import { Email } from "../../../../schemas/fields.ts"
import { Button } from "../../../ui/Button.tsx"
import { Dialog } from "../../../ui/Dialog.tsx"
import { TextField } from "../../../ui/Field.tsx"

/** The share dialog of a sample record: a colleague's email, then the simulated send. */
export function ShareRecordDialog({ share }: { share: ActorRefFrom<typeof recordShareMachine> }) {
  const { t } = useTranslation()
  const state = useSelector(share, (s) => s.value as string)
  const [email, setEmail] = useState("")
  const [attempted, setAttempted] = useState(false)
  const checked = decodeWithFields(Email, email.trim())
  const error = attempted && !checked.ok ? checked.fields[0]?.message : undefined

  return (
    <Dialog
      open
      onOpenChange={(open) => (open || state === "sharing" ? undefined : share.send({ type: "share.close" }))}
      title={t("patientHistory.shareTitle")}
    >
      {state === "shared" ? (
        <p className="alert alert-info" role="status">
          {t("patientHistory.shared")}
        </p>
      ) : (
        <form
          className="stack"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            setAttempted(true)
            if (checked.ok) share.send({ type: "share.send", email: email.trim() })
          }}
        >
          <TextField label={t("patientHistory.shareEmail")} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
          {state === "failed" ? (
            <p className="alert alert-danger" role="alert">
              {t("patientHistory.shareFailed")}
            </p>
          ) : null}
          <div className="dialog-actions">
            <Button variant="secondary" onClick={() => share.send({ type: "share.close" })} disabled={state === "sharing"}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={state === "sharing"}>
              {t("patientHistory.shareSend")}
            </Button>
          </div>
        </form>
      )}
      {state === "shared" ? (
        <div className="dialog-actions">
          <Button onClick={() => share.send({ type: "share.close" })}>{t("common.close")}</Button>
        </div>
      ) : null}
    </Dialog>
  )
}
