import { and, asc, eq, lt } from "drizzle-orm"
import type { ContactEmailContext } from "../../schemas/contact.ts"
import type { Db } from "../db/client.ts"
import { contactMessages } from "../db/schema.ts"
import { composeContactMail, type Mail, type MailLanguage } from "./contactMail.ts"
import { errorFacts } from "../http/errorLog.ts"

/** The SMTP reply code of a refused send (550, 421…), when the mailer gives one. */
const smtpCodeOf = (error: unknown) => {
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown }
  const reply = responseCode ?? code
  return typeof reply === "string" || typeof reply === "number" ? String(reply) : ""
}

export type SendMail = (mail: Mail) => Promise<void>
export type OutboxStatus = "QUEUED" | "SENT" | "FAILED"

/** A failed message is tried again with the next messages, this many times in all. */
export const MAX_ATTEMPTS = 3

/** Stores a contact message in the outbox (every message is kept, sent or not). */
export async function enqueueContactMessage(db: Db, context: ContactEmailContext, lang: MailLanguage, template: string): Promise<string> {
  const [row] = await db
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
  return row.id
}

/** Sends one stored message and records the outcome (SENT, or FAILED with the error). */
export async function deliver(db: Db, id: string, send: SendMail, to: string): Promise<OutboxStatus> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id))
  if (!row) throw new Error(`no outbox message ${id}`)
  const attempts = row.attempts + 1
  try {
    await send(composeContactMail(row, to))
    await db.update(contactMessages).set({ status: "SENT", attempts, sentAt: new Date(), lastError: null }).where(eq(contactMessages.id, id))
    return "SENT"
  } catch (error) {
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500)
    await db.update(contactMessages).set({ status: "FAILED", attempts, lastError }).where(eq(contactMessages.id, id))
    // The SMTP server's words stay in the outbox row; the log gets the kind and code, no addresses.
    console.warn(`[email] contact message ${id} not sent (attempt ${attempts}): ${errorFacts(error).name} ${smtpCodeOf(error)}`)
    return "FAILED"
  }
}

/** Tries the earlier failures again (oldest first), until each has had MAX_ATTEMPTS. */
export async function retryFailed(db: Db, send: SendMail, to: string): Promise<void> {
  const failed = await db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(and(eq(contactMessages.status, "FAILED"), lt(contactMessages.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(contactMessages.createdAt))
    .limit(20)
  for (const { id } of failed) await deliver(db, id, send, to)
}
