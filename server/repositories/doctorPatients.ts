import { and, asc, eq, inArray, sql } from "drizzle-orm"
import type { DoctorPatient } from "../../schemas/doctorPatients.ts"
import type { BloodType } from "../../schemas/enums.ts"
import type { Db } from "../db/client.ts"
import { appointments, patients, users } from "../db/schema.ts"
import { toIsoDate, toUtcSeconds } from "../db/time.ts"
import type { DoctorId, PatientId } from "../../schemas/ids.ts"

/**
 * The patients of a doctor: everyone with at least one appointment with them (any status), with
 * the count, the last visit and the next confirmed one. `only` narrows to one patient.
 */
export async function patientsOfDoctor(db: Db, doctorId: DoctorId, only?: PatientId): Promise<DoctorPatient[]> {
  const visits = await db
    .select({
      patientId: appointments.patientId,
      count: sql<number>`count(*)::int`,
      last: sql<
        Date | string | null
      >`max(${appointments.appointmentTime}) FILTER (WHERE ${appointments.appointmentTime} < now() AND ${appointments.status} <> 'CANCELED')`,
      next: sql<
        Date | string | null
      >`min(${appointments.appointmentTime}) FILTER (WHERE ${appointments.appointmentTime} >= now() AND ${appointments.status} = 'CONFIRMED')`,
    })
    .from(appointments)
    .where(and(eq(appointments.doctorId, doctorId), only ? eq(appointments.patientId, only) : undefined))
    .groupBy(appointments.patientId)
  if (visits.length === 0) return []
  const rows = await db
    .select({ patient: patients, user: users })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(
      inArray(
        patients.id,
        visits.map((v) => v.patientId),
      ),
    )
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
