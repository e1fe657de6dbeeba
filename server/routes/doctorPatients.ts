import { and, asc, eq, inArray, sql } from "drizzle-orm"
import { Hono } from "hono"
import type { DoctorPatient, DoctorPatientDetail } from "../../schemas/doctorPatients.ts"
import type { BloodType } from "../../schemas/enums.ts"
import { Id } from "../../schemas/fields.ts"
import type { Db } from "../db/client.ts"
import { appointments, patients, users } from "../db/schema.ts"
import { toIsoDate, toUtcSeconds } from "../db/time.ts"
import { requireDoctor } from "../http/auth.ts"
import type { AppEnv } from "../http/context.ts"
import { ApiError } from "../http/errors.ts"
import { readParam } from "../http/validate.ts"
import { loadPatient } from "../repositories/patients.ts"
import { requireDoctorSelf } from "./doctorAccount.ts"

/**
 * The patients of a doctor: everyone with at least one appointment with them (any status), with
 * the count, the last visit and the next confirmed one. `only` narrows to one patient.
 */
async function patientsOf(db: Db, doctorId: string, only?: string): Promise<DoctorPatient[]> {
  const visits = await db
    .select({
      patientId: appointments.patientId,
      count: sql<number>`count(*)::int`,
      last: sql<Date | string | null>`max(${appointments.appointmentTime}) FILTER (WHERE ${appointments.appointmentTime} < now() AND ${appointments.status} <> 'CANCELED')`,
      next: sql<Date | string | null>`min(${appointments.appointmentTime}) FILTER (WHERE ${appointments.appointmentTime} >= now() AND ${appointments.status} = 'CONFIRMED')`,
    })
    .from(appointments)
    .where(and(eq(appointments.doctorId, doctorId), only ? eq(appointments.patientId, only) : undefined))
    .groupBy(appointments.patientId)
  if (visits.length === 0) return []
  const rows = await db
    .select({ patient: patients, user: users })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(inArray(patients.id, visits.map((v) => v.patientId)))
    .orderBy(asc(users.lastName), asc(users.firstName))
  const visitOf = new Map(visits.map((v) => [v.patientId, v]))
  const instant = (value: Date | string | null) => (value === null ? null : toUtcSeconds(new Date(value)))
  return rows.map(({ patient, user }) => {
    const v = visitOf.get(patient.id)!
    return {
      id: patient.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phoneNumber: user.phoneNumber,
      dateOfBirth: toIsoDate(user.dateOfBirth),
      civility: user.civility,
      bloodType: patient.bloodType as BloodType | null,
      status: patient.status,
      conditions: patient.chronicConditions,
      allergies: patient.allergies,
      appointmentCount: v.count,
      lastAppointment: instant(v.last),
      nextAppointment: instant(v.next),
    }
  })
}

/**
 * One patient of the doctor, with contacts, addresses and alerts. A patient who never had an
 * appointment with this doctor is not theirs to see: FORBIDDEN_ACTION.
 */
async function patientOf(db: Db, doctorId: string, patientId: string): Promise<DoctorPatientDetail> {
  const [summary] = await patientsOf(db, doctorId, patientId)
  if (!summary) {
    const [exists] = await db.select({ id: patients.id }).from(patients).where(eq(patients.id, patientId))
    if (!exists) throw new ApiError("PATIENT_NOT_FOUND")
    throw new ApiError("FORBIDDEN_ACTION", "This patient has no appointment with you")
  }
  const patient = await loadPatient(db, patientId)
  if (!patient) throw new ApiError("PATIENT_NOT_FOUND")
  return {
    ...summary,
    emergencyContacts: [...patient.emergencyContacts].sort((a, b) => a.priority - b.priority),
    locations: patient.locations,
    medicalAlerts: patient.medicalAlerts,
  }
}

/** A doctor's patients (issue 5): GET /doctors/{id}/patients, /doctors/patients/{id}, /doctors/{id}/patients/{patientId}. */
export function doctorPatientsRoutes() {
  const app = new Hono<AppEnv>()

  app.get("/doctors/:id/patients", async (c) => {
    const doctorId = readParam(c, "id", Id)
    await requireDoctorSelf(c, doctorId)
    return c.json(await patientsOf(c.get("deps").db, doctorId))
  })

  app.get("/doctors/:id/patients/:patientId", async (c) => {
    const doctorId = readParam(c, "id", Id)
    const patientId = readParam(c, "patientId", Id)
    await requireDoctorSelf(c, doctorId)
    return c.json(await patientOf(c.get("deps").db, doctorId, patientId))
  })

  // The same detail for the calling doctor, without their id in the path.
  app.get("/doctors/patients/:patientId", async (c) => {
    const patientId = readParam(c, "patientId", Id)
    const caller = await requireDoctor(c)
    return c.json(await patientOf(c.get("deps").db, caller.doctorId, patientId))
  })

  return app
}
