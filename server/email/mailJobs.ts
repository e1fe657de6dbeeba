import type { Db } from "../db/client.ts"
import { enqueue } from "../jobs/queue.ts"
import type { JobHandler } from "../jobs/worker.ts"
import { deliverAccountMails } from "./accountOutbox.ts"
import { deliver, type SendMail } from "./outbox.ts"

/**
 * The outboxes on the job queue (issue 13): every stored mail also gets a job, so a mail the
 * request could not send is retried with backoff, and after a restart, instead of waiting for the
 * next message to take it along. The request still tries at once; the job runs only after that
 * try has had its time, and does nothing when the mail went out.
 */
export const CONTACT_MAIL_JOB = "mail.contact"
export const ACCOUNT_MAIL_JOB = "mail.account"

/** How long the request's own try has before the job may send: longer than an SMTP time-out, so the two never send at once. */
export const FIRST_TRY_MS = 3 * 60_000

/** The job that sends this stored mail if the request's own try did not. */
export function enqueueMailJob(db: Db, kind: typeof CONTACT_MAIL_JOB | typeof ACCOUNT_MAIL_JOB, id: string, now: Date = new Date()) {
  return enqueue(db, { kind, payload: { id }, runAt: new Date(now.getTime() + FIRST_TRY_MS), dedupeKey: `${kind}:${id}` })
}

export interface MailJobSenders {
  readonly sendMail: SendMail
  /** Where contact messages go, and the reply-to of account mails. */
  readonly mailTo: string
}

/** A failed send throws, so the job is tried again later; a sent mail is left alone. */
export function mailHandlers(senders: MailJobSenders): Record<string, JobHandler> {
  const idOf = (payload: Record<string, unknown>) => String(payload.id)
  return {
    [CONTACT_MAIL_JOB]: async (job, { db }) => {
      if ((await deliver(db, idOf(job.payload), senders.sendMail, senders.mailTo, { unlessSent: true })) === "FAILED") {
        throw new Error("the contact message was not sent")
      }
    },
    [ACCOUNT_MAIL_JOB]: async (job, { db }) => {
      if ((await deliverAccountMails(db, [idOf(job.payload)], senders.sendMail, senders.mailTo)) > 0) throw new Error("the account mail was not sent")
    },
  }
}
