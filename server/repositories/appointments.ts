import { aliasedTable, desc, eq, inArray, type SQL } from "drizzle-orm"
import type { Appointment } from "../../schemas/appointment.ts"
import type { Db } from "../db/client.ts"
import { appointments, dependants, doctors, doctorSpecialties, healthcareFacilities, patients, specialties, users } from "../db/schema.ts"
import { toIsoDate, toUtcSeconds } from "../db/time.ts"
import type { AppointmentId, DoctorId, PatientId } from "../../schemas/ids.ts"

const doctorUsers = aliasedTable(users, "doctor_users")
const patientUsers = aliasedTable(users, "patient_users")

/** Appointments matching a condition, newest first, each with its doctor, patient and place. */
export async function findAppointments(db: Db, where: SQL | undefined, limit = 500): Promise<Appointment[]> {
  const rows = await db
    .select({
      appointment: appointments,
      doctorUser: doctorUsers,
      patientUser: patientUsers,
      dependant: dependants,
      facility: healthcareFacilities,
    })
    .from(appointments)
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .innerJoin(doctorUsers, eq(doctorUsers.id, doctors.userId))
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(patientUsers, eq(patientUsers.id, patients.userId))
    .leftJoin(dependants, eq(dependants.id, appointments.dependantId))
    .leftJoin(healthcareFacilities, eq(healthcareFacilities.id, appointments.facilityId))
    .where(where)
    .orderBy(desc(appointments.appointmentTime))
    .limit(limit)
  const doctorIds = [...new Set(rows.map((r) => r.appointment.doctorId))]
  const specialtyRows = doctorIds.length
    ? await db
        .select({ doctorId: doctorSpecialties.doctorId, code: specialties.code, label: specialties.label })
        .from(doctorSpecialties)
        .innerJoin(specialties, eq(specialties.id, doctorSpecialties.specialtyId))
        .where(inArray(doctorSpecialties.doctorId, doctorIds))
    : []
  const specialtiesOf = new Map<string, { code: string; label: string }[]>()
  for (const { doctorId, code, label } of specialtyRows) specialtiesOf.set(doctorId, [...(specialtiesOf.get(doctorId) ?? []), { code, label }])

  return rows.map(({ appointment: a, doctorUser, patientUser, dependant, facility }) => ({
    id: a.id,
    doctorId: a.doctorId,
    doctor: {
      firstName: doctorUser.firstName,
      lastName: doctorUser.lastName,
      photoUrl: doctorUser.photoUrl,
      specialties: specialtiesOf.get(a.doctorId) ?? [],
    },
    patientId: a.patientId,
    patient: {
      id: a.patientId,
      firstName: patientUser.firstName,
      lastName: patientUser.lastName,
      email: patientUser.email,
      phoneNumber: patientUser.phoneNumber,
      dateOfBirth: toIsoDate(patientUser.dateOfBirth),
      civility: patientUser.civility,
      // Every caller of this reader is a party of the appointment (its patient or its doctor: the routes check).
      dependant: dependant
        ? {
            id: dependant.id,
            firstName: dependant.firstName,
            lastName: dependant.lastName,
            dateOfBirth: dependant.dateOfBirth.slice(0, 10),
            gender: dependant.gender,
          }
        : null,
    },
    appointmentTime: toUtcSeconds(a.appointmentTime),
    timeZone: a.timeZone,
    appointmentType: a.appointmentType,
    status: a.status,
    healthcareFacilityId: a.facilityId,
    reason: a.reason,
    // A home visit's place is the patient's address as booked ("street, city"): the slot's
    // facility, possibly in another town, says nothing of where it is.
    location: a.location
      ? { address: a.location, city: null, url: null }
      : facility
        ? { address: `${facility.name}, ${facility.address}`, city: facility.city, url: null }
        : null,
    timeSlotId: a.timeSlotId,
    createdAt: toUtcSeconds(a.createdAt),
    noShow: a.noShow,
  }))
}

export const appointmentsOfPatient = (db: Db, patientId: PatientId) => findAppointments(db, eq(appointments.patientId, patientId))

export const appointmentsOfDoctor = (db: Db, doctorId: DoctorId) => findAppointments(db, eq(appointments.doctorId, doctorId))

/** One appointment with its doctor, patient and place, or undefined. */
export async function findAppointmentById(db: Db, id: AppointmentId): Promise<Appointment | undefined> {
  const [appointment] = await findAppointments(db, eq(appointments.id, id), 1)
  return appointment
}

/** Who an appointment is between (its patient and its doctor), or undefined when there is none. */
export async function findAppointmentParties(db: Db, id: AppointmentId): Promise<{ id: AppointmentId; patientId: PatientId; doctorId: DoctorId } | undefined> {
  const [row] = await db
    .select({ id: appointments.id, patientId: appointments.patientId, doctorId: appointments.doctorId })
    .from(appointments)
    .where(eq(appointments.id, id))
  return row
}
