import { aliasedTable, and, desc, eq, ne, sql } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import type { CreateAppointmentRequest } from "../../schemas/appointment.ts"
import type { AppointmentId, DoctorId, PaymentId } from "../../schemas/ids.ts"
import { PAYMENT_LIFE_MINUTES } from "../../schemas/limits.ts"
import type { DoctorPaymentRow, DoctorPayments, Payment, PaymentMonth, Receipt } from "../../schemas/payments.ts"
import type { Db } from "../db/client.ts"
import { appointments, dependants, doctors, healthcareFacilities, patients, paymentEvents, payments, timeSlots, users } from "../db/schema.ts"
import { toUtcSeconds } from "../db/time.ts"
import { ApiError } from "../http/errors.ts"
import { enqueue } from "../jobs/queue.ts"
import { checkBooking, type BookingRequest } from "../repositories/appointmentBooking.ts"
import { shortWhen } from "../reminders/messages.ts"
import { liveOffersOfSlot } from "../waitlist/offers.ts"
import { depositOwed } from "./deposits.ts"
import { PAYMENT_RECONCILE_JOB, type PaymentRow } from "./ledger.ts"
import type { PaymentProvider } from "./provider.ts"

const doctorUsers = aliasedTable(users, "doctor_users")
const patientUsers = aliasedTable(users, "patient_users")

const iso = (d: Date | null) => (d ? toUtcSeconds(d) : null)

/** A payment as its payer and its doctor read it. */
export const toPayment = (row: PaymentRow): Payment => ({
  id: row.id,
  status: row.status,
  amount: row.amount,
  currency: row.currency,
  method: row.method,
  checkoutUrl: row.checkoutUrl,
  expiresAt: toUtcSeconds(row.expiresAt),
  appointmentId: row.appointmentId,
  doctorId: row.doctorId,
  timeSlotId: row.timeSlotId,
  receiptNumber: row.receiptNumber,
  createdAt: toUtcSeconds(row.createdAt),
  paidAt: iso(row.paidAt),
  refundedAt: iso(row.refundedAt),
})

/** The booking a payment was made for, as the booking code takes it: the payer books, as a patient. */
export function bookingOf(payment: PaymentRow, limited: boolean): BookingRequest {
  const request = payment.booking as CreateAppointmentRequest
  return {
    doctorId: request.doctorId,
    patientId: request.patientId,
    dependantId: request.dependantId ?? null,
    timeSlotId: request.timeSlotId,
    appointmentTime: request.appointmentTime,
    appointmentType: request.appointmentType,
    reason: request.reason,
    bookedBy: payment.payerId,
    byPatient: true,
    limited,
    depositPaid: true,
  }
}

export interface NewPayment {
  readonly request: CreateAppointmentRequest
  readonly booking: BookingRequest
  readonly provider: PaymentProvider
  /** Where the app is served: the browser's way back, and the provider's notices. */
  readonly origin: string
}

/**
 * POST /payments (issue 40): every check of POST /appointments, then the deposit the booking owes
 * (the server's amount and currency, never the client's), the slot held for the payer until the
 * payment's end (the payer's other hold let go, as a new hold does), the provider's checkout
 * opened, and the reconciliation asked for at the end, all in the caller's transaction: the
 * provider is called inside it, so a refused checkout leaves no payment and no hold.
 */
export async function createPayment(tx: Db, input: NewPayment, now: Temporal.Instant = Temporal.Now.instant()): Promise<Payment> {
  const { slot } = await checkBooking(tx, input.booking, now)
  const deposit = await depositOwed(tx, input.booking, slot)
  if (!deposit) {
    throw new ApiError("BUSINESS_ERROR", "This booking owes no deposit: book it with POST /appointments", [
      { name: "doctorId", message: "validation.depositNotRequired" },
    ])
  }
  const expiresAt = new Date(Math.floor(now.epochMilliseconds / 1000) * 1000 + PAYMENT_LIFE_MINUTES * 60_000)
  // One hold per user, as a new hold has it (a waitlist offer's slot stays held: issue 14).
  await tx
    .update(timeSlots)
    .set({ heldBy: null, heldUntil: null })
    .where(and(eq(timeSlots.heldBy, input.booking.bookedBy), ne(timeSlots.id, slot.id), sql`NOT EXISTS (${liveOffersOfSlot(timeSlots.id)})`))
  await tx.update(timeSlots).set({ heldBy: input.booking.bookedBy, heldUntil: expiresAt }).where(eq(timeSlots.id, slot.id))
  const [created] = await tx
    .insert(payments)
    .values({
      payerId: input.booking.bookedBy,
      patientId: input.booking.patientId,
      doctorId: input.booking.doctorId,
      timeSlotId: slot.id,
      amount: deposit.amount,
      currency: deposit.currency,
      provider: input.provider.name,
      checkoutUrl: "",
      booking: input.request,
      expiresAt,
      createdAt: new Date(now.epochMilliseconds),
    })
    .returning()
  const [doctor] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(eq(doctors.id, input.booking.doctorId))
  const checkout = await input.provider.createCheckout({
    paymentId: created!.id,
    amount: deposit.amount,
    currency: deposit.currency,
    description: `Promed – acompte, Dr ${doctor?.firstName ?? ""} ${doctor?.lastName ?? ""}, ${shortWhen(slot.startsAt, slot.timeZone)}`,
    returnUrl: `${input.origin}/payments/${created!.id}`,
    callbackUrl: `${input.origin}/api/v1/payments/webhooks/${input.provider.name}`,
  })
  const [payment] = await tx
    .update(payments)
    .set({ checkoutUrl: checkout.checkoutUrl, providerRef: checkout.providerRef })
    .where(eq(payments.id, created!.id))
    .returning()
  await tx.insert(paymentEvents).values({
    paymentId: payment!.id,
    event: "payment.create",
    fromStatus: null,
    toStatus: "PENDING",
    amount: payment!.amount,
    detail: { reason: deposit.reason, providerRef: checkout.providerRef },
    at: new Date(now.epochMilliseconds),
  })
  await enqueue(tx, {
    kind: PAYMENT_RECONCILE_JOB,
    payload: { paymentId: payment!.id },
    runAt: expiresAt,
    dedupeKey: `${PAYMENT_RECONCILE_JOB}:${payment!.id}`,
  })
  return toPayment(payment!)
}

export async function findPayment(db: Db, id: PaymentId): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id))
  return row
}

/** The appointment's deposit: the one that booked it (a refused or expired payment never has an appointment). */
export async function paymentOfAppointment(db: Db, appointmentId: AppointmentId): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.appointmentId, appointmentId)).orderBy(desc(payments.createdAt)).limit(1)
  return row
}

/** The receipt: once money came (PAID, and after it REFUNDED or KEPT); before, BUSINESS_ERROR. */
export async function receiptOf(db: Db, payment: PaymentRow): Promise<Receipt> {
  if (!payment.receiptNumber || !payment.paidAt || !payment.method) throw new ApiError("BUSINESS_ERROR", "A receipt comes once the deposit is paid")
  const [row] = await db
    .select({
      patientFirstName: patientUsers.firstName,
      patientLastName: patientUsers.lastName,
      doctorFirstName: doctorUsers.firstName,
      doctorLastName: doctorUsers.lastName,
      facilityName: healthcareFacilities.name,
      facilityAddress: healthcareFacilities.address,
      facilityCity: healthcareFacilities.city,
    })
    .from(payments)
    .innerJoin(patients, eq(patients.id, payments.patientId))
    .innerJoin(patientUsers, eq(patientUsers.id, patients.userId))
    .innerJoin(doctors, eq(doctors.id, payments.doctorId))
    .innerJoin(doctorUsers, eq(doctorUsers.id, doctors.userId))
    .innerJoin(timeSlots, eq(timeSlots.id, payments.timeSlotId))
    .leftJoin(healthcareFacilities, eq(healthcareFacilities.id, timeSlots.facilityId))
    .where(eq(payments.id, payment.id))
  return {
    number: payment.receiptNumber,
    paymentId: payment.id,
    patientName: `${row!.patientFirstName} ${row!.patientLastName}`,
    doctorName: `Dr ${row!.doctorFirstName} ${row!.doctorLastName}`,
    facilityName: row!.facilityName ?? "",
    facilityAddress: row!.facilityAddress ? `${row!.facilityAddress}, ${row!.facilityCity}` : "",
    amount: payment.amount,
    currency: payment.currency,
    method: payment.method,
    paidAt: toUtcSeconds(payment.paidAt),
    status: payment.status,
    refundedAt: iso(payment.refundedAt),
  }
}

/**
 * The doctor's payments page: each payment newest first (the person seen: the dependant when the
 * booking was for one), and per month (of its creation, UTC) and currency what was paid, refunded
 * and kept. A payment that never came (FAILED, EXPIRED) counts in none of the sums, only in `count`.
 */
export async function doctorPayments(db: Db, doctorId: DoctorId): Promise<DoctorPayments> {
  const rows = await db
    .select({
      payment: payments,
      firstName: users.firstName,
      lastName: users.lastName,
      dependantFirstName: dependants.firstName,
      dependantLastName: dependants.lastName,
      slotStartsAt: timeSlots.startsAt,
      appointmentTime: appointments.appointmentTime,
    })
    .from(payments)
    .innerJoin(patients, eq(patients.id, payments.patientId))
    .innerJoin(users, eq(users.id, patients.userId))
    .innerJoin(timeSlots, eq(timeSlots.id, payments.timeSlotId))
    .leftJoin(appointments, eq(appointments.id, payments.appointmentId))
    .leftJoin(dependants, eq(dependants.id, appointments.dependantId))
    .where(eq(payments.doctorId, doctorId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(2000)
  const list: DoctorPaymentRow[] = rows.map((r) => {
    const { checkoutUrl: _c, expiresAt: _e, doctorId: _d, timeSlotId: _t, ...rest } = toPayment(r.payment)
    return {
      ...rest,
      patientName: r.dependantFirstName ? `${r.dependantFirstName} ${r.dependantLastName}` : `${r.firstName} ${r.lastName}`,
      appointmentTime: toUtcSeconds(r.appointmentTime ?? r.slotStartsAt),
    }
  })
  const months = new Map<string, { -readonly [K in keyof PaymentMonth]: PaymentMonth[K] }>()
  for (const { payment } of rows) {
    const month = toUtcSeconds(payment.createdAt).slice(0, 7)
    const key = `${month} ${payment.currency}`
    const total = months.get(key) ?? { month, currency: payment.currency, paid: 0, refunded: 0, kept: 0, count: 0 }
    total.count++
    if (payment.paidAt) total.paid += payment.amount
    if (payment.status === "REFUNDED") total.refunded += payment.amount
    if (payment.status === "KEPT") total.kept += payment.amount
    months.set(key, total)
  }
  return { payments: list, months: [...months.values()] }
}

const CSV_COLUMNS = [
  "id",
  "status",
  "amount",
  "currency",
  "method",
  "patientName",
  "appointmentId",
  "appointmentTime",
  "createdAt",
  "paidAt",
  "refundedAt",
  "receiptNumber",
] as const satisfies ReadonlyArray<keyof DoctorPaymentRow>

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; a leading =, +, - or @ is defused for spreadsheets. */
function csvField(value: string | number | null): string {
  if (value === null) return ""
  const text = String(value)
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** The payments page's rows as CSV: a header line, then one line per payment, CRLF-separated. */
export function paymentsCsv(rows: ReadonlyArray<DoctorPaymentRow>): string {
  const lines = [CSV_COLUMNS.join(","), ...rows.map((row) => CSV_COLUMNS.map((column) => csvField(row[column])).join(","))]
  return `${lines.join("\r\n")}\r\n`
}
