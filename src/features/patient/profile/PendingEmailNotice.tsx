import { useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import type { Patient } from "../../../../schemas/patient.ts"
import { afterPatientChange, withdrawEmailChange } from "../../../api/patients.ts"
import { toast, TOAST_DURATION } from "../../../ui/toast/toastStore.ts"
import { failureText } from "../../../errors/failureText.ts"

/**
 * Tells a patient that a new sign-in address waits for its link to be opened, and lets them
 * withdraw it. The address is an isolated left-to-right run inside Arabic text.
 */
export function PendingEmailNotice({ patient }: { patient: Patient }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  if (!patient.pendingEmail) return null
  const withdraw = async () => {
    setBusy(true)
    try {
      await afterPatientChange(queryClient, patient.id, await withdrawEmailChange(patient.id))
      toast.success(t("patientProfile.emailChangeWithdrawn"), TOAST_DURATION.short)
    } catch (error) {
      toast.error(failureText(t, error, t("patientProfile.saveFailed")), TOAST_DURATION.normal)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="alert alert-info row" role="status" data-testid="pending-email">
      <p style={{ margin: 0, flex: "1 1 16rem" }}>
        <Trans i18nKey="patientProfile.pendingEmail" values={{ email: patient.pendingEmail }} components={{ address: <bdi dir="ltr" /> }} />
      </p>
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void withdraw()}>
        {t("patientProfile.withdrawEmailChange")}
      </button>
    </div>
  )
}
