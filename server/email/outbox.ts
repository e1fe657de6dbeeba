import { eq } from "drizzle-orm"
import type { ContactEmailContext } from "../../schemas/contact.ts"
import type { Db } from "../db/client.ts"
import { contactMessages } from "../db/schema.ts"
import { inTransaction } from "../db/transaction.ts"
import { CONTACT_MAIL_JOB, enqueueMailJob } from "./mailJobs.ts"
import { composeContactMail, type Mail, type MailLanguage } from "./contactMail.ts"
import { errorFacts } from "../http/errorLog.ts"
import { scoped } from "../observability/log.ts"
import { countNotice } from "../observability/notices.ts"

const log = scoped("email")

/** The SMTP reply code of a refused send (550, 421…), when the mailer gives one. */
const smtpCodeOf = (error: unknown) => {
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown }
  const reply = responseCode ?? code
  return typeof reply === "string" || typeof reply === "number" ? String(reply) : ""
}

export type SendMail = (mail: Mail) => Promise<void>
export type OutboxStatus = "QUEUED" | "SENT" | "FAILED"

/** Stores a contact message in the outbox (every message is kept, sent or not), with the job that sends it if the request's try does not. */
export function enqueueContactMessage(db: Db, context: ContactEmailContext, lang: MailLanguage, template: string): Promise<string> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        firstName: context.firstName.trim(),
        lastName: context.lastName.trim(),
        role: context.role,
        email: context.email.trim(),
        phone: context.phone?.trim() || null,
        subject: context.subject.trim(),
        message: context.message.trim(),
        lang,
        template,
      })
      .returning({ id: contactMessages.id })
    if (!row) throw new Error("the outbox insert returned nothing")
    await enqueueMailJob(tx, CONTACT_MAIL_JOB, row.id)
    return row.id
  })
}

/** Sends one stored message and records the outcome (SENT, or FAILED with the error); `unlessSent` leaves a sent one alone. */
export async function deliver(db: Db, id: string, send: SendMail, to: string, options: { unlessSent?: boolean } = {}): Promise<OutboxStatus> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id))
  if (!row) throw new Error(`no outbox message ${id}`)
  if (options.unlessSent && row.status === "SENT") return "SENT"
  const attempts = row.attempts + 1
  try {
    await send(composeContactMail(row, to))
    countNotice("EMAIL", "sent")
    await db.update(contactMessages).set({ status: "SENT", attempts, sentAt: new Date(), lastError: null }).where(eq(contactMessages.id, id))
    return "SENT"
  } catch (error) {
    countNotice("EMAIL", "failed")
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500)
    await db.update(contactMessages).set({ status: "FAILED", attempts, lastError }).where(eq(contactMessages.id, id))
    // The SMTP server's words stay in the outbox row; the log gets the kind and code, no addresses.
    log.warn(
      { contactMessage: id, attempt: attempts, error: errorFacts(error).name, smtpCode: smtpCodeOf(error) || undefined },
      "a contact message was not sent",
    )
    return "FAILED"
  }
}
