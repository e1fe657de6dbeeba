import { Hono } from "hono"
import { Temporal } from "temporal-polyfill"
import type { Appointment, CreateAppointmentRequest } from "../../schemas/appointment.ts"
import * as appointments from "../../schemas/contracts/appointments.ts"
import { appointmentEvent } from "../calendar/appointmentEvent.ts"
import { calendarFile } from "../calendar/ics.ts"
import type { Db } from "../db/client.ts"
import { route } from "../http/contract.ts"
import type { AppEnv, Caller } from "../http/context.ts"
import { ApiError, forbidden } from "../http/errors.ts"
import { idempotent } from "../http/idempotency.ts"
import { writesSlotsOf } from "../http/readCache.ts"
import { findCalendarEntry } from "../repositories/appointmentCalendar.ts"
import { bookSlot, cancelAppointment, hasAppointmentWith, isDependantOf, rescheduleAppointment } from "../repositories/appointmentBooking.ts"
import { notificationsOf } from "../repositories/notificationLog.ts"
import { appointmentsOfDoctor, appointmentsOfPatient, findAppointmentById, findAppointmentParties } from "../repositories/appointments.ts"
import type { AppointmentId, DoctorId, PatientId } from "../../schemas/ids.ts"

/** Access policy: an appointment is seen and changed only by its patient or its doctor. */
function isParty(caller: Caller, row: { patientId: PatientId; doctorId: DoctorId }): boolean {
  return (caller.patientId !== null && caller.patientId === row.patientId) || (caller.doctorId !== null && caller.doctorId === row.doctorId)
}

export async function appointmentOfParty(db: Db, caller: Caller, id: AppointmentId): Promise<{ id: AppointmentId; patientId: PatientId; doctorId: DoctorId }> {
  const row = await findAppointmentParties(db, id)
  if (!row) throw new ApiError("APPOINTMENT_NOT_FOUND")
  if (!isParty(caller, row)) throw forbidden("This appointment is not yours")
  return row
}

export async function loadAppointment(db: Db, id: AppointmentId): Promise<Appointment> {
  const appointment = await findAppointmentById(db, id)
  if (!appointment) throw new ApiError("APPOINTMENT_NOT_FOUND")
  return appointment
}

/** SPEC §4's statuses in RFC 5545's words: a cancelled one is CANCELLED; a booked or held one stays CONFIRMED. */
/** Who a booking is for: a patient books for self or own dependants; a doctor for their own patients, in their own slots. */
export async function checkBooker(db: Db, caller: Caller, body: CreateAppointmentRequest): Promise<void> {
  if (caller.role === "PATIENT") {
    if (body.patientId !== caller.patientId) throw forbidden("A patient books only for self or own dependants")
  } else {
    if (body.doctorId !== caller.doctorId) throw forbidden("A doctor books only into their own schedule")
    if (!(await hasAppointmentWith(db, body.doctorId, body.patientId))) throw forbidden("This patient has no appointment history with you")
  }
  if (body.dependantId && !(await isDependantOf(db, body.dependantId, body.patientId))) throw forbidden("This dependant is not the patient's")
}

/**
 * Appointments of patients and doctors: book, list, detail, calendar file, reschedule, cancel (SPEC
 * §4, §7). The three writes accept an Idempotency-Key (server/http/idempotency.ts): with one, the
 * write and its kept answer share one transaction, the answer read inside it.
 */
export function appointmentsRoutes() {
  const app = new Hono<AppEnv>()

  route(app, appointments.listAppointments, {
    handle: async ({ c, caller }) => {
      const { db } = c.get("deps")
      if (caller.patientId) return appointmentsOfPatient(db, caller.patientId)
      return caller.doctorId ? appointmentsOfDoctor(db, caller.doctorId) : []
    },
  })

  route(app, appointments.getAppointment, {
    handle: async ({ c, caller, params }) => {
      const { db } = c.get("deps")
      await appointmentOfParty(db, caller, params.id)
      return loadAppointment(db, params.id)
    },
  })

  route(app, appointments.getAppointmentCalendar, {
    handle: async ({ c, caller, params }) => {
      const { db } = c.get("deps")
      await appointmentOfParty(db, caller, params.id)
      const entry = await findCalendarEntry(db, params.id)
      if (!entry) throw new ApiError("APPOINTMENT_NOT_FOUND")
      const day = entry.start.toZonedDateTimeISO(entry.timeZone).toPlainDate().toString()
      c.header("Content-Disposition", `attachment; filename="promed-${day}.ics"`)
      c.header("Cache-Control", "private, no-store")
      return calendarFile(appointmentEvent(entry, caller.role === "DOCTOR" ? "DOCTOR" : "PATIENT", Temporal.Now.instant()))
    },
  })

  route(app, appointments.getAppointmentNotifications, {
    handle: async ({ c, caller, params }) => {
      const { db } = c.get("deps")
      await appointmentOfParty(db, caller, params.id)
      return notificationsOf(db, params.id)
    },
  })

  route(app, appointments.createAppointment, {
    handle: ({ c, caller, body }) =>
      idempotent(c, caller, body, appointments.createAppointment.status, async (db) => {
        await checkBooker(db, caller, body)
        writesSlotsOf(c, body.doctorId)
        const id = await bookSlot(db, {
          ...body,
          dependantId: body.dependantId ?? null,
          bookedBy: caller.userId,
          byPatient: caller.role === "PATIENT",
          limited: caller.role === "PATIENT" && c.get("deps").config.bookingLimits,
        })
        return loadAppointment(db, id)
      }),
  })

  route(app, appointments.cancelAppointment, {
    policy: ({ c, caller, params }) => appointmentOfParty(c.get("deps").db, caller, params.id),
    handle: ({ c, caller, params, granted }) =>
      idempotent(c, caller, undefined, appointments.cancelAppointment.status, async (db) => {
        writesSlotsOf(c, granted.doctorId)
        await cancelAppointment(db, params.id)
        return loadAppointment(db, params.id)
      }),
  })

  route(app, appointments.rescheduleAppointment, {
    handle: async ({ c, caller, params, body }) => {
      const { doctorId } = await appointmentOfParty(c.get("deps").db, caller, params.id)
      return idempotent(c, caller, body, appointments.rescheduleAppointment.status, async (db) => {
        writesSlotsOf(c, doctorId)
        await rescheduleAppointment(db, params.id, { ...body, movedBy: caller.userId })
        return loadAppointment(db, params.id)
      })
    },
  })

  return app
}
