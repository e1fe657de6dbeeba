import { useQuery } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import i18next from "i18next"
import { useTranslation } from "react-i18next"
import { fromPromise } from "xstate"
import { doctorRequestFormMachine, doctorRequestOf, type DoctorRequestFormValues } from "../../../../machines/doctorRequestForm.machine.ts"
import { DOCTOR_REQUEST_LIMITS, type DoctorRequestInput } from "../../../../schemas/doctorRequest.ts"
import { LIMITS } from "../../../../schemas/fields.ts"
import { joinableFacilitiesQuery, sendDoctorRequest } from "../../../api/doctorRequests.ts"
import { useFlowActor } from "../../../dev/useFlowActor.ts"
import { specialtyLabel } from "../../../i18n/doctorText.ts"
import { Ltr } from "../../../i18n/format.ts"
import { Button } from "../../../ui/Button.tsx"
import { CheckboxField, SelectField, TextAreaField, TextField } from "../../../ui/Field.tsx"
import { toast } from "../../../ui/toast/toastStore.ts"
import { failureText } from "../../../errors/failureText.ts"
import { SPECIALTY_CODES } from "../doctors/specialtyCodes.ts"
import "../contact/contact.css"
import "./doctorRequest.css"

const machine = doctorRequestFormMachine.provide({
  actors: {
    // The machine's guard has just decoded these values with DoctorRequestInput.
    sendRequest: fromPromise(({ input }) => sendDoctorRequest(doctorRequestOf(input.values) as DoctorRequestInput)),
  },
  actions: {
    notifyFailed: (_, { error }) =>
      toast.error(
        failureText(
          i18next.t,
          error,
          i18next.t(
            error.code === "DUPLICATE_ENTRY"
              ? "doctorRequest.alreadyPending"
              : error.code === "BUSINESS_ERROR"
                ? "doctorRequest.tooMany"
                : error.code === "VALIDATION_ERROR"
                  ? "doctorRequest.fixFields"
                  : "doctorRequest.failed",
          ),
        ),
      ),
  },
})

/** Errors of the schema's own wording ("not one of the codes", "must be true") said in this form's words. */
const FIELD_MESSAGES: Partial<Record<keyof DoctorRequestFormValues, string>> = {
  specialtyCode: "doctorRequest.specialtyRequired",
  acceptTerms: "doctorRequest.termsRequired",
}

/** /register/doctor, "Compte professionnel" (issue 11): a doctor asks to join; a manager reviews the request. */
export function DoctorRequestPage() {
  const { t } = useTranslation()
  const form = useFlowActor(machine)
  const values = useSelector(form, (s) => s.context.values)
  const errors = useSelector(form, (s) => s.context.errors)
  const sending = useSelector(form, (s) => s.matches("sending"))
  const sent = useSelector(form, (s) => s.matches("sent"))
  const facilities = useQuery(joinableFacilitiesQuery())

  const change = (next: Partial<DoctorRequestFormValues>) => form.send({ type: "doctorRequest.change", values: next })
  const errorOf = (name: keyof DoctorRequestFormValues) => {
    const error = errors[name]
    return error && FIELD_MESSAGES[name] && error.startsWith("validation.") ? FIELD_MESSAGES[name] : error
  }
  const field = <K extends Exclude<keyof DoctorRequestFormValues, "acceptTerms">>(name: K) => ({
    name,
    value: values[name],
    error: errorOf(name),
    onChange: (event: { target: { value: string } }) => change({ [name]: event.target.value }),
  })

  if (sent) {
    return (
      <section className="container page doctor-request-page" aria-labelledby="doctor-request-sent">
        <div className="card stack doctor-request-sent" role="status">
          <h1 id="doctor-request-sent">{t("doctorRequest.sentTitle")}</h1>
          <p>{t("doctorRequest.sentBody")}</p>
          <p className="muted">{t("doctorRequest.sentNext")}</p>
          <div className="row">
            <Link to="/" className="btn btn-primary">
              {t("doctorRequest.backHome")}
            </Link>
          </div>
        </div>
      </section>
    )
  }

  return (
    <section className="container page doctor-request-page" aria-labelledby="doctor-request-title">
      <h1 id="doctor-request-title">{t("doctorRequest.title")}</h1>
      <p className="muted">{t("doctorRequest.intro")}</p>
      <form
        className="contact-form doctor-request-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          form.send({ type: "doctorRequest.submit" })
        }}
      >
        <div className="form-grid">
          <TextField label={t("doctorRequest.firstName")} required autoComplete="given-name" maxLength={LIMITS.nameMax} {...field("firstName")} />
          <TextField label={t("doctorRequest.lastName")} required autoComplete="family-name" maxLength={LIMITS.nameMax} {...field("lastName")} />
          <TextField label={t("doctorRequest.email")} required type="email" autoComplete="email" dir="ltr" maxLength={254} {...field("email")} />
          <TextField
            label={t("doctorRequest.phone")}
            required
            type="tel"
            autoComplete="tel"
            dir="ltr"
            maxLength={LIMITS.phoneMax + 6}
            hint={
              <>
                {t("doctorRequest.phoneHint")} <Ltr>77 123 45 67</Ltr> · <Ltr>+221 77 123 45 67</Ltr>
              </>
            }
            {...field("phoneNumber")}
          />
          <SelectField
            label={t("doctorRequest.specialty")}
            required
            placeholder={t("doctorRequest.specialtyPlaceholder")}
            options={SPECIALTY_CODES.map((code) => ({ value: code, label: specialtyLabel(t, { code, label: code }) }))}
            {...field("specialtyCode")}
          />
          <TextField
            label={t("doctorRequest.refNumber")}
            required
            maxLength={DOCTOR_REQUEST_LIMITS.refNumberMax}
            hint={t("doctorRequest.refNumberHint")}
            {...field("refNumber")}
          />
        </div>
        <SelectField
          label={t("doctorRequest.facility")}
          placeholder={t("doctorRequest.noFacility")}
          hint={facilities.isError ? t("doctorRequest.facilitiesFailed") : t("doctorRequest.facilityHint")}
          disabled={facilities.isPending}
          options={(facilities.data ?? []).map((f) => ({ value: f.id, label: f.city ? `${f.name} · ${f.city}` : f.name }))}
          {...field("facilityId")}
        />
        <TextAreaField
          label={t("doctorRequest.message")}
          rows={4}
          maxLength={DOCTOR_REQUEST_LIMITS.messageMax}
          hint={t("doctorRequest.messageHint", { count: values.message.trim().length, max: DOCTOR_REQUEST_LIMITS.messageMax })}
          {...field("message")}
        />
        <div className="doctor-request-terms">
          <CheckboxField
            name="acceptTerms"
            checked={values.acceptTerms}
            aria-invalid={errors.acceptTerms ? true : undefined}
            onChange={(event) => change({ acceptTerms: event.target.checked })}
            label={
              <>
                {t("doctorRequest.acceptTerms")}{" "}
                <Link to="/terms" target="_blank">
                  {t("doctorRequest.termsLink")}
                </Link>
              </>
            }
          />
          {errors.acceptTerms ? (
            <span className="field-error" role="alert">
              {t("doctorRequest.termsRequired")}
            </span>
          ) : null}
        </div>
        <Button type="submit" loading={sending}>
          {sending ? t("doctorRequest.sending") : t("doctorRequest.send")}
        </Button>
      </form>
    </section>
  )
}
