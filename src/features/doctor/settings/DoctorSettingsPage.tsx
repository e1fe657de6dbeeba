import { Link, useNavigate } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import i18next from "i18next"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { inLanguage } from "../../../i18n/inLanguage.ts"
import { fromPromise } from "xstate"
import { createFormSaveMachine } from "../../../../machines/formSave.machine.ts"
import { decodeWithFields } from "../../../../schemas/decode.ts"
import { APP_LANGUAGES, type AppLanguage, NOTIFICATION_TYPES, type NotificationType, VISIBILITIES } from "../../../../schemas/enums.ts"
import { LIMITS } from "../../../../schemas/fields.ts"
import { type DoctorSettings, DoctorSettingsUpdate, TimeZoneSetting } from "../../../../schemas/settings.ts"
import { saveDoctorSettings } from "../../../api/doctorAccount.ts"
import { useAppActors } from "../../../appContext.tsx"
import type { Language } from "../../../i18n/languages.ts"
import { Button } from "../../../ui/Button.tsx"
import { CheckboxField, SelectField, TextField } from "../../../ui/Field.tsx"
import { toast, TOAST_DURATION } from "../../../ui/toast/toastStore.ts"
import { useDoctorSession } from "../common/useDoctorSession.ts"
import { useFlowActor } from "../../../dev/useFlowActor.ts"
import { AccountActions } from "../../account/AccountActions.tsx"
import { CalendarFeedCard } from "../../account/CalendarFeedCard.tsx"
import { SessionsCard } from "../../account/SessionsCard.tsx"
import "../profile/profile.css"

/** SPEC §9 doctor defaults, for a doctor whose settings the session does not carry. */
const DEFAULTS: DoctorSettingsUpdate = {
  autoConfirmAppointments: false,
  bufferTime: 15,
  maxDailyAppointment: 20,
  defaultConsultationDuration: 30,
  showRatingsAndReviews: true,
  allowDirectBooking: true,
  notifications: ["APPOINTMENTS", "MESSAGES", "REVIEWS", "UPDATES"],
  visibility: "PUBLIC",
  appLanguage: "EN",
  theme: "SYSTEM",
  timeZone: "UTC",
  depositFor: "NONE",
  bookingDeposit: 5000,
}

/** SPEC §5: the choices offered for consultation length and buffer time. */
const DURATIONS = [15, 30, 45, 60] as const
const BUFFERS = [5, 10, 15, 30] as const
const THEMES = ["LIGHT", "DARK", "SYSTEM"] as const
const UI_LANGUAGE: Record<AppLanguage, Language> = { FR: "fr", EN: "en", AR: "ar" }

const formOf = (settings: DoctorSettings | null): DoctorSettingsUpdate => {
  if (!settings) return DEFAULTS
  const { doctorSettingsId: _id, doctorId: _doctor, ...rest } = settings
  return { ...rest, notifications: [...new Set<NotificationType>(["APPOINTMENTS", ...rest.notifications])] }
}

/** Keeps a chosen value in the list even when it is not one of the usual choices. */
const choices = (usual: ReadonlyArray<number>, current: number) => [...new Set([...usual, current])].sort((a, b) => a - b)

/** /doctor/settings: notifications, privacy, availability, practice, user settings and account actions. */
export function DoctorSettingsPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { session } = useAppActors()
  const { doctor, settings } = useDoctorSession()
  const [values, setValues] = useState<DoctorSettingsUpdate>(() => formOf(settings))
  // Made once: a machine made anew on each render would restart the actor each time (useActorRef compares configs).
  const [saveMachine] = useState(() =>
    createFormSaveMachine(fromPromise<DoctorSettings, DoctorSettingsUpdate>(({ input }) => saveDoctorSettings(doctor.id, input))).provide({
      actions: {
        onSaved: (_, { result }) => {
          session.send({ type: "session.refresh" })
          // A new app language applies at once, as on the patient's settings, not at the next sign-in.
          const language = result.appLanguage !== settings?.appLanguage ? UI_LANGUAGE[result.appLanguage] : null
          if (language) session.send({ type: "session.setLanguage", language })
          // Said in the language just saved: the texts of a new one arrive after this answer.
          void (language ? inLanguage(language) : Promise.resolve()).then(() => toast.success(i18next.t("doctorSettings.saved"), TOAST_DURATION.short))
        },
        // SPEC §8: a settings save failure is only logged; the doctor stays on the form.
        onFailed: (_, { error }) => console.warn("[promed] doctor settings save failed", error),
        goBack: () => void navigate({ to: "/doctor/profile" }),
      },
    }),
  )
  const saver = useFlowActor(saveMachine)
  const saving = useSelector(saver, (s) => s.matches("saving") || s.matches("saved"))
  const checked = decodeWithFields(DoctorSettingsUpdate, values)
  const errors = checked.ok ? {} : Object.fromEntries(checked.fields.map((f) => [f.name, f.message]))
  const set = (patch: Partial<DoctorSettingsUpdate>) => {
    setValues((v) => ({ ...v, ...patch }))
    if (saver.getSnapshot().matches("failed")) saver.send({ type: "form.edit" })
  }
  const toggleNotification = (type: NotificationType, on: boolean) =>
    set({ notifications: on ? [...values.notifications, type] : values.notifications.filter((n) => n !== type) })

  return (
    <form
      className="container page stack doctor-settings"
      aria-labelledby="settings-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (checked.ok) saver.send({ type: "form.submit", values: checked.value })
      }}
    >
      <h1 id="settings-title">{t("doctorSettings.title")}</h1>

      {/* A card like the other blocks, with the same heading; the group keeps its name from it. */}
      <section className="card form-section" aria-labelledby="notifications-title">
        <h2 id="notifications-title">{t("doctorSettings.notifications")}</h2>
        <fieldset className="checkbox-group" aria-labelledby="notifications-title">
          {NOTIFICATION_TYPES.map((type) => (
            <CheckboxField
              key={type}
              label={t(`doctorSettings.notificationTypes.${type}`)}
              checked={type === "APPOINTMENTS" || values.notifications.includes(type)}
              // The appointments notification is always on (SPEC §4).
              disabled={type === "APPOINTMENTS"}
              onChange={(e) => toggleNotification(type, e.target.checked)}
            />
          ))}
        </fieldset>
      </section>

      <section className="card form-section" aria-labelledby="privacy-title">
        <h2 id="privacy-title">{t("doctorSettings.privacy")}</h2>
        <SelectField
          label={t("doctorSettings.visibility")}
          value={values.visibility}
          onChange={(e) => set({ visibility: e.target.value as DoctorSettingsUpdate["visibility"] })}
          options={VISIBILITIES.map((v) => ({ value: v, label: t(`doctorSettings.visibilities.${v}`) }))}
        />
        <CheckboxField
          label={t("doctorSettings.showRatingsAndReviews")}
          checked={values.showRatingsAndReviews}
          onChange={(e) => set({ showRatingsAndReviews: e.target.checked })}
        />
      </section>

      <section className="card form-section" aria-labelledby="availability-title">
        <h2 id="availability-title">{t("doctorSettings.availability")}</h2>
        <div className="form-grid">
          <TextField
            label={t("doctorSettings.maxDailyAppointment")}
            type="number"
            inputMode="numeric"
            min={LIMITS.maxDailyAppointmentMin}
            max={LIMITS.maxDailyAppointmentMax}
            value={Number.isNaN(values.maxDailyAppointment) ? "" : values.maxDailyAppointment}
            onChange={(e) => set({ maxDailyAppointment: e.target.value === "" ? Number.NaN : Number(e.target.value) })}
            hint={t("doctorSettings.maxDailyHint", { min: LIMITS.maxDailyAppointmentMin, max: LIMITS.maxDailyAppointmentMax })}
            error={errors.maxDailyAppointment}
          />
          <SelectField
            label={t("doctorSettings.defaultConsultationDuration")}
            value={String(values.defaultConsultationDuration)}
            onChange={(e) => set({ defaultConsultationDuration: Number(e.target.value) })}
            options={choices(DURATIONS, values.defaultConsultationDuration).map((m) => ({
              value: String(m),
              label: t("doctorSettings.minutes", { count: m }),
            }))}
          />
          <SelectField
            label={t("doctorSettings.bufferTime")}
            value={String(values.bufferTime)}
            onChange={(e) => set({ bufferTime: Number(e.target.value) })}
            options={choices(BUFFERS, values.bufferTime).map((m) => ({ value: String(m), label: t("doctorSettings.minutes", { count: m }) }))}
            hint={t("doctorSettings.bufferHint")}
          />
        </div>
      </section>

      <section className="card form-section" aria-labelledby="practice-title">
        <h2 id="practice-title">{t("doctorSettings.practice")}</h2>
        <CheckboxField
          label={t("doctorSettings.autoConfirmAppointments")}
          checked={values.autoConfirmAppointments}
          onChange={(e) => set({ autoConfirmAppointments: e.target.checked })}
        />
        <p className="field-hint">{t("doctorSettings.autoConfirmHint")}</p>
        <CheckboxField
          label={t("doctorSettings.allowDirectBooking")}
          checked={values.allowDirectBooking}
          onChange={(e) => set({ allowDirectBooking: e.target.checked })}
        />
      </section>

      <section className="card form-section" aria-labelledby="user-title">
        <h2 id="user-title">{t("doctorSettings.user")}</h2>
        <div className="form-grid">
          <SelectField
            label={t("doctorSettings.appLanguage")}
            value={values.appLanguage}
            onChange={(e) => set({ appLanguage: e.target.value as DoctorSettingsUpdate["appLanguage"] })}
            options={APP_LANGUAGES.map((l) => ({ value: l, label: t(`doctorSettings.languages.${l}`) }))}
          />
          <SelectField
            label={t("doctorSettings.theme")}
            value={values.theme}
            onChange={(e) => set({ theme: e.target.value as DoctorSettingsUpdate["theme"] })}
            options={THEMES.map((v) => ({ value: v, label: t(`doctorSettings.themes.${v}`) }))}
          />
          <SelectField
            label={t("doctorSettings.timeZone")}
            value={values.timeZone}
            onChange={(e) => set({ timeZone: e.target.value as DoctorSettingsUpdate["timeZone"] })}
            options={TimeZoneSetting.literals.map((v) => ({ value: v, label: t(`doctorSettings.timeZones.${v}`) }))}
          />
        </div>
      </section>

      <CalendarFeedCard />
      <SessionsCard />
      <AccountActions texts="doctorSettings" title={t("doctorSettings.account")} className="card form-section" />

      <div className="form-actions">
        <Link to="/doctor/profile" className="btn btn-secondary">
          {t("common.cancel")}
        </Link>
        <Button type="submit" loading={saving} disabled={!checked.ok}>
          {t("doctorSettings.save")}
        </Button>
      </div>
    </form>
  )
}
