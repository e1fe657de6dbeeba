import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../ui/Button.tsx"
import { CheckboxField, SelectField } from "../../ui/Field.tsx"
import { toast } from "../../ui/toast/toastStore.ts"
import "../doctor/common/doctorCommon.css"
import "./manager.css"

const NOTIFICATIONS = ["appointments", "messages", "reviews", "updates"] as const
type ManagerNotification = (typeof NOTIFICATIONS)[number]
/** SPEC §9: the manager's visibility choices. */
const VISIBILITIES = ["PUBLIC", "REGISTERED_USERS_ONLY", "PRIVATE"] as const

/**
 * /manager/settings: the local-only view of SPEC §2. Choices live in this page only: there is no
 * save button and no call, and the page says so.
 */
export function ManagerSettingsPage() {
  const { t } = useTranslation()
  // SPEC §9 manager defaults: every notification on, profile public.
  const [notifications, setNotifications] = useState<Record<ManagerNotification, boolean>>({ appointments: true, messages: true, reviews: true, updates: true })
  const [visibility, setVisibility] = useState<(typeof VISIBILITIES)[number]>("PUBLIC")

  return (
    <div className="container page stack manager-page">
      <h1>{t("manager.settingsTitle")}</h1>
      <p className="alert alert-info" role="note">
        {t("manager.localOnly")}
      </p>
      <fieldset className="card checkbox-group manager-fieldset">
        <legend>{t("manager.notifications")}</legend>
        {NOTIFICATIONS.map((n) => (
          <CheckboxField
            key={n}
            label={t(`manager.notificationTypes.${n}`)}
            checked={notifications[n]}
            onChange={(e) => setNotifications({ ...notifications, [n]: e.target.checked })}
          />
        ))}
      </fieldset>
      <section className="card stack" aria-labelledby="manager-privacy-title">
        <h2 id="manager-privacy-title" className="section-title">
          {t("manager.privacy")}
        </h2>
        <SelectField
          label={t("manager.visibility")}
          value={visibility}
          onChange={(e) => setVisibility(e.target.value as (typeof VISIBILITIES)[number])}
          options={VISIBILITIES.map((v) => ({ value: v, label: t(`manager.visibilities.${v}`) }))}
        />
      </section>
      <section className="card stack" aria-labelledby="manager-account-title">
        <h2 id="manager-account-title" className="section-title">
          {t("manager.account")}
        </h2>
        {/* No password change for managers (SPEC §2), and the export and delete screens are the
            patients' and doctors': the buttons say where to ask instead. */}
        <div className="row">
          <Button variant="secondary" onClick={() => toast.info(t("manager.accountByRequest"))}>
            {t("manager.exportData")}
          </Button>
          <Button variant="danger" onClick={() => toast.info(t("manager.accountByRequest"))}>
            {t("manager.deleteAccount")}
          </Button>
        </div>
      </section>
    </div>
  )
}
