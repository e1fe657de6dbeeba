import { useHydrated } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import i18next from "i18next"
import { useRef } from "react"
import { useTranslation } from "react-i18next"
import { fromPromise } from "xstate"
import { contactFormMachine, contactMessageOf, type ContactFormValues } from "../../../../machines/contactForm.machine.ts"
import type { ContactMessage } from "../../../../schemas/contact.ts"
import { CONTACT_ROLES } from "../../../../schemas/enums.ts"
import { LIMITS } from "../../../../schemas/fields.ts"
import { sendContactMessage } from "../../../api/contact.ts"
import type { Language } from "../../../i18n/languages.ts"
import { Button } from "../../../ui/Button.tsx"
import { SelectField, TextAreaField, TextField } from "../../../ui/Field.tsx"
import { toast } from "../../../ui/toast/toastStore.ts"
import { failureText } from "../../../errors/failureText.ts"
import { useTypedBeforeHydration } from "../../../ui/useTypedBeforeHydration.ts"
import { useFlowActor } from "../../../dev/useFlowActor.ts"
import "./contact.css"

const machine = contactFormMachine.provide({
  actors: {
    sendMessage: fromPromise(({ input }) => {
      const message = contactMessageOf(input.values) as ContactMessage
      const subject = i18next.t("contact.subject", { name: `${message.firstName} ${message.lastName}` })
      return sendContactMessage(message, subject, i18next.language as Language)
    }),
  },
  actions: {
    notifySent: () => toast.success(i18next.t("contact.sent")),
    notifyFailed: (_, { error }) => toast.error(failureText(i18next.t, error, i18next.t("contact.failed"))),
  },
})

/** The contact form of SPEC §2 and §5, on the home page and on /contact. */
export function ContactForm() {
  const { t } = useTranslation()
  const form = useFlowActor(machine)
  const values = useSelector(form, (s) => s.context.values)
  const errors = useSelector(form, (s) => s.context.errors)
  const sending = useSelector(form, (s) => s.matches("sending"))
  const element = useRef<HTMLFormElement>(null)
  // The home page draws this form on the server and loads its code later (when it comes near the
  // screen). Meanwhile its fields take text, handed to the form when the code arrives, and its
  // button is disabled: sent by the browser itself, the form would put the message in the address.
  const live = useHydrated()
  useTypedBeforeHydration(element, (typed) => {
    const known = Object.entries(typed).filter(([name]) => name in values)
    if (known.length > 0) form.send({ type: "contact.change", values: Object.fromEntries(known) })
  })
  const field = <K extends keyof ContactFormValues>(name: K) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => form.send({ type: "contact.change", values: { [name]: event.target.value } }),
  })
  return (
    <form
      ref={element}
      className="contact-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        form.send({ type: "contact.submit" })
      }}
    >
      <div className="form-grid">
        <TextField label={t("contact.firstName")} required autoComplete="given-name" maxLength={LIMITS.contactFirstNameMax} {...field("firstName")} />
        <TextField label={t("contact.lastName")} required autoComplete="family-name" maxLength={LIMITS.contactLastNameMax} {...field("lastName")} />
        <SelectField
          label={t("contact.role")}
          required
          placeholder={t("contact.rolePlaceholder")}
          options={CONTACT_ROLES.map((role) => ({ value: role, label: t(`contact.roles.${role}`) }))}
          {...field("role")}
          error={errors.role ? "contact.roleRequired" : undefined}
        />
        <TextField label={t("contact.email")} required type="email" autoComplete="email" maxLength={LIMITS.contactEmailMax} {...field("email")} />
        <TextField label={t("contact.phone")} type="tel" autoComplete="tel" maxLength={LIMITS.phoneMax} hint={t("contact.phoneHint")} {...field("phone")} />
      </div>
      <TextAreaField
        label={t("contact.message")}
        required
        rows={5}
        maxLength={LIMITS.contactMessageMax}
        hint={t("contact.messageHint", { count: values.message.trim().length, max: LIMITS.contactMessageMax })}
        {...field("message")}
      />
      <Button type="submit" loading={sending} disabled={!live}>
        {sending ? t("contact.sending") : t("contact.send")}
      </Button>
    </form>
  )
}
