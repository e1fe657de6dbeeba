import { queryOptions } from "@tanstack/react-query"
import * as payments from "../../schemas/contracts/payments.ts"
import type { AppointmentId, DoctorId } from "../../schemas/ids.ts"
import { callApi } from "./client.ts"

/** Query keys of the doctor's side of payments (issue 40). */
export const doctorPaymentKeys = {
  all: ["doctorPayments"] as const,
  list: (doctorId: DoctorId) => [...doctorPaymentKeys.all, "list", doctorId] as const,
  ofAppointment: (id: AppointmentId) => [...doctorPaymentKeys.all, "appointment", id] as const,
}

/** GET /doctors/{id}/payments: each payment, newest first, and the totals by month and currency. */
export const doctorPaymentsQuery = (doctorId: DoctorId) =>
  queryOptions({
    queryKey: doctorPaymentKeys.list(doctorId),
    queryFn: ({ signal }) => callApi(payments.listDoctorPayments, { params: { id: doctorId }, signal }),
  })

/** GET /appointments/{id}/payment: the appointment's deposit, or null when none was asked. */
export const appointmentPaymentQuery = (id: AppointmentId) =>
  queryOptions({
    queryKey: doctorPaymentKeys.ofAppointment(id),
    queryFn: ({ signal }) => callApi(payments.getAppointmentPayment, { params: { id }, signal }),
  })

/** GET /doctors/{id}/payments.csv: the same payments as a CSV file's text, read with the session's bearer. */
export const doctorPaymentsCsv = (doctorId: DoctorId) => callApi(payments.exportDoctorPayments, { params: { id: doctorId } })

/** PUT /appointments/{id}/no-show: the patient did not come; a paid deposit becomes KEPT. Answers the appointment. */
export const markNoShow = (id: AppointmentId) => callApi(payments.markNoShow, { params: { id } })
