import { and, asc, eq, inArray, sql } from "drizzle-orm"
import type { DoctorPatient } from "../../schemas/doctorPatients.ts"
import type { BloodType } from "../../schemas/enums.ts"
import type { Db } from "../db/client.ts"
import { appointments, patients, patientSettings, users } from "../db/schema.ts"
import { toIsoDate, toUtcSeconds } from "../db/time.ts"
import type { DoctorId, PatientId } from "../../schemas/ids.ts"

/** A patient as their doctor receives them, and whether the patient shares their medical data with doctors. */
export interface SeenPatient {
  readonly patient: DoctorPatient
  /**
   * shareMedicalDataWithDoctors (issue 38): when false, blood type, chronic conditions and allergies
   * come empty (null, []) and so must alerts and records; name, age, civility and contact stay. A
   * patient without a settings row shares nothing.
   */
  readonly sharesMedicalData: boolean
}

/**
 * The patients of a doctor: everyone with at least one appointment with them (any status), with
 * the count, the last visit and the next confirmed one.
 */
export async function patientsOfDoctor(db: Db, doctorId: DoctorId): Promise<DoctorPatient[]> {
  return (await seenPatients(db, doctorId)).map((seen) => seen.patient)
}

/** One patient of the doctor (as patientsOfDoctor), or undefined when they never had an appointment with them. */
export async function patientOfDoctor(db: Db, doctorId: DoctorId, patientId: PatientId): Promise<SeenPatient | undefined> {
  return (await seenPatients(db, doctorId, patientId))[0]
}

async function seenPatients(db: Db, doctorId: DoctorId, only?: PatientId): Promise<SeenPatient[]> {
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
    .select({ patient: patients, user: users, shares: patientSettings.shareMedicalDataWithDoctors })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .leftJoin(patientSettings, eq(patientSettings.patientId, patients.id))
    .where(
      inArray(
        patients.id,
        visits.map((v) => v.patientId),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName))
  const visitOf = new Map(visits.map((v) => [v.patientId, v]))
  const instant = (value: Date | string | null) => (value === null ? null : toUtcSeconds(new Date(value)))
  return rows.map(({ patient, user, shares }) => {
    const v = visitOf.get(patient.id)!
    const sharesMedicalData = shares === true
    const seen: DoctorPatient = {
      id: patient.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phoneNumber: user.phoneNumber,
      dateOfBirth: toIsoDate(user.dateOfBirth),
      civility: user.civility,
      bloodType: sharesMedicalData ? (patient.bloodType as BloodType | null) : null,
      status: patient.status,
      conditions: sharesMedicalData ? patient.chronicConditions : [],
      allergies: sharesMedicalData ? patient.allergies : [],
      appointmentCount: v.count,
      lastAppointment: instant(v.last),
      nextAppointment: instant(v.next),
    }
    return { patient: seen, sharesMedicalData }
  })
}
