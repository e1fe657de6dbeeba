/**
 * Type test of the branded ids (schemas/ids.ts), checked by `npm run typecheck` (never run): each
 * `@ts-expect-error` line must fail to compile, so if an id loses its brand (any string is then
 * any id) those lines turn into "unused directive" errors and the typecheck fails. The forms right
 * beside them must keep compiling.
 */
import { eq } from "drizzle-orm"
import * as Schema from "effect/Schema"
import type { Db } from "../server/db/client.ts"
import { appointments } from "../server/db/schema.ts"
import { findAppointmentById } from "../server/repositories/appointments.ts"
import { loadDoctor } from "../server/repositories/doctors.ts"
import { cancelAppointment, rescheduleAppointment } from "../src/api/appointments.ts"
import { doctorQuery } from "../src/api/doctors.ts"
import { idParams } from "../src/routes/params.ts"
import { Appointment, CreateAppointmentRequest } from "./appointment.ts"
import * as contracts from "./contracts/appointments.ts"
import type { AppointmentId, DoctorId, PatientId, TimeSlotId } from "./ids.ts"
import { testIds } from "./testIds.ts"

declare const db: Db
declare const raw: unknown
const KEY = "3f2b8c1e-5a4d-4e6f-9b7a-0c1d2e3f4a5b"

/** Decoding gives branded values: an answer's ids, a request's, a path's. */
export function decodingBrands() {
  const appointment = Schema.decodeUnknownSync(Appointment)(raw)
  const request = Schema.decodeUnknownSync(CreateAppointmentRequest)(raw)
  const pathId = Schema.decodeUnknownSync(contracts.cancelAppointment.params.id)(raw)
  const routeId = idParams("appointmentId").parse({ appointmentId: KEY }).appointmentId
  const ok: [AppointmentId, DoctorId, PatientId, TimeSlotId, AppointmentId, AppointmentId] = [
    appointment.id,
    appointment.doctorId,
    request.patientId,
    request.timeSlotId,
    pathId,
    routeId,
  ]
  // @ts-expect-error a PatientId where a DoctorId is meant
  const patientAsDoctor: DoctorId = request.patientId
  // @ts-expect-error a TimeSlotId where an AppointmentId is meant
  const slotAsAppointment: AppointmentId = request.timeSlotId
  // @ts-expect-error a route's appointment id is no doctor id
  const routeAsDoctor: DoctorId = routeId
  // @ts-expect-error a plain string is no AppointmentId
  const plain: AppointmentId = KEY
  return [ok, patientAsDoctor, slotAsAppointment, routeAsDoctor, plain]
}

/** The client's request functions take the id they mean. */
export function clientRequests(appointment: Appointment) {
  const doctorId = testIds.doctor(KEY)
  const patientId = testIds.patient(KEY)
  return [
    doctorQuery(doctorId),
    cancelAppointment(appointment.id, KEY),
    rescheduleAppointment(appointment.id, {}, KEY),
    // @ts-expect-error a PatientId passed where a DoctorId is expected
    doctorQuery(patientId),
    // @ts-expect-error a plain string passed as an AppointmentId
    cancelAppointment(KEY, KEY),
    // @ts-expect-error a TimeSlotId passed as an AppointmentId
    cancelAppointment(testIds.timeSlot(KEY), KEY),
    // @ts-expect-error a TimeSlotId in an appointment's path
    rescheduleAppointment(appointment.timeSlotId ?? testIds.timeSlot(KEY), {}, KEY),
  ]
}

/** The gateway's repositories and the database's columns take the id they mean. */
export function gatewayReads(appointment: Appointment) {
  return [
    findAppointmentById(db, appointment.id),
    loadDoctor(db, appointment.doctorId),
    eq(appointments.id, appointment.id),
    // @ts-expect-error a TimeSlotId passed as an AppointmentId
    findAppointmentById(db, testIds.timeSlot(KEY)),
    // @ts-expect-error a plain string passed as an AppointmentId
    findAppointmentById(db, KEY),
    // @ts-expect-error a PatientId where a DoctorId is expected
    loadDoctor(db, appointment.patientId),
    // @ts-expect-error an appointment's id column compared with a doctor's id
    eq(appointments.id, appointment.doctorId),
  ]
}
