import * as Schema from "effect/Schema"
import { Appointment, AppointmentList, CreateAppointmentRequest, UpdateAppointmentRequest } from "../appointment.ts"
import { endpoint } from "../contract.ts"
import type { ErrorCode } from "../errors.ts"
import { AppointmentId, uuid } from "../ids.ts"
import { NotificationList } from "../notification.ts"

/*
 * Appointments (SPEC §4, §7): a patient's own, or a doctor's with their patients. Handlers:
 * server/routes/appointments.ts; client: src/api/appointments.ts. Each one is seen and changed
 * only by its patient or its doctor (FORBIDDEN_ACTION otherwise, checked by the handler).
 */

const parties = ["PATIENT", "DOCTOR"] as const

/**
 * The writes below accept an `Idempotency-Key` header (schemas/idempotency.ts): a malformed key is
 * INVALID_PARAMETER, a key reused for another request INVALID_KEY (422), and DUPLICATE_ENTRY (409)
 * would say the first request with the key is still running (the gateway waits for it instead).
 */
const IDEMPOTENCY_ERRORS = ["INVALID_PARAMETER", "INVALID_KEY", "DUPLICATE_ENTRY"] as const satisfies ReadonlyArray<ErrorCode>

/** What a booking's checks answer (POST /appointments, and POST /payments, which books the same request). */
export const BOOKING_ERRORS = [
  "FORBIDDEN_ACTION",
  "TIME_SLOT_NOT_FOUND",
  "TIME_SLOT_ALREADY_BOOKED",
  "PROVIDED_SERVICE_NOT_FOUND",
  "BUSINESS_ERROR",
  "APPOINTMENT_NOT_FOUND",
  ...IDEMPOTENCY_ERRORS,
] as const satisfies ReadonlyArray<ErrorCode>

/** The caller's appointments: a patient's own, a doctor's with their patients. */
export const listAppointments = endpoint({ method: "GET", path: "/appointments", response: AppointmentList, access: parties })

export const getAppointment = endpoint({
  method: "GET",
  path: "/appointments/:id",
  params: { id: uuid(AppointmentId) },
  response: Appointment,
  access: parties,
  errors: ["APPOINTMENT_NOT_FOUND", "FORBIDDEN_ACTION"],
})

/**
 * The appointment as an iCalendar file (RFC 5545, server/calendar/ics.ts) for the patient's or the
 * doctor's calendar: a stable UID, a SEQUENCE that grows with each reschedule, STATUS:CANCELLED
 * once cancelled; when, where and with whom, no medical detail.
 */
export const getAppointmentCalendar = endpoint({
  method: "GET",
  path: "/appointments/:id/calendar.ics",
  params: { id: uuid(AppointmentId) },
  response: Schema.String,
  contentType: "text/calendar; charset=utf-8",
  access: parties,
  errors: ["APPOINTMENT_NOT_FOUND", "FORBIDDEN_ACTION"],
})

/** What was sent about an appointment (reminders, cancellation notice), oldest first: its patient and its doctor see it, failures included. */
export const getAppointmentNotifications = endpoint({
  method: "GET",
  path: "/appointments/:id/notifications",
  params: { id: uuid(AppointmentId) },
  response: NotificationList,
  access: parties,
  errors: ["APPOINTMENT_NOT_FOUND", "FORBIDDEN_ACTION"],
})

/** Books a slot: a patient for self or own dependants, a doctor for a patient of theirs into their own slots. */
export const createAppointment = endpoint({
  method: "POST",
  path: "/appointments",
  body: CreateAppointmentRequest,
  response: Appointment,
  status: 201,
  access: parties,
  errors: BOOKING_ERRORS,
})

/** Cancels, up to 24 hours before (CANCELLATION_RESTRICTED after that). */
export const cancelAppointment = endpoint({
  method: "PUT",
  path: "/appointments/cancel/:id",
  params: { id: uuid(AppointmentId) },
  response: Appointment,
  access: parties,
  errors: ["APPOINTMENT_NOT_FOUND", "FORBIDDEN_ACTION", "CANCELLATION_RESTRICTED", "BUSINESS_ERROR", ...IDEMPOTENCY_ERRORS],
})

/** Moves to another slot of the same doctor, or changes the reason; the old slot is freed in the same transaction. */
export const rescheduleAppointment = endpoint({
  method: "PUT",
  path: "/appointments/:id",
  params: { id: uuid(AppointmentId) },
  body: UpdateAppointmentRequest,
  response: Appointment,
  access: parties,
  errors: [
    "APPOINTMENT_NOT_FOUND",
    "FORBIDDEN_ACTION",
    "CANCELLATION_RESTRICTED",
    "BUSINESS_ERROR",
    "TIME_SLOT_NOT_FOUND",
    "TIME_SLOT_ALREADY_BOOKED",
    ...IDEMPOTENCY_ERRORS,
  ],
})
