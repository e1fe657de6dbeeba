import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { and, eq, gte, inArray, isNull, sql } from "drizzle-orm"
import type { ServerConfig } from "../config.ts"
import type { Db } from "../db/client.ts"
import { accountMails, users } from "../db/schema.ts"
import { inTransaction } from "../db/transaction.ts"
import { errorFacts } from "../http/errorLog.ts"
import { scoped } from "../observability/log.ts"
import { countNotice } from "../observability/notices.ts"
import { VERIFICATION_MAIL_KINDS, type AccountMailKind } from "./accountMail.ts"
import { reserveNotice } from "../verification/recipientCap.ts"
import { SKIP_REASONS } from "../../schemas/notification.ts"
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

/** Whether an account holds this address without having verified it (issue 38: it then gets nothing but its verification mail). */
async function heldUnverified(db: Db, address: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, address.trim().toLowerCase()), isNull(users.emailVerifiedAt)))
    .limit(1)
  return rows.length > 0
}

/** Why a queued mail is not sent at all: an unverified address (but for its verification mail), or its recipient's hourly cap. */
async function skipReason(db: Db, row: typeof accountMails.$inferSelect): Promise<string | null> {
  if (!VERIFICATION_MAIL_KINDS.includes(row.kind as AccountMailKind) && (await heldUnverified(db, row.to))) return SKIP_REASONS.emailUnverified
  return null
}

/**
 * Sends queued mails and records each outcome; a failure is kept with its reason, never thrown.
 * A mail to an address not verified (other than its verification mail), or past its recipient's
 * hourly cap, is not sent: SKIPPED with the reason. Answers how many failed.
 */
export async function deliverAccountMails(db: Db, ids: ReadonlyArray<string>, send: SendMail, replyTo: string, now: Date = new Date()): Promise<number> {
  let failed = 0
  for (const id of ids) {
    const [row] = await db.select().from(accountMails).where(eq(accountMails.id, id))
    if (!row || row.status === "SENT" || row.status === "SKIPPED") continue
    const attempts = row.attempts + 1
    const reason = await skipReason(db, row)
    const reservation = reason ? null : await reserveNotice(db, row.to, now)
    if (reason || !reservation) {
      countNotice("EMAIL", "skipped")
      await db
        .update(accountMails)
        .set({ status: "SKIPPED", attempts, lastError: reason ?? SKIP_REASONS.recipientCap })
        .where(eq(accountMails.id, id))
      continue
    }
    try {
      await send({ from: MAIL_FROM, to: row.to, replyTo, subject: row.subject, text: row.text }).catch(async (error: unknown) => {
        await reservation.release()
        throw error
      })
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
