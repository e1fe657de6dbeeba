import { Hono } from "hono"
import { CreateAppointmentRequest, UpdateAppointmentRequest } from "../../schemas/appointment.ts"
import type { Appointment } from "../../schemas/appointment.ts"
import { Id } from "../../schemas/fields.ts"
import type { Db } from "../db/client.ts"
import { requireRole } from "../http/auth.ts"
import type { AppEnv, Caller } from "../http/context.ts"
import { ApiError, forbidden } from "../http/errors.ts"
import { readBody, readParam } from "../http/validate.ts"
import { bookSlot, cancelAppointment, hasAppointmentWith, isDependantOf, rescheduleAppointment } from "../repositories/appointmentBooking.ts"
import { appointmentsOfDoctor, appointmentsOfPatient, findAppointmentById, findAppointmentParties } from "../repositories/appointments.ts"

/** Access policy: an appointment is seen and changed only by its patient or its doctor. */
function isParty(caller: Caller, row: { patientId: string; doctorId: string }): boolean {
  return (caller.patientId !== null && caller.patientId === row.patientId) || (caller.doctorId !== null && caller.doctorId === row.doctorId)
}

async function appointmentOfParty(db: Db, caller: Caller, id: string): Promise<{ id: string; patientId: string; doctorId: string }> {
  const row = await findAppointmentParties(db, id)
  if (!row) throw new ApiError("APPOINTMENT_NOT_FOUND")
  if (!isParty(caller, row)) throw forbidden("This appointment is not yours")
  return row
}

async function loadAppointment(db: Db, id: string): Promise<Appointment> {
  const appointment = await findAppointmentById(db, id)
  if (!appointment) throw new ApiError("APPOINTMENT_NOT_FOUND")
  return appointment
}

/** Who a booking is for: a patient books for self or own dependants; a doctor for their own patients, in their own slots. */
async function checkBooker(db: Db, caller: Caller, body: CreateAppointmentRequest): Promise<void> {
  if (caller.role === "PATIENT") {
    if (body.patientId !== caller.patientId) throw forbidden("A patient books only for self or own dependants")
  } else {
    if (body.doctorId !== caller.doctorId) throw forbidden("A doctor books only into their own schedule")
    if (!(await hasAppointmentWith(db, body.doctorId, body.patientId))) throw forbidden("This patient has no appointment history with you")
  }
  if (body.dependantId && !(await isDependantOf(db, body.dependantId, body.patientId))) throw forbidden("This dependant is not the patient's")
}

/** Appointments of patients and doctors: book, list, detail, reschedule, cancel (SPEC §4, §7). */
export function appointmentsRoutes() {
  const app = new Hono<AppEnv>()

  app.get("/appointments", async (c) => {
    const caller = await requireRole(c, "PATIENT", "DOCTOR")
    const { db } = c.get("deps")
    if (caller.patientId) return c.json(await appointmentsOfPatient(db, caller.patientId))
    return c.json(caller.doctorId ? await appointmentsOfDoctor(db, caller.doctorId) : [])
  })

  app.get("/appointments/:id", async (c) => {
    const caller = await requireRole(c, "PATIENT", "DOCTOR")
    const id = readParam(c, "id", Id)
    const { db } = c.get("deps")
    await appointmentOfParty(db, caller, id)
    return c.json(await loadAppointment(db, id))
  })

  app.post("/appointments", async (c) => {
    const caller = await requireRole(c, "PATIENT", "DOCTOR")
    const body = await readBody(c, CreateAppointmentRequest)
    const { db } = c.get("deps")
    await checkBooker(db, caller, body)
    const id = await bookSlot(db, { ...body, dependantId: body.dependantId ?? null })
    return c.json(await loadAppointment(db, id), 201)
  })

  app.put("/appointments/cancel/:id", async (c) => {
    const caller = await requireRole(c, "PATIENT", "DOCTOR")
    const id = readParam(c, "id", Id)
    const { db } = c.get("deps")
    await appointmentOfParty(db, caller, id)
    await cancelAppointment(db, id)
    return c.json(await loadAppointment(db, id))
  })

  app.put("/appointments/:id", async (c) => {
    const caller = await requireRole(c, "PATIENT", "DOCTOR")
    const id = readParam(c, "id", Id)
    const body = await readBody(c, UpdateAppointmentRequest)
    const { db } = c.get("deps")
    await appointmentOfParty(db, caller, id)
    await rescheduleAppointment(db, id, body)
    return c.json(await loadAppointment(db, id))
  })

  return app
}
