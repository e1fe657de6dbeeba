import * as Schema from "effect/Schema"
import { ContactRole } from "./enums.ts"
import { boundedLine, Email, Line, LIMITS, MultilineText } from "./fields.ts"

const bounded = (base: typeof Line, min: number, max: number, key: string) =>
  base.check(
    Schema.makeFilter((s: string) => s.trim().length > 0, { message: `validation.${key}Required` }),
    Schema.makeFilter((s: string) => s.trim().length >= min, { message: `validation.${key}Min` }),
    Schema.makeFilter((s: string) => s.trim().length <= max, { message: `validation.${key}Max` }),
  )

/** The contact form of SPEC §5. */
export const ContactMessage = Schema.Struct({
  firstName: bounded(Line, LIMITS.contactFirstNameMin, LIMITS.contactFirstNameMax, "contactFirstName"),
  lastName: bounded(Line, LIMITS.contactLastNameMin, LIMITS.contactLastNameMax, "contactLastName"),
  role: ContactRole,
  email: Email.check(
    Schema.isMinLength(LIMITS.contactEmailMin, { message: "validation.emailInvalid" }),
    Schema.isMaxLength(LIMITS.contactEmailMax, { message: "validation.emailInvalid" }),
  ),
  phone: Schema.optionalKey(
    Line.check(
      Schema.isMaxLength(LIMITS.phoneMax, { message: "validation.phoneInvalid" }),
      Schema.isPattern(/^(\+[1-9][0-9]{6,14})?$/, { message: "validation.phoneInvalid" }),
    ),
  ),
  message: bounded(MultilineText, LIMITS.contactMessageMin, LIMITS.contactMessageMax, "contactMessage"),
})
export type ContactMessage = typeof ContactMessage.Type

/** Body of the email function (SPEC §7): data {template, smtpConfigId, context {...}}. */
export const EmailFunctionRequest = Schema.Struct({
  data: Schema.Struct({
    template: Schema.String.check(Schema.isMaxLength(100)),
    smtpConfigId: Schema.String.check(Schema.isMaxLength(100)),
    context: Schema.Struct({
      name: Schema.String.check(Schema.isMaxLength(200)),
      email: Schema.String.check(Schema.isMaxLength(LIMITS.contactEmailMax)),
      phone: Schema.optionalKey(Schema.NullOr(Schema.String.check(Schema.isMaxLength(LIMITS.phoneMax)))),
      subject: Schema.String.check(Schema.isMaxLength(200)),
      message: Schema.String.check(Schema.isMaxLength(LIMITS.contactMessageMax)),
    }),
  }),
})
export type EmailFunctionRequest = typeof EmailFunctionRequest.Type

export const EmailFunctionResponse = Schema.Struct({ id: Schema.String, status: Schema.Literals(["QUEUED", "SENT"]) })

/** Template and SMTP configuration names the contact form sends with (SPEC §7). */
export const CONTACT_TEMPLATE = "contact-form"
export const CONTACT_SMTP_CONFIG = "default"

/**
 * The context of a contact email: SPEC §7's name, email, phone, subject and message, plus the
 * form's own fields so the gateway re-checks the same bounds as the form (SPEC §5).
 */
export const ContactEmailContext = Schema.Struct({
  ...ContactMessage.fields,
  name: boundedLine(200),
  subject: boundedLine(200),
})
export type ContactEmailContext = typeof ContactEmailContext.Type

/** POST /email/send?lang=…: the email function's body carrying a contact message. */
export const ContactEmailRequest = Schema.Struct({
  data: Schema.Struct({
    template: Schema.Literals([CONTACT_TEMPLATE]),
    smtpConfigId: boundedLine(100),
    context: ContactEmailContext,
  }),
})
export type ContactEmailRequest = typeof ContactEmailRequest.Type

export const EmailLangQuery = Schema.Struct({ lang: Schema.optionalKey(Schema.Literals(["fr", "en", "ar"])) })
export type EmailFunctionResponse = typeof EmailFunctionResponse.Type
