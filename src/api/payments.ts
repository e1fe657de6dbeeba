import { queryOptions } from "@tanstack/react-query"
import type { CreateAppointmentRequest } from "../../schemas/appointment.ts"
import * as payments from "../../schemas/contracts/payments.ts"
import type { AppointmentId, DependantId, DoctorId, PaymentId, TimeSlotId } from "../../schemas/ids.ts"
import { callApi } from "./client.ts"

/** Query keys of the deposits resource (issue 40): a payment, its receipt, an appointment's payment. */
export const paymentKeys = {
  all: ["payments"] as const,
  detail: (id: PaymentId) => [...paymentKeys.all, "detail", id] as const,
  receipt: (id: PaymentId) => [...paymentKeys.all, "receipt", id] as const,
  ofAppointment: (id: AppointmentId) => [...paymentKeys.all, "appointment", id] as const,
}

/** GET /payments/quote: the deposit this booking would owe (null: none), as the gateway works it out. */
export const quoteDeposit = (doctorId: DoctorId, timeSlotId: TimeSlotId, dependantId: DependantId | null) =>
  callApi(payments.quoteDeposit, { query: { doctorId, timeSlotId, ...(dependantId === null ? {} : { dependantId }) } })

/** POST /payments: POST /appointments' very request, answered with a PENDING payment and its checkout page; the key as for a booking. */
export const createPayment = (body: CreateAppointmentRequest, idempotencyKey: string) => callApi(payments.createPayment, { body, idempotencyKey })

/** GET /payments/{id}: the payment as it stands (its payer, or its doctor). */
export const getPayment = (id: PaymentId) => callApi(payments.getPayment, { params: { id } })

/** GET /appointments/{id}/payment: the deposit paid for an appointment, or null. */
export const appointmentPaymentQuery = (id: AppointmentId) =>
  queryOptions({
    queryKey: paymentKeys.ofAppointment(id),
    queryFn: ({ signal }) => callApi(payments.getAppointmentPayment, { params: { id }, signal }),
  })

/** GET /payments/{id}/receipt: the numbered receipt, once the deposit was paid. */
export const paymentReceiptQuery = (id: PaymentId) =>
  queryOptions({
    queryKey: paymentKeys.receipt(id),
    queryFn: ({ signal }) => callApi(payments.getPaymentReceipt, { params: { id }, signal }),
  })
