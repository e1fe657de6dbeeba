import { Hono } from "hono"
import type { EmailFunctionResponse } from "../../schemas/contact.ts"
import * as contact from "../../schemas/contracts/contact.ts"
import { deliver, enqueueContactMessage } from "../email/outbox.ts"
import { smtpSender } from "../email/smtp.ts"
import { addressLimiter } from "../http/clientAddress.ts"
import type { AppEnv } from "../http/context.ts"
import { ApiError } from "../http/errors.ts"
import { route } from "../http/contract.ts"

/** Messages one address may send per window: enough for a person, not for a spam script. */
const PER_ADDRESS = 10
const WINDOW_MS = 10 * 60_000

/**
 * The contact "cloud email function" (issue 3): POST /email/send?lang=fr|en|ar with SPEC §7's
 * body `{ data: { template: "contact-form", smtpConfigId, context } }`. Every message is stored in
 * the outbox (contact_messages) with a job; with SMTP_URL set it is sent at once and marked SENT or
 * FAILED, and the job sends what was not sent, with backoff. Answers `{ id, status: "SENT" | "QUEUED" }`.
 */
export function contactRoutes() {
  const app = new Hono<AppEnv>()
  const allow = addressLimiter(PER_ADDRESS, WINDOW_MS)

  route(app, contact.sendContactEmail, {
    handle: async ({ c, query: { lang }, body }) => {
      if (!allow(c)) {
        throw new ApiError("BUSINESS_ERROR", "Too many messages from this address, try again later", undefined, 429)
      }
      const { db, config } = c.get("deps")
      const id = await enqueueContactMessage(db, body.data.context, lang ?? "fr", body.data.template)
      let status: EmailFunctionResponse["status"] = "QUEUED"
      if (config.smtpUrl) {
        const send = smtpSender(config.smtpUrl)
        // A failure is tried again by the message's job (server/email/mailJobs.ts).
        if ((await deliver(db, id, send, config.mailTo)) === "SENT") status = "SENT"
      }
      return { id, status }
    },
  })

  return app
}
