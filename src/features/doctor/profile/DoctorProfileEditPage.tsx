import { Link, useNavigate } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import i18next from "i18next"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { fromPromise } from "xstate"
import { createFormSaveMachine } from "../../../../machines/formSave.machine.ts"
import type { Location } from "../../../../schemas/common.ts"
import { decodeWithFields } from "../../../../schemas/decode.ts"
import { type Doctor, DoctorUpdate, type ProvidedService } from "../../../../schemas/doctor.ts"
import { COUNTRIES, type Country, SERVICE_CODES, type ServiceCode, SPOKEN_LANGUAGES, type SpokenLanguage } from "../../../../schemas/enums.ts"
import { LIMITS } from "../../../../schemas/fields.ts"
import { saveDoctorProfile } from "../../../api/doctorAccount.ts"
import { validationMessage } from "../../../i18n/validationMessage.ts"
import { useAppActors } from "../../../appContext.tsx"
import { Button } from "../../../ui/Button.tsx"
import { CheckboxField, SelectField, TextAreaField, TextField } from "../../../ui/Field.tsx"
import { toast, TOAST_DURATION } from "../../../ui/toast/toastStore.ts"
import { failureText } from "../../../errors/failureText.ts"
import { useDoctorSession } from "../common/useDoctorSession.ts"
import { DoctorPhoto } from "./DoctorPhoto.tsx"
import { useFlowActor } from "../../../dev/useFlowActor.ts"
import "./profile.css"
import { normalizePhone } from "../../../../schemas/phone.ts"

type Row<T> = T & { readonly key: string }
let nextKey = 0
const keyed = <T,>(value: T): Row<T> => ({ ...value, key: `row-${nextKey++}` })

interface ProfileForm {
  firstName: string
  lastName: string
  refNumber: string
  careerStartYear: number
  biography: string
  website: string
  phoneNumber: string
  locations: Row<Location>[]
  providedServices: Row<{ code: ServiceCode; price: number }>[]
  doctorSpokenLanguages: SpokenLanguage[]
  insurance: string
}

const formOf = (d: Doctor): ProfileForm => ({
  firstName: d.firstName,
  lastName: d.lastName,
  refNumber: d.refNumber ?? "",
  careerStartYear: d.careerStartYear ?? Number.NaN,
  biography: d.biography ?? "",
  website: d.website ?? "",
  phoneNumber: d.phoneNumber ?? "",
  locations: (d.locations.length > 0 ? d.locations : [{ address: "", city: "", country: "SENEGAL" as const, isPrimary: true }]).map(keyed),
  providedServices: (d.providedServices.length > 0 ? d.providedServices : [{ code: "CLINIC" as const, price: 0 }]).map((s: ProvidedService) =>
    keyed({ code: s.code, price: s.price }),
  ),
  doctorSpokenLanguages: [...d.doctorSpokenLanguages],
  insurance: d.insuranceAccepted.join(", "),
})

/** What PUT /doctors/{id} receives: blank optional fields are sent as null. */
const bodyOf = (f: ProfileForm) => ({
  ...f,
  biography: f.biography.trim() === "" ? null : f.biography,
  website: f.website.trim() === "" ? null : f.website.trim(),
  phoneNumber: f.phoneNumber.trim() === "" ? null : normalizePhone(f.phoneNumber),
  insuranceAccepted: f.insurance
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
})

/** /doctor/profile/edit: the doctor form of SPEC §5, then back to the dashboard after 500 ms. */
export function DoctorProfileEditPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { session } = useAppActors()
  const { doctor } = useDoctorSession()
  const [form, setForm] = useState<ProfileForm>(() => formOf(doctor))
  const [attempted, setAttempted] = useState(false)
  // Made once: a machine made anew on each render would restart the actor each time (useActorRef compares configs).
  const [saveMachine] = useState(() =>
    createFormSaveMachine(fromPromise<Doctor, DoctorUpdate>(({ input }) => saveDoctorProfile(doctor.id, input))).provide({
      actions: {
        onSaved: () => {
          toast.success(i18next.t("doctorProfileEdit.saved"), TOAST_DURATION.short)
          session.send({ type: "session.refresh" })
        },
        // SPEC §8: a doctor profile save failure shows the generic common error message (issue 37: or Promed briefly unavailable).
        onFailed: (_, { error }) => toast.error(failureText(i18next.t, error, i18next.t("common.commonError"))),
        goBack: () => void navigate({ to: "/doctor/profile" }),
      },
    }),
  )
  const saver = useFlowActor(saveMachine)
  const saving = useSelector(saver, (s) => s.matches("saving") || s.matches("saved"))
  const serverFields = useSelector(saver, (s) => s.context.error?.fields ?? [])
  const checked = decodeWithFields(DoctorUpdate, bodyOf(form))
  const localErrors = checked.ok ? [] : checked.fields
  const errorOf = (name: string) =>
    (attempted ? localErrors.find((f) => f.name === name)?.message : undefined) ?? serverFields.find((f) => f.name === name)?.message

  const update = (patch: Partial<ProfileForm>) => {
    setForm((f) => ({ ...f, ...patch }))
    if (saver.getSnapshot().matches("failed")) saver.send({ type: "form.edit" })
  }
  const setLocation = (key: string, patch: Partial<Location>) =>
    update({ locations: form.locations.map((l) => (l.key === key ? { ...l, ...patch } : patch.isPrimary ? { ...l, isPrimary: false } : l)) })
  const removeLocation = (key: string) => {
    const rest = form.locations.filter((l) => l.key !== key)
    // Removing the primary address makes the first remaining one primary (SPEC §5).
    update({ locations: rest.some((l) => l.isPrimary) ? rest : rest.map((l, i) => ({ ...l, isPrimary: i === 0 })) })
  }
  const setService = (key: string, patch: Partial<{ code: ServiceCode; price: number }>) =>
    update({ providedServices: form.providedServices.map((s) => (s.key === key ? { ...s, ...patch } : s)) })
  const unusedCode = SERVICE_CODES.find((c) => !form.providedServices.some((s) => s.code === c)) ?? "CLINIC"

  return (
    <form
      className="container page stack doctor-profile-edit"
      aria-labelledby="profile-edit-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setAttempted(true)
        if (checked.ok) saver.send({ type: "form.submit", values: checked.value })
      }}
    >
      <h1 id="profile-edit-title">{t("doctorProfileEdit.title")}</h1>

      <DoctorPhoto doctor={doctor} />

      <section className="card form-section" aria-labelledby="identity-title">
        <h2 id="identity-title">{t("doctorProfileEdit.identity")}</h2>
        <div className="form-grid">
          <TextField
            label={t("fields.firstName")}
            required
            value={form.firstName}
            onChange={(e) => update({ firstName: e.target.value })}
            error={errorOf("firstName")}
          />
          <TextField
            label={t("fields.lastName")}
            required
            value={form.lastName}
            onChange={(e) => update({ lastName: e.target.value })}
            error={errorOf("lastName")}
          />
          <TextField label={t("fields.email")} type="email" value={doctor.email} readOnly hint={t("doctorProfileEdit.emailReadOnly")} />
          <TextField
            label={t("doctorProfileEdit.refNumber")}
            required
            value={form.refNumber}
            onChange={(e) => update({ refNumber: e.target.value })}
            error={errorOf("refNumber")}
          />
          <TextField
            label={t("doctorProfileEdit.careerStartYear")}
            required
            type="number"
            inputMode="numeric"
            value={Number.isNaN(form.careerStartYear) ? "" : form.careerStartYear}
            onChange={(e) => update({ careerStartYear: e.target.value === "" ? Number.NaN : Number(e.target.value) })}
            error={errorOf("careerStartYear")}
          />
          <TextField
            label={t("fields.phoneNumber")}
            type="tel"
            inputMode="tel"
            maxLength={LIMITS.phoneMax}
            value={form.phoneNumber}
            onChange={(e) => update({ phoneNumber: e.target.value })}
            error={errorOf("phoneNumber")}
          />
          <TextField
            label={t("doctorProfileEdit.website")}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={form.website}
            onChange={(e) => update({ website: e.target.value })}
            error={errorOf("website")}
          />
        </div>
        <TextAreaField
          label={t("doctorProfileEdit.biography")}
          value={form.biography}
          onChange={(e) => update({ biography: e.target.value })}
          hint={t("doctorProfileEdit.biographyHint", { min: LIMITS.biographyMin })}
          error={errorOf("biography")}
        />
      </section>

      <section className="card form-section" aria-labelledby="locations-title">
        <h2 id="locations-title">{t("doctorProfileEdit.locations")}</h2>
        {form.locations.map((l, i) => (
          <fieldset key={l.key} className="repeat-row">
            <legend>{t("doctorProfileEdit.locationN", { n: i + 1 })}</legend>
            <div className="form-grid">
              <TextField
                label={t("doctorProfileEdit.address")}
                required
                value={l.address}
                onChange={(e) => setLocation(l.key, { address: e.target.value })}
                error={errorOf(`locations.${i}.address`)}
              />
              <TextField
                label={t("doctorProfileEdit.city")}
                required
                value={l.city}
                onChange={(e) => setLocation(l.key, { city: e.target.value })}
                error={errorOf(`locations.${i}.city`)}
              />
              <SelectField
                label={t("doctorProfileEdit.country")}
                required
                value={l.country}
                onChange={(e) => setLocation(l.key, { country: e.target.value as Country })}
                options={COUNTRIES.map((c) => ({ value: c, label: t(`doctorProfileEdit.countries.${c}`) }))}
              />
            </div>
            <div className="row">
              <label className="checkbox-field">
                <input type="radio" name="primary-location" checked={l.isPrimary} onChange={() => setLocation(l.key, { isPrimary: true })} />
                <span>{t("doctorProfileEdit.primary")}</span>
              </label>
              {form.locations.length > 1 ? (
                <Button variant="ghost" size="small" onClick={() => removeLocation(l.key)}>
                  {t("doctorProfileEdit.remove")}
                </Button>
              ) : null}
            </div>
          </fieldset>
        ))}
        {errorOf("locations") ? (
          <p className="field-error" role="alert">
            {validationMessage(t, errorOf("locations")!)}
          </p>
        ) : null}
        <div>
          <Button
            variant="secondary"
            size="small"
            disabled={form.locations.length >= LIMITS.locationsMax}
            onClick={() => update({ locations: [...form.locations, keyed({ address: "", city: "", country: "SENEGAL" as const, isPrimary: false })] })}
          >
            {t("doctorProfileEdit.addLocation")}
          </Button>
        </div>
      </section>

      <section className="card form-section" aria-labelledby="services-title">
        <h2 id="services-title">{t("doctorProfileEdit.services")}</h2>
        {form.providedServices.map((s, i) => (
          <fieldset key={s.key} className="repeat-row">
            <legend>{t("doctorProfileEdit.serviceN", { n: i + 1 })}</legend>
            <div className="form-grid">
              <SelectField
                label={t("doctorProfileEdit.serviceType")}
                value={s.code}
                onChange={(e) => setService(s.key, { code: e.target.value as ServiceCode })}
                options={SERVICE_CODES.map((c) => ({ value: c, label: t(`doctorDashboard.serviceCodes.${c}`) }))}
              />
              <TextField
                label={t("doctorProfileEdit.price")}
                type="number"
                inputMode="numeric"
                min={0}
                value={Number.isNaN(s.price) ? "" : s.price}
                onChange={(e) => setService(s.key, { price: e.target.value === "" ? Number.NaN : Number(e.target.value) })}
                error={errorOf(`providedServices.${i}.price`)}
              />
            </div>
            {form.providedServices.length > 1 ? (
              <div>
                <Button variant="ghost" size="small" onClick={() => update({ providedServices: form.providedServices.filter((x) => x.key !== s.key) })}>
                  {t("doctorProfileEdit.remove")}
                </Button>
              </div>
            ) : null}
          </fieldset>
        ))}
        {errorOf("providedServices") ? (
          <p className="field-error" role="alert">
            {validationMessage(t, errorOf("providedServices")!)}
          </p>
        ) : null}
        <div>
          <Button
            variant="secondary"
            size="small"
            disabled={form.providedServices.length >= LIMITS.servicesMax}
            onClick={() => update({ providedServices: [...form.providedServices, keyed({ code: unusedCode, price: 0 })] })}
          >
            {t("doctorProfileEdit.addService")}
          </Button>
        </div>
      </section>

      <section className="card form-section" aria-labelledby="languages-title">
        <h2 id="languages-title">{t("doctorProfileEdit.practice")}</h2>
        <fieldset className="checkbox-group">
          <legend>{t("doctorProfileEdit.spokenLanguages")}</legend>
          {SPOKEN_LANGUAGES.map((l) => (
            <CheckboxField
              key={l}
              label={t(`doctorProfileEdit.languages.${l}`)}
              checked={form.doctorSpokenLanguages.includes(l)}
              onChange={(e) =>
                update({ doctorSpokenLanguages: e.target.checked ? [...form.doctorSpokenLanguages, l] : form.doctorSpokenLanguages.filter((x) => x !== l) })
              }
            />
          ))}
        </fieldset>
        <TextField
          label={t("doctorProfileEdit.insurance")}
          value={form.insurance}
          onChange={(e) => update({ insurance: e.target.value })}
          hint={t("doctorProfileEdit.insuranceHint")}
        />
      </section>

      {attempted && !checked.ok ? (
        <p className="alert alert-warning" role="status">
          {t("doctorProfileEdit.fixErrors")}
        </p>
      ) : null}
      <div className="form-actions">
        <Link to="/doctor/profile" className="btn btn-secondary">
          {t("common.cancel")}
        </Link>
        <Button type="submit" loading={saving}>
          {t("doctorProfileEdit.save")}
        </Button>
      </div>
    </form>
  )
}
