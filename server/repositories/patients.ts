import { asc, desc, eq } from "drizzle-orm"
import type { BloodType, EmergencyRelationship, MedicalRecordType, NotificationMethod } from "../../schemas/enums.ts"
import type { EmergencyContact, Patient } from "../../schemas/patient.ts"
import type { Db } from "../db/client.ts"
import { dependants, emergencyContacts, medicalAlerts, medicalRecords, patients, users } from "../db/schema.ts"
import { toIsoDate, toUtcSeconds } from "../db/time.ts"
import { locationsByUser } from "./locations.ts"
import { loadPatientSettings } from "./settings.ts"
import { pendingEmailOf } from "./emailChanges.ts"
import { livePhoneCode } from "../verification/codes.ts"
import type { PatientId } from "../../schemas/ids.ts"

/** An emergency_contacts row as the API sends it. */
export const toEmergencyContact = (c: typeof emergencyContacts.$inferSelect): EmergencyContact => ({
  id: c.id,
  firstName: c.firstName,
  lastName: c.lastName,
  phoneNumber: c.phoneNumber,
  email: c.email,
  priority: c.priority,
  relationship: c.relationship as EmergencyRelationship,
})

/** The whole patient record of SPEC §3, or undefined when there is no such patient. */
export async function loadPatient(db: Db, patientId: PatientId): Promise<Patient | undefined> {
  const [row] = await db
    .select({ patient: patients, user: users })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(eq(patients.id, patientId))
  if (!row) return undefined
  const { patient, user } = row
  const [dependantRows, contactRows, alertRows, recordRows, locationMap, settings, pendingEmail, phoneCode] = await Promise.all([
    db.select().from(dependants).where(eq(dependants.patientId, patientId)).orderBy(asc(dependants.firstName)),
    db.select().from(emergencyContacts).where(eq(emergencyContacts.patientId, patientId)).orderBy(asc(emergencyContacts.priority)),
    db.select().from(medicalAlerts).where(eq(medicalAlerts.patientId, patientId)),
    db.select().from(medicalRecords).where(eq(medicalRecords.patientId, patientId)).orderBy(desc(medicalRecords.recordDate)),
    locationsByUser(db, [user.id]),
    loadPatientSettings(db, patientId),
    pendingEmailOf(db, user.id),
    user.phoneVerifiedAt ? null : livePhoneCode(db, user.id, user.phoneNumber, new Date()),
  ])
  return {
    id: patient.id,
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    dateOfBirth: toIsoDate(user.dateOfBirth),
    civility: user.civility,
    bloodType: patient.bloodType as BloodType | null,
    photoUrl: user.photoUrl,
    pendingEmail,
    phoneVerified: user.phoneVerifiedAt !== null,
    emailVerified: user.emailVerifiedAt !== null,
    phoneCode: phoneCode ? { expiresAt: toUtcSeconds(phoneCode.expiresAt), resendAt: toUtcSeconds(phoneCode.resendAt) } : null,
    preferredNotificationMethods: patient.preferredNotificationMethods as NotificationMethod[],
    allergies: patient.allergies,
    chronicConditions: patient.chronicConditions,
    medicalAlerts: alertRows.map((a) => ({ id: a.id, type: a.type, description: a.description, severity: a.severity })),
    medicalRecords: recordRows.map((r) => ({
      id: r.id,
      title: r.title,
      type: r.type as MedicalRecordType,
      description: r.description,
      date: toIsoDate(r.recordDate)!,
      doctor: r.doctorName ? { name: r.doctorName, specialty: r.doctorSpecialty } : null,
      attachments: r.attachments,
    })),
    dependants: dependantRows.map((d) => ({
      id: d.id,
      firstName: d.firstName,
      lastName: d.lastName,
      dateOfBirth: toIsoDate(d.dateOfBirth)!,
      gender: d.gender,
      relationship: d.relationship,
      bloodType: d.bloodType as BloodType | null,
      allergies: d.allergies,
      conditions: d.conditions,
    })),
    emergencyContacts: contactRows.map(toEmergencyContact),
    locations: locationMap.get(user.id) ?? [],
    settings,
  }
}

/** Whether a patient with this id exists. */
export async function patientExists(db: Db, patientId: PatientId): Promise<boolean> {
  const [row] = await db.select({ id: patients.id }).from(patients).where(eq(patients.id, patientId))
  return row !== undefined
}
