import { ContactEmailRequest, EmailFunctionResponse, EmailLangQuery } from "../contact.ts"
import { endpoint } from "../contract.ts"

/*
 * The contact "cloud email function" (SPEC §7, issue 3). Handler: server/routes/contact.ts;
 * client: src/api/contact.ts.
 */

/** Stores the message and sends it when SMTP is set; too many from one address: BUSINESS_ERROR (429). */
export const sendContactEmail = endpoint({
  method: "POST",
  path: "/email/send",
  query: EmailLangQuery,
  body: ContactEmailRequest,
  response: EmailFunctionResponse,
  access: "public",
  errors: ["BUSINESS_ERROR"],
})
