import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { and, eq, gte, inArray, sql } from "drizzle-orm"
import type { ServerConfig } from "../config.ts"
import type { Db } from "../db/client.ts"
import { accountMails } from "../db/schema.ts"
import { inTransaction } from "../db/transaction.ts"
import { errorFacts } from "../http/errorLog.ts"
import { scoped } from "../observability/log.ts"
import { countNotice } from "../observability/notices.ts"
import type { AccountMailKind } from "./accountMail.ts"
import { MAIL_FROM, type Mail } from "./contactMail.ts"
import { ACCOUNT_MAIL_JOB, enqueueMailJob } from "./mailJobs.ts"
import type { SendMail } from "./outbox.ts"
import { smtpSender } from "./smtp.ts"
import type { UserId } from "../../schemas/ids.ts"

const log = scoped("email")

/**
 * Without SMTP_URL (the embedded default), mails are written as .eml files to <DATA_DIR>/mail so a
 * developer can open an email change's link; they are never printed, since they carry tokens.
 */
function mailboxSender(dir: string): SendMail {
  return async (mail) => {
    await mkdir(dir, { recursive: true })
    const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${Math.random().toString(36).slice(2, 8)}.eml`
    const eml = [
      `From: ${mail.from}`,
      `To: ${mail.to}`,
      `Reply-To: ${mail.replyTo}`,
      `Subject: ${mail.subject}`,
      "Content-Type: text/plain; charset=utf-8",
      "",
      mail.text,
    ].join("\r\n")
    await writeFile(path.join(dir, name), eml, { mode: 0o600 })
  }
}

/** Where this server's account mails go: SMTP when configured, the local mailbox folder otherwise. */
export const accountMailSender = (config: ServerConfig): SendMail =>
  config.smtpUrl ? smtpSender(config.smtpUrl) : mailboxSender(path.join(config.dataDir, "mail"))

/** Keeps a composed mail in the outbox, attributed to the user it concerns, with the job that sends it if the request's try fails; its id. */
export function enqueueAccountMail(db: Db, kind: AccountMailKind, userId: UserId, mail: Mail): Promise<string> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.insert(accountMails).values({ kind, userId, to: mail.to, subject: mail.subject, text: mail.text }).returning({ id: accountMails.id })
    await enqueueMailJob(tx, ACCOUNT_MAIL_JOB, row!.id)
    return row!.id
  })
}

/** How many mails of these kinds were queued for a user since a moment (a user cannot make us mail a stranger without end). */
export async function countAccountMails(db: Db, userId: UserId, kinds: ReadonlyArray<AccountMailKind>, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accountMails)
    .where(and(eq(accountMails.userId, userId), inArray(accountMails.kind, [...kinds]), gte(accountMails.createdAt, since)))
  return row?.n ?? 0
}

/** Sends queued mails and records each outcome; a failure is kept with its reason, never thrown. Answers how many failed. */
export async function deliverAccountMails(db: Db, ids: ReadonlyArray<string>, send: SendMail, replyTo: string): Promise<number> {
  let failed = 0
  for (const id of ids) {
    const [row] = await db.select().from(accountMails).where(eq(accountMails.id, id))
    if (!row || row.status === "SENT") continue
    const attempts = row.attempts + 1
    try {
      await send({ from: MAIL_FROM, to: row.to, replyTo, subject: row.subject, text: row.text })
      countNotice("EMAIL", "sent")
      // Once sent, the outbox keeps no usable link: a copy of the database must not confirm anything.
      const text = row.text.replace(/([?&]token=)[\w-]+/g, "$1…")
      await db.update(accountMails).set({ status: "SENT", attempts, sentAt: new Date(), lastError: null, text }).where(eq(accountMails.id, id))
    } catch (error) {
      countNotice("EMAIL", "failed")
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500)
      await db.update(accountMails).set({ status: "FAILED", attempts, lastError }).where(eq(accountMails.id, id))
      log.warn({ mail: id, attempt: attempts, error: errorFacts(error).name }, "an account mail was not sent")
      failed++
    }
  }
  return failed
}
