import * as Schema from "effect/Schema"
import { Appointment, CreateAppointmentRequest } from "../appointment.ts"
import { endpoint } from "../contract.ts"
import { BOOKING_ERRORS } from "./appointments.ts"
import { AppointmentId, DoctorId, PaymentId, uuid } from "../ids.ts"
import { AppointmentPayment, DepositQuote, DepositQuoteQuery, DoctorPayments, Payment, Receipt } from "../payments.ts"
import { OkResponse } from "../session.ts"

/*
 * Deposits (issue 40). Handlers: server/routes/payments.ts. A payment is read by its payer and by
 * its doctor (FORBIDDEN_ACTION for anyone else, as appointments are); amounts and currencies are
 * the gateway's, never the client's. The provider's page (the sandbox's, /sandbox/checkout/:id) is
 * not under /api/v1: it is the provider's, server-rendered.
 */

/** The deposit a booking would owe: from the doctor's settings and the patient's earlier no-shows; the currency from the slot's facility. */
export const quoteDeposit = endpoint({
  method: "GET",
  path: "/payments/quote",
  query: DepositQuoteQuery,
  response: DepositQuote,
  access: ["PATIENT"],
  errors: ["TIME_SLOT_NOT_FOUND", "FORBIDDEN_ACTION"],
})

/**
 * Starts paying a booking's deposit: the body is POST /appointments' very request, with an
 * `Idempotency-Key` as there, every booking check applies, and the slot is held for the payer until the payment's end (PENDING, no
 * appointment yet). The appointment is made when the provider tells the payment PAID.
 */
export const createPayment = endpoint({
  method: "POST",
  path: "/payments",
  body: CreateAppointmentRequest,
  response: Payment,
  status: 201,
  access: ["PATIENT"],
  errors: BOOKING_ERRORS,
})

/** A payment: its payer's, or its doctor's. */
export const getPayment = endpoint({
  method: "GET",
  path: "/payments/:id",
  params: { id: uuid(PaymentId) },
  response: Payment,
  access: ["PATIENT", "DOCTOR"],
  errors: ["NOT_FOUND", "FORBIDDEN_ACTION"],
})

/** The numbered receipt, once the deposit is PAID, REFUNDED or KEPT (BUSINESS_ERROR before). */
export const getPaymentReceipt = endpoint({
  method: "GET",
  path: "/payments/:id/receipt",
  params: { id: uuid(PaymentId) },
  response: Receipt,
  access: ["PATIENT", "DOCTOR"],
  errors: ["NOT_FOUND", "FORBIDDEN_ACTION", "BUSINESS_ERROR"],
})

/**
 * The provider's notice of a payment's outcome: the raw body, signed by the provider (the sandbox
 * and a real one alike), verified before anything is read. Idempotent on the provider's event id.
 */
export const paymentWebhook = endpoint({
  method: "POST",
  path: "/payments/webhooks/:provider",
  params: { provider: Schema.Literals(["sandbox", "paydunya"]) },
  response: OkResponse,
  access: "public",
  errors: ["INVALID_PAYLOAD", "FORBIDDEN_ACTION", "NOT_FOUND"],
})

/** The deposit paid for an appointment, or null: the appointment's patient or doctor. */
export const getAppointmentPayment = endpoint({
  method: "GET",
  path: "/appointments/:id/payment",
  params: { id: uuid(AppointmentId) },
  response: AppointmentPayment,
  access: ["PATIENT", "DOCTOR"],
  errors: ["APPOINTMENT_NOT_FOUND", "FORBIDDEN_ACTION"],
})

/** The doctor marks the patient absent once the appointment's time has passed (BUSINESS_ERROR before); a PAID deposit is KEPT. */
export const markNoShow = endpoint({
  method: "PUT",
  path: "/appointments/:id/no-show",
  params: { id: uuid(AppointmentId) },
  response: Appointment,
  access: ["DOCTOR"],
  errors: ["APPOINTMENT_NOT_FOUND", "FORBIDDEN_ACTION", "BUSINESS_ERROR"],
})

/** The doctor's payments, newest first, with the totals by month and currency: that doctor only. */
export const listDoctorPayments = endpoint({
  method: "GET",
  path: "/doctors/:id/payments",
  params: { id: uuid(DoctorId) },
  response: DoctorPayments,
  access: ["DOCTOR"],
  errors: ["FORBIDDEN_ACTION"],
})

/** The same rows as a CSV file (a header line first): that doctor only. */
export const exportDoctorPayments = endpoint({
  method: "GET",
  path: "/doctors/:id/payments.csv",
  params: { id: uuid(DoctorId) },
  response: Schema.String,
  contentType: "text/csv; charset=utf-8",
  access: ["DOCTOR"],
  errors: ["FORBIDDEN_ACTION"],
})
