import { Appointment, AppointmentList, CreateAppointmentRequest, UpdateAppointmentRequest } from "../appointment.ts"
import { endpoint } from "../contract.ts"
import { Id } from "../fields.ts"

/*
 * Appointments (SPEC §4, §7): a patient's own, or a doctor's with their patients. Handlers:
 * server/routes/appointments.ts; client: src/api/appointments.ts. Each one is seen and changed
 * only by its patient or its doctor (FORBIDDEN_ACTION otherwise, checked by the handler).
 */

const parties = ["PATIENT", "DOCTOR"] as const

/** The caller's appointments: a patient's own, a doctor's with their patients. */
export const listAppointments = endpoint({ method: "GET", path: "/appointments", response: AppointmentList, access: parties })

export const getAppointment = endpoint({
  method: "GET",
  path: "/appointments/:id",
  params: { id: Id },
  response: Appointment,
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
  errors: ["FORBIDDEN_ACTION", "TIME_SLOT_NOT_FOUND", "TIME_SLOT_ALREADY_BOOKED", "PROVIDED_SERVICE_NOT_FOUND", "BUSINESS_ERROR", "APPOINTMENT_NOT_FOUND"],
})

/** Cancels, up to 24 hours before (CANCELLATION_RESTRICTED after that). */
export const cancelAppointment = endpoint({
  method: "PUT",
  path: "/appointments/cancel/:id",
  params: { id: Id },
  response: Appointment,
  access: parties,
  errors: ["APPOINTMENT_NOT_FOUND", "FORBIDDEN_ACTION", "CANCELLATION_RESTRICTED", "BUSINESS_ERROR"],
})

/** Moves to another slot of the same doctor, or changes the reason; the old slot is freed in the same transaction. */
export const rescheduleAppointment = endpoint({
  method: "PUT",
  path: "/appointments/:id",
  params: { id: Id },
  body: UpdateAppointmentRequest,
  response: Appointment,
  access: parties,
  errors: ["APPOINTMENT_NOT_FOUND", "FORBIDDEN_ACTION", "CANCELLATION_RESTRICTED", "BUSINESS_ERROR", "TIME_SLOT_NOT_FOUND", "TIME_SLOT_ALREADY_BOOKED"],
})
