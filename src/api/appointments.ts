import { queryOptions, type QueryClient } from "@tanstack/react-query"
import type { Appointment, CreateAppointmentRequest, UpdateAppointmentRequest } from "../../schemas/appointment.ts"
import * as appointments from "../../schemas/contracts/appointments.ts"
import { callApi } from "./client.ts"
import { slotWaitlistKeys } from "./slotWaitlists.ts"
import type { AppointmentId } from "../../schemas/ids.ts"

/** Query keys of the appointments resource: the caller's list and each detail. */
export const appointmentKeys = {
  all: ["appointments"] as const,
  list: () => [...appointmentKeys.all, "list"] as const,
  detail: (id: string) => [...appointmentKeys.all, "detail", id] as const,
  notifications: (id: AppointmentId) => [...appointmentKeys.all, "notifications", id] as const,
}

/** GET /appointments: the caller's own (a patient's, or a doctor's appointments with them). */
export const appointmentsQuery = () =>
  queryOptions({ queryKey: appointmentKeys.list(), queryFn: ({ signal }) => callApi(appointments.listAppointments, { signal }) })

/** GET /appointments/{id}: for the patient or the doctor of that appointment. */
export const appointmentQuery = (id: AppointmentId) =>
  queryOptions({
    queryKey: appointmentKeys.detail(id),
    queryFn: ({ signal }) => callApi(appointments.getAppointment, { params: { id }, signal }),
    // A missing or foreign appointment will not appear on a second try.
    retry: false,
  })

/** GET /appointments/{id}/notifications: the reminders and notices sent about it, failures included (issue 13). */
export const appointmentNotificationsQuery = (id: AppointmentId) =>
  queryOptions({
    queryKey: appointmentKeys.notifications(id),
    queryFn: ({ signal }) => callApi(appointments.getAppointmentNotifications, { params: { id }, signal }),
  })

/** POST /appointments; with an Idempotency-Key, a retry of the same booking gets its first answer instead of a second booking. */
export const createAppointment = (body: CreateAppointmentRequest, idempotencyKey?: string) =>
  callApi(appointments.createAppointment, { body, ...(idempotencyKey === undefined ? {} : { idempotencyKey }) })

/** PUT /appointments/cancel/{id}; the key makes a retry after a lost answer harmless (issue 13). */
export const cancelAppointment = (id: AppointmentId, idempotencyKey: string) => callApi(appointments.cancelAppointment, { params: { id }, idempotencyKey })

/** GET /appointments/{id}/calendar.ics: the appointment as an iCalendar file's text, for its patient or its doctor. */
export const appointmentCalendar = (id: AppointmentId) => callApi(appointments.getAppointmentCalendar, { params: { id } })

/** PUT /appointments/{id} to a new slot; one key per slot asked for (issue 13). */
export const rescheduleAppointment = (id: AppointmentId, body: UpdateAppointmentRequest, idempotencyKey: string) =>
  callApi(appointments.rescheduleAppointment, { params: { id }, body, idempotencyKey })

/** After any change: the lists, the detail and the slot grids are stale. */
export async function afterAppointmentChange(queryClient: QueryClient, appointment: Appointment): Promise<void> {
  queryClient.setQueryData(appointmentKeys.detail(appointment.id), appointment)
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: appointmentKeys.list() }),
    queryClient.invalidateQueries({ queryKey: ["timeSlots", appointment.doctorId] }),
    // A move into an offered slot accepts the offer and ends that waitlist entry (issue 14).
    queryClient.invalidateQueries({ queryKey: slotWaitlistKeys.all }),
  ])
}
