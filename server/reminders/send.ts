import { and, eq, gte } from "drizzle-orm"
import { alias } from "drizzle-orm/pg-core"
import type { Db } from "../db/client.ts"
import { appointments, doctors, healthcareFacilities, noticeSends, notificationLog, patientSettings, patients, users } from "../db/schema.ts"
import { MAIL_FROM } from "../email/contactMail.ts"
import type { SendMail } from "../email/outbox.ts"
import type { ClaimedJob, JobHandler } from "../jobs/worker.ts"
import type { SendSms } from "../sms/sms.ts"
import { countNotice } from "../observability/notices.ts"
import { isDatabaseUnavailable } from "../db/unavailable.ts"
import { SKIP_REASONS } from "../../schemas/notification.ts"
import { reserveNotice } from "../verification/recipientCap.ts"
import { buildEmail, buildSms, noticeLanguageOf, type NoticeFacts, type NoticeKind, type NoticeLanguage } from "./messages.ts"
import { CANCELLATION_JOB, REMINDER_JOB } from "./schedule.ts"
import type { AppointmentId } from "../../schemas/ids.ts"

export interface NoticeSenders {
  readonly sendMail: SendMail
  readonly sendSms: SendSms
  /** Where a patient's reply to a notice goes. */
  readonly replyTo: string
}

type Channel = "SMS" | "EMAIL"
const doctorUsers = alias(users, "doctor_users")

/** Everything a notice needs about an appointment, read when it is sent (never from the job's payload, which may be stale). */
async function readAppointment(db: Db, id: AppointmentId) {
  const [row] = await db
    .select({
      status: appointments.status,
      rescheduleCount: appointments.rescheduleCount,
      at: appointments.appointmentTime,
      timeZone: appointments.timeZone,
      type: appointments.appointmentType,
      location: appointments.location,
      doctorFirstName: doctorUsers.firstName,
      doctorLastName: doctorUsers.lastName,
      facilityName: healthcareFacilities.name,
      facilityAddress: healthcareFacilities.address,
      facilityCity: healthcareFacilities.city,
      email: users.email,
      phone: users.phoneNumber,
      phoneVerifiedAt: users.phoneVerifiedAt,
      emailVerifiedAt: users.emailVerifiedAt,
      methods: patients.preferredNotificationMethods,
      reminders: patientSettings.reminders,
      appointmentNotices: patientSettings.appointments,
      appLanguage: patientSettings.appLanguage,
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(users, eq(users.id, patients.userId))
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .innerJoin(doctorUsers, eq(doctorUsers.id, doctors.userId))
    .leftJoin(healthcareFacilities, eq(healthcareFacilities.id, appointments.facilityId))
    .leftJoin(patientSettings, eq(patientSettings.patientId, patients.id))
    .where(eq(appointments.id, id))
  return row
}
type AppointmentFacts = NonNullable<Awaited<ReturnType<typeof readAppointment>>>

const ONLINE: Record<NoticeLanguage, string> = { fr: "en ligne", en: "online", ar: "عن بعد" }
const HOME: Record<NoticeLanguage, string> = { fr: "à domicile", en: "at home", ar: "في المنزل" }

/** Where it happens: the facility, the patient's address for a home visit, or online. */
function placeOf(lang: NoticeLanguage, row: AppointmentFacts): string {
  if (row.type === "ONLINE") return ONLINE[lang]
  if (row.type === "HOME") return row.location ?? HOME[lang]
  return [row.facilityName, row.facilityAddress, row.facilityCity].filter(Boolean).join(", ")
}

/** Appends to the appointment's notification log, and counts the outcome for the metrics (counted first: it happened, saved or not). */
async function log(
  db: Db,
  appointmentId: AppointmentId,
  kind: NoticeKind,
  channel: Channel,
  status: "sent" | "failed" | "skipped",
  error: string | null = null,
) {
  countNotice(channel, status)
  await saveEntry(db, appointmentId, kind, channel, status, error)
}

async function saveEntry(
  db: Db,
  appointmentId: AppointmentId,
  kind: NoticeKind,
  channel: Channel,
  status: "sent" | "failed" | "skipped",
  error: string | null,
) {
  await db.insert(notificationLog).values({ appointmentId, kind, channel, status, error })
}

/** True when this job already sent on this channel (an earlier attempt of it, before a failure elsewhere or a crash). */
async function sentByThisJob(db: Db, appointmentId: AppointmentId, kind: NoticeKind, channel: Channel, job: ClaimedJob) {
  const rows = await db
    .select({ at: notificationLog.at })
    .from(notificationLog)
    .where(
      and(
        eq(notificationLog.appointmentId, appointmentId),
        eq(notificationLog.kind, kind),
        eq(notificationLog.channel, channel),
        eq(notificationLog.status, "sent"),
        gte(notificationLog.at, job.createdAt),
      ),
    )
    .limit(1)
  return rows.length > 0
}

/** How long a notice already sent keeps trying to say so while the database is out of reach (a restart, a failover). */
export const RECORD_SENT_WAIT_MS = 60_000

/**
 * Saves that a notice went out. It has gone whatever happens next: were its record lost to a
 * database outage, the job would fail and its retry send it again (issue 37 saw SMS sent twice
 * across a failover). So an outage is waited out (backoff up to 2 s, RECORD_SENT_WAIT_MS in all),
 * even when the lease is lost meanwhile: the worker that takes the job next then finds it sent.
 */
async function recordSent(save: () => Promise<void>, saved: () => Promise<boolean>, waitMs = RECORD_SENT_WAIT_MS): Promise<void> {
  const deadline = Date.now() + waitMs
  for (let delay = 100, again = false; ; delay = Math.min(delay * 2, 2_000), again = true) {
    try {
      // A write cut off by the outage may have committed all the same (its answer lost in a crash): asked first, not saved twice.
      if (again && (await saved())) return
      return await save()
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + delay > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, delay))
    }
  }
}

/**
 * Marks that this job begins to send on `channel`; false when an earlier attempt of it already
 * began and never recorded an outcome (it was killed, or lost its lease, while sending). At most
 * once in that one uncertain case: a reminder told twice is what issue 37 forbids.
 */
async function beginSend(db: Db, job: ClaimedJob, channel: Channel): Promise<boolean> {
  const begun = await db.insert(noticeSends).values({ jobId: job.id, channel }).onConflictDoNothing().returning({ jobId: noticeSends.jobId })
  return begun.length > 0
}

/** The channels the patient chose, in a stable order. */
const channelsOf = (methods: ReadonlyArray<string>): Channel[] => (["SMS", "EMAIL"] as const).filter((c) => methods.includes(c))

/**
 * Issue 38: SMS go only to a verified number, mails only to a verified address. A chosen SMS that
 * cannot go (no number, or one never proved) is told by email instead when the address is
 * verified and email was not chosen already. Each channel comes with why it may not be used.
 */
export function deliverableChannels(
  chosen: ReadonlyArray<Channel>,
  contact: { readonly phone: string | null; readonly phoneVerified: boolean; readonly emailVerified: boolean },
): Array<{ channel: Channel; skip: string | null }> {
  const out: Array<{ channel: Channel; skip: string | null }> = []
  for (const channel of chosen) {
    if (channel === "EMAIL") out.push({ channel, skip: contact.emailVerified ? null : SKIP_REASONS.emailUnverified })
    else if (!contact.phone) out.push({ channel, skip: SKIP_REASONS.noPhone })
    else out.push({ channel, skip: contact.phoneVerified ? null : SKIP_REASONS.phoneUnverified })
  }
  const smsBlocked = out.some((c) => c.channel === "SMS" && c.skip !== null)
  if (smsBlocked && !chosen.includes("EMAIL") && contact.emailVerified) out.push({ channel: "EMAIL", skip: null })
  return out
}

/**
 * Sends a notice on each chosen channel and logs each outcome. A failed channel makes the job
 * fail, so it is retried; a channel already sent by this job is not sent twice.
 */
async function sendNotice(
  db: Db,
  senders: NoticeSenders,
  job: ClaimedJob,
  { signal, now }: { signal: AbortSignal; now: Date },
  appointmentId: AppointmentId,
  row: AppointmentFacts,
  kind: NoticeKind,
  allowed: boolean,
) {
  const channels = channelsOf(row.methods)
  if (!allowed || channels.length === 0) {
    for (const channel of channels.length ? channels : (["EMAIL"] as const)) {
      await log(db, appointmentId, kind, channel, "skipped", allowed ? SKIP_REASONS.noChannel : SKIP_REASONS.remindersOff)
    }
    return
  }
  const lang = noticeLanguageOf(row.appLanguage)
  const facts: NoticeFacts = { at: row.at, timeZone: row.timeZone, doctor: `Dr ${row.doctorFirstName} ${row.doctorLastName}`, place: placeOf(lang, row) }
  const failures: string[] = []
  const contact = { phone: row.phone, phoneVerified: row.phoneVerifiedAt !== null, emailVerified: row.emailVerifiedAt !== null }
  for (const { channel, skip } of deliverableChannels(channels, contact)) {
    if (await sentByThisJob(db, appointmentId, kind, channel, job)) continue
    if (skip) {
      await log(db, appointmentId, kind, channel, "skipped", skip)
      continue
    }
    const to = channel === "SMS" ? row.phone! : row.email
    // No longer this worker's job (its lease lapsed, or shutdown handed it back): whoever has it sends.
    signal.throwIfAborted()
    // Issue 38: the recipient's notices of the hour, whatever their cause.
    const reservation = await reserveNotice(db, to, now)
    if (!reservation) {
      await log(db, appointmentId, kind, channel, "skipped", SKIP_REASONS.recipientCap)
      continue
    }
    if (!(await beginSend(db, job, channel))) {
      await reservation.release()
      // An earlier attempt of this job was cut off while sending: it may have gone, so it is not sent twice.
      await log(db, appointmentId, kind, channel, "skipped", SKIP_REASONS.interrupted)
      continue
    }
    try {
      if (channel === "SMS") await senders.sendSms({ to, text: buildSms(lang, kind, facts) })
      else await senders.sendMail({ from: MAIL_FROM, to, replyTo: senders.replyTo, ...buildEmail(lang, kind, facts) })
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500)
      await reservation.release()
      // Refused by the provider: nothing went, so the job's retry may send.
      await db.delete(noticeSends).where(and(eq(noticeSends.jobId, job.id), eq(noticeSends.channel, channel)))
      await log(db, appointmentId, kind, channel, "failed", message)
      failures.push(`${channel}: ${message}`)
      continue
    }
    countNotice(channel, "sent")
    await recordSent(
      () => saveEntry(db, appointmentId, kind, channel, "sent", null),
      () => sentByThisJob(db, appointmentId, kind, channel, job),
    )
  }
  if (failures.length > 0) throw new Error(failures.join("; "))
}

/** The handlers of the reminder jobs, sending through these senders. */
export function reminderHandlers(senders: NoticeSenders): Record<string, JobHandler> {
  return {
    [REMINDER_JOB]: async (job, { db, signal, now }) => {
      const { appointmentId, rescheduleCount, before } = job.payload as { appointmentId: AppointmentId; rescheduleCount: number; before: "24h" | "2h" }
      const row = await readAppointment(db, appointmentId)
      // Moved or cancelled since it was enqueued: the job is stale and does nothing.
      if (!row || row.status !== "CONFIRMED" || row.rescheduleCount !== rescheduleCount) return
      await sendNotice(db, senders, job, { signal, now }, appointmentId, row, before === "24h" ? "REMINDER_24H" : "REMINDER_2H", row.reminders ?? false)
    },
    [CANCELLATION_JOB]: async (job, { db, signal, now }) => {
      const { appointmentId } = job.payload as { appointmentId: AppointmentId }
      const row = await readAppointment(db, appointmentId)
      if (!row || row.status !== "CANCELED") return
      // A cancellation is news about the appointment, not a reminder: the "appointments" setting governs it.
      await sendNotice(db, senders, job, { signal, now }, appointmentId, row, "CANCELLATION", row.appointmentNotices ?? true)
    },
  }
}
