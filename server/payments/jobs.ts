import { and, eq } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import type { PaymentId } from "../../schemas/ids.ts"
import type { Db } from "../db/client.ts"
import { doctors, patients, patientSettings, paymentEvents, payments, users } from "../db/schema.ts"
import type { JobHandler } from "../jobs/worker.ts"
import { noticeLanguageOf } from "../reminders/messages.ts"
import type { NoticeSenders } from "../reminders/send.ts"
import { tellPatient } from "../reminders/patientNotice.ts"
import { PAYMENT_RECONCILE_JOB, PAYMENT_REFUND_JOB } from "./ledger.ts"
import { refundEmail, refundSms } from "./messages.ts"
import { reconcilePayment } from "./notices.ts"
import type { PaymentProvider } from "./provider.ts"

/** The ledger's row of a refund sent: once per payment (the provider's event id is unique). */
const refundEventId = (provider: string, paymentId: PaymentId) => `${provider}:refund:${paymentId}`

/**
 * Sends a REFUNDED payment's money back through its provider, once: the ledger's row of the refund,
 * whose provider event id is unique, says it went. A provider that refuses makes the job fail, so
 * it is retried. Then the patient is told, on the channels they chose for reminders (email when none).
 */
async function sendRefund(db: Db, provider: PaymentProvider, senders: NoticeSenders, origin: string, paymentId: PaymentId, now: Date): Promise<void> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId))
  if (!payment || payment.status !== "REFUNDED") return
  const eventId = refundEventId(provider.name, payment.id)
  const [sent] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.providerEventId, eventId))
  if (sent) return
  const { reference } = await provider.refund({
    paymentId: payment.id,
    providerRef: payment.providerRef,
    amount: payment.amount,
    currency: payment.currency,
    method: payment.method,
  })
  const [refunded] = await db
    .select({ detail: paymentEvents.detail })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.paymentId, payment.id), eq(paymentEvents.toStatus, "REFUNDED")))
    .limit(1)
  await db
    .insert(paymentEvents)
    .values({
      paymentId: payment.id,
      event: "refund.sent",
      fromStatus: "REFUNDED",
      toStatus: "REFUNDED",
      providerEventId: eventId,
      amount: payment.amount,
      detail: { reference },
      at: now,
    })
    .onConflictDoNothing()
  const reason = (refunded?.detail as { refundReason?: "CANCELLED" | "SLOT_GONE" } | null)?.refundReason ?? "CANCELLED"
  await tellRefund(db, senders, origin, payment, reason, now)
}

async function tellRefund(
  db: Db,
  senders: NoticeSenders,
  origin: string,
  payment: typeof payments.$inferSelect,
  reason: "CANCELLED" | "SLOT_GONE",
  now: Date,
): Promise<void> {
  const [row] = await db
    .select({
      email: users.email,
      phone: users.phoneNumber,
      phoneVerifiedAt: users.phoneVerifiedAt,
      emailVerifiedAt: users.emailVerifiedAt,
      methods: patients.preferredNotificationMethods,
      appLanguage: patientSettings.appLanguage,
    })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .leftJoin(patientSettings, eq(patientSettings.patientId, patients.id))
    .where(eq(patients.id, payment.patientId))
  const [doctor] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(eq(doctors.id, payment.doctorId))
  if (!row || !doctor) return
  const lang = noticeLanguageOf(row.appLanguage)
  const facts = {
    amount: payment.amount,
    currency: payment.currency,
    doctor: `Dr ${doctor.firstName} ${doctor.lastName}`,
    reason,
    link: `${origin}/payments/${payment.id}`,
  }
  // As a waitlist offer is told: the channels chosen for reminders, email when none, verified contacts only.
  await tellPatient(db, senders, row, now, { sms: refundSms(lang, facts), email: refundEmail(lang, facts) })
}

/** The payments' jobs (issue 40): refunds sent through the provider, and each payment's reconciliation at its end. */
export function paymentHandlers(provider: PaymentProvider, senders: NoticeSenders, origin: string, limited: boolean): Record<string, JobHandler> {
  return {
    [PAYMENT_REFUND_JOB]: async (job, { db, now }) => {
      await sendRefund(db, provider, senders, origin, job.payload.paymentId as PaymentId, now)
    },
    [PAYMENT_RECONCILE_JOB]: async (job, { db, now }) => {
      await reconcilePayment(db, provider, job.payload.paymentId as PaymentId, { limited, now: Temporal.Instant.fromEpochMilliseconds(now.getTime()) })
    },
  }
}
