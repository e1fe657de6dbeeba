import { mutationOptions, queryOptions, type QueryClient } from "@tanstack/react-query"
import type { Appointment, CreateAppointmentRequest, UpdateAppointmentRequest } from "../../schemas/appointment.ts"
import * as appointments from "../../schemas/contracts/appointments.ts"
import { callApi } from "./client.ts"

/** Query keys of the appointments resource: the caller's list and each detail. */
export const appointmentKeys = {
  all: ["appointments"] as const,
  list: () => [...appointmentKeys.all, "list"] as const,
  detail: (id: string) => [...appointmentKeys.all, "detail", id] as const,
}

/** GET /appointments: the caller's own (a patient's, or a doctor's appointments with them). */
export const appointmentsQuery = () =>
  queryOptions({ queryKey: appointmentKeys.list(), queryFn: ({ signal }) => callApi(appointments.listAppointments, { signal }) })

/** GET /appointments/{id}: for the patient or the doctor of that appointment. */
export const appointmentQuery = (id: string) =>
  queryOptions({
    queryKey: appointmentKeys.detail(id),
    queryFn: ({ signal }) => callApi(appointments.getAppointment, { params: { id }, signal }),
    // A missing or foreign appointment will not appear on a second try.
    retry: false,
  })

/** POST /appointments; with an Idempotency-Key, a retry of the same booking gets its first answer instead of a second booking. */
export const createAppointment = (body: CreateAppointmentRequest, idempotencyKey?: string) =>
  callApi(appointments.createAppointment, { body, ...(idempotencyKey === undefined ? {} : { idempotencyKey }) })

export const cancelAppointment = (id: string) => callApi(appointments.cancelAppointment, { params: { id } })

/** GET /appointments/{id}/calendar.ics: the appointment as an iCalendar file's text, for its patient or its doctor. */
export const appointmentCalendar = (id: string) => callApi(appointments.getAppointmentCalendar, { params: { id } })

export const rescheduleAppointment = (id: string, body: UpdateAppointmentRequest) => callApi(appointments.rescheduleAppointment, { params: { id }, body })

/** After any change: the lists, the detail and the slot grids are stale. */
export async function afterAppointmentChange(queryClient: QueryClient, appointment: Appointment): Promise<void> {
  queryClient.setQueryData(appointmentKeys.detail(appointment.id), appointment)
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: appointmentKeys.list() }),
    queryClient.invalidateQueries({ queryKey: ["timeSlots", appointment.doctorId] }),
  ])
}

/** PUT /appointments/cancel/{id}; failures are only logged (SPEC §8), the screen says why. */
export const cancelAppointmentMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: cancelAppointment,
    meta: { silent: true },
    onSuccess: (appointment) => afterAppointmentChange(queryClient, appointment),
  })

/** PUT /appointments/{id} with a new slot; the old slot is freed in the same transaction. */
export const rescheduleAppointmentMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: ({ id, body }: { id: string; body: UpdateAppointmentRequest }) => rescheduleAppointment(id, body),
    meta: { silent: true },
    onSuccess: (appointment) => afterAppointmentChange(queryClient, appointment),
  })
