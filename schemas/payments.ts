import * as Schema from "effect/Schema"
import { AppointmentId, DependantId, DoctorId, PaymentId, TimeSlotId, uuid } from "./ids.ts"

/*
 * Deposits paid by mobile money or card to book (issue 40). Amounts are whole FCFA, integers
 * everywhere; the gateway computes them from the doctor's settings, never from the client.
 * Contracts: schemas/contracts/payments.ts.
 */

/** Who pays a deposit to book a doctor: nobody, a patient with an earlier no-show, everyone. */
export const DepositFor = Schema.Literals(["NONE", "AFTER_NO_SHOW", "ALL"])
export type DepositFor = typeof DepositFor.Type

/** Both print as "FCFA" but are two currencies: XOF for a facility in Senegal, XAF in Chad. */
export const Currency = Schema.Literals(["XOF", "XAF"])
export type Currency = typeof Currency.Type

/** A payment's states (machines/payment.machine.ts): PENDING → PAID → REFUNDED or KEPT; PENDING → FAILED or EXPIRED. */
export const PaymentStatus = Schema.Literals(["PENDING", "PAID", "FAILED", "EXPIRED", "REFUNDED", "KEPT"])
export type PaymentStatus = typeof PaymentStatus.Type

/** How the patient paid, as the provider tells it (Senegal: Wave, Orange Money, Free Money, card; Chad: Airtel, Moov). */
export const PaymentMethod = Schema.Literals(["WAVE", "ORANGE_MONEY", "FREE_MONEY", "CARD", "AIRTEL_MONEY", "MOOV_MONEY"])
export type PaymentMethod = typeof PaymentMethod.Type

/** A payment as its payer and the doctor read it; instants are ISO (UTC). */
export const Payment = Schema.Struct({
  id: PaymentId,
  status: PaymentStatus,
  amount: Schema.Int,
  currency: Currency,
  /** Known once the provider says how the patient paid. */
  method: Schema.NullOr(PaymentMethod),
  /** The provider's page the browser goes to. */
  checkoutUrl: Schema.String,
  /** The payment's end, and the slot hold's, PAYMENT_LIFE_MINUTES after its creation. */
  expiresAt: Schema.String,
  /** Set once PAID: the appointment made in the same transaction. */
  appointmentId: Schema.NullOr(AppointmentId),
  doctorId: DoctorId,
  timeSlotId: TimeSlotId,
  /** "PM-2026-000123", set when PAID. */
  receiptNumber: Schema.NullOr(Schema.String),
  createdAt: Schema.String,
  paidAt: Schema.NullOr(Schema.String),
  refundedAt: Schema.NullOr(Schema.String),
})
export type Payment = typeof Payment.Type

/** Why a deposit is asked: the doctor asks it of all, or of a patient with an earlier no-show. */
export const DepositReason = Schema.Literals(["ALL", "AFTER_NO_SHOW"])
export type DepositReason = typeof DepositReason.Type

/** GET /payments/quote: the deposit a booking owes, or null when it owes none. */
export const DepositQuote = Schema.Struct({
  deposit: Schema.NullOr(Schema.Struct({ amount: Schema.Int, currency: Currency, reason: DepositReason })),
})
export type DepositQuote = typeof DepositQuote.Type

/** GET /payments/quote's query: the booking the patient is about to make. */
export const DepositQuoteQuery = Schema.Struct({
  doctorId: uuid(DoctorId),
  timeSlotId: uuid(TimeSlotId),
  dependantId: Schema.optionalKey(uuid(DependantId)),
})

/** A numbered receipt (printable), once the deposit is PAID (and after, REFUNDED or KEPT). */
export const Receipt = Schema.Struct({
  number: Schema.String,
  paymentId: PaymentId,
  patientName: Schema.String,
  doctorName: Schema.String,
  facilityName: Schema.String,
  facilityAddress: Schema.String,
  amount: Schema.Int,
  currency: Currency,
  method: PaymentMethod,
  paidAt: Schema.String,
  status: PaymentStatus,
  refundedAt: Schema.NullOr(Schema.String),
})
export type Receipt = typeof Receipt.Type

/** GET /appointments/{id}/payment: the deposit paid for an appointment, or null. */
export const AppointmentPayment = Schema.Struct({ payment: Schema.NullOr(Payment) })
export type AppointmentPayment = typeof AppointmentPayment.Type

/** One line of the doctor's payments page: the payment, whose patient, for when; not its checkout. */
export const DoctorPaymentRow = Payment.mapFields(({ checkoutUrl: _c, expiresAt: _e, doctorId: _d, timeSlotId: _t, ...rest }) => ({
  ...rest,
  patientName: Schema.String,
  appointmentTime: Schema.String,
}))
export type DoctorPaymentRow = typeof DoctorPaymentRow.Type

/** A month's totals per currency: what was paid, refunded and kept, in whole FCFA, and how many payments. */
export const PaymentMonth = Schema.Struct({
  /** "YYYY-MM". */
  month: Schema.String,
  currency: Currency,
  paid: Schema.Int,
  refunded: Schema.Int,
  kept: Schema.Int,
  count: Schema.Int,
})
export type PaymentMonth = typeof PaymentMonth.Type

/** GET /doctors/{id}/payments: the doctor's payments, newest first, and the totals by month. */
export const DoctorPayments = Schema.Struct({ payments: Schema.Array(DoctorPaymentRow), months: Schema.Array(PaymentMonth) })
export type DoctorPayments = typeof DoctorPayments.Type
