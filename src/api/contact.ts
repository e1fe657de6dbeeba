import { CONTACT_SMTP_CONFIG, CONTACT_TEMPLATE, type ContactEmailRequest, type ContactMessage } from "../../schemas/contact.ts"
import { sendContactEmail } from "../../schemas/contracts/contact.ts"
import type { Language } from "../i18n/languages.ts"
import { callApi } from "./client.ts"

/**
 * The contact "cloud email function" (SPEC §7): POST /email/send?lang=… with
 * { data: { template, smtpConfigId, context: { name, email, phone, subject, message } } }; the
 * form's own fields travel in the context too, so the gateway checks the same bounds.
 */
export function sendContactMessage(message: ContactMessage, subject: string, lang: Language) {
  const body: ContactEmailRequest = {
    data: {
      template: CONTACT_TEMPLATE,
      smtpConfigId: CONTACT_SMTP_CONFIG,
      context: { ...message, name: `${message.firstName} ${message.lastName} (${message.role})`, subject },
    },
  }
  return callApi(sendContactEmail, { body, query: { lang } })
}
