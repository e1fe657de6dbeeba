import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import i18next from "i18next"
import { useTranslation } from "react-i18next"
import { inLanguage } from "../../../i18n/inLanguage.ts"
import { APP_LANGUAGES, type AppLanguage } from "../../../../schemas/enums.ts"
import { TimeZoneSetting, type PatientSettings } from "../../../../schemas/settings.ts"
import { afterPatientChange, patientQuery, updatePatientSettings } from "../../../api/patients.ts"
import { ApiRequestError } from "../../../api/client.ts"
import { useAppActors } from "../../../appContext.tsx"
import { useSessionUser } from "../../../session/useSession.ts"
import { CheckboxField, SelectField } from "../../../ui/Field.tsx"
import { LoadingScreen } from "../../../ui/LoadingScreen.tsx"
import { toast, TOAST_DURATION } from "../../../ui/toast/toastStore.ts"
import { AccountActions } from "../../account/AccountActions.tsx"
import { CalendarFeedCard } from "../../account/CalendarFeedCard.tsx"
import { SessionsCard } from "../../account/SessionsCard.tsx"
import { useFormSave } from "../../account/useFormSave.ts"
import { SaveBar } from "../FormBits.tsx"
import "../patient.css"
import { NO_ID, type PatientId } from "../../../../schemas/ids.ts"
import { failureText, loadFailureText } from "../../../errors/failureText.ts"

const VISIBILITIES = ["PUBLIC", "PRIVATE", "DOCTORS_ONLY"] as const
const THEMES = ["LIGHT", "DARK", "SYSTEM"] as const
const UI_LANGUAGE: Record<AppLanguage, "fr" | "en" | "ar"> = { FR: "fr", EN: "en", AR: "ar" }

/** /profile/settings (SPEC §2, §4, §5): notifications, privacy, user settings, account actions. */
export function SettingsPage() {
  const { t } = useTranslation()
  const patientId = useSessionUser()?.metadata.patient?.id ?? null
  const patient = useQuery({ ...patientQuery(patientId ?? NO_ID), enabled: patientId !== null })
  if (patientId && patient.isPending) return <LoadingScreen />
  if (patientId && patient.isError) {
    return (
      <div className="container page">
        <p className="alert alert-danger">{loadFailureText(t, patient.error, t("patientSettings.loadFailed"))}</p>
      </div>
    )
  }
  return <SettingsForm patientId={patientId} initial={patient.data?.settings ?? null} />
}

const DEFAULTS: PatientSettings = {
  appointments: true,
  messages: false,
  reminders: false,
  marketing: false,
  notifications: ["APPOINTMENTS"],
  visibility: "PRIVATE",
  appLanguage: "EN",
  theme: "SYSTEM",
  timeZone: "UTC",
  shareMedicalDataWithDoctors: true,
  allowDirectMessaging: true,
}

function SettingsForm({ patientId, initial }: { patientId: PatientId | null; initial: PatientSettings | null }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { session } = useAppActors()
  const [settings, setSettings] = useState<PatientSettings>({ ...(initial ?? DEFAULTS), appointments: true })
  const form = useFormSave<PatientSettings, PatientSettings>({
    save: (body) => {
      if (!patientId) return Promise.reject(new ApiRequestError("ID_NULL", "Patient ID is required", null))
      return updatePatientSettings(patientId, body)
    },
    onSaved: (saved) => {
      if (patientId) void afterPatientChange(queryClient, patientId)
      session.send({ type: "session.refresh" })
      const language = initial && saved.appLanguage !== initial.appLanguage ? UI_LANGUAGE[saved.appLanguage] : null
      if (language) session.send({ type: "session.setLanguage", language })
      // Said in the language just saved: the texts of a new one arrive after this answer.
      void (language ? inLanguage(language) : Promise.resolve()).then(() => toast.success(i18next.t("patientSettings.saved"), TOAST_DURATION.short))
    },
    // SPEC §8: a settings save failure is logged only; the user stays on the page.
    onFailed: (error) => console.warn("[promed] settings save failed", error),
    goBack: () => void navigate({ to: "/profile" }),
  })
  const set = (patch: Partial<PatientSettings>) => {
    setSettings({ ...settings, ...patch })
    form.edit()
  }
  const toggle = (name: "messages" | "reminders" | "marketing" | "shareMedicalDataWithDoctors" | "allowDirectMessaging", label: string) => (
    <CheckboxField label={label} checked={settings[name]} onChange={(e) => set({ [name]: e.target.checked })} />
  )

  return (
    <form
      className="container page stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        form.submit(settings)
      }}
    >
      <h1>{t("patientSettings.title")}</h1>
      {form.error ? (
        <p className="alert alert-danger" role="alert">
          {form.error.code === "ID_NULL" ? t("patientSettings.patientIdRequired") : failureText(t, form.error, t("patientSettings.saveFailed"))}
        </p>
      ) : null}
      <fieldset className="form-section">
        <legend>{t("patientSettings.notifications")}</legend>
        <CheckboxField label={t("patientSettings.appointments")} checked disabled aria-describedby="appointments-always" />
        <span id="appointments-always" className="field-hint">
          {t("patientSettings.appointmentsAlwaysOn")}
        </span>
        {toggle("messages", t("patientSettings.messages"))}
        {toggle("reminders", t("patientSettings.reminders"))}
        {toggle("marketing", t("patientSettings.marketing"))}
      </fieldset>
      <fieldset className="form-section">
        <legend>{t("patientSettings.privacy")}</legend>
        <SelectField
          label={t("patientSettings.visibility")}
          value={settings.visibility}
          options={VISIBILITIES.map((v) => ({ value: v, label: t(`patientSettings.visibilities.${v}`) }))}
          onChange={(e) => set({ visibility: e.target.value as PatientSettings["visibility"] })}
        />
        {toggle("shareMedicalDataWithDoctors", t("patientSettings.shareMedicalData"))}
        {toggle("allowDirectMessaging", t("patientSettings.directMessaging"))}
      </fieldset>
      <fieldset className="form-section">
        <legend>{t("patientSettings.userSettings")}</legend>
        <div className="form-grid">
          <SelectField
            label={t("patientSettings.language")}
            value={settings.appLanguage}
            options={APP_LANGUAGES.map((l) => ({ value: l, label: t(`patientSettings.languages.${l}`) }))}
            onChange={(e) => set({ appLanguage: e.target.value as AppLanguage })}
          />
          <SelectField
            label={t("patientSettings.theme")}
            value={settings.theme}
            options={THEMES.map((v) => ({ value: v, label: t(`patientSettings.themes.${v}`) }))}
            onChange={(e) => set({ theme: e.target.value as PatientSettings["theme"] })}
          />
          <SelectField
            label={t("patientSettings.timeZone")}
            value={settings.timeZone}
            options={TimeZoneSetting.literals.map((v) => ({ value: v, label: t(`patientSettings.timeZones.${v}`) }))}
            onChange={(e) => set({ timeZone: e.target.value as PatientSettings["timeZone"] })}
          />
        </div>
      </fieldset>
      <CalendarFeedCard />
      <SessionsCard />
      <AccountActions texts="patientSettings" title={t("patientSettings.accountActions")} />
      <SaveBar cancelTo="/profile" saveLabel={t("common.save")} busy={form.busy} />
    </form>
  )
}
