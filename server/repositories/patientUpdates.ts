import { and, count, eq, max, notInArray } from "drizzle-orm"
import { COLLECTION_CAPS } from "../../schemas/collectionCaps.ts"
import type { EmergencyContact, EmergencyContactInput, MedicalRecordInput, PatientUpdate } from "../../schemas/patient.ts"
import type { PatientSettings } from "../../schemas/settings.ts"
import type { NotificationType } from "../../schemas/enums.ts"
import type { Db } from "../db/client.ts"
import { dependants, emergencyContacts, medicalAlerts, medicalRecords, patients, patientSettings, users } from "../db/schema.ts"
import { ApiError, forbidden } from "../http/errors.ts"
import { isUniqueViolation } from "./appointmentRules.ts"
import { replaceLocations } from "./locations.ts"
import { toEmergencyContact } from "./patients.ts"
import { toPatientSettings } from "./settings.ts"
import { inTransaction } from "../db/transaction.ts"
import type { EmergencyContactId, MedicalRecordId, PatientId, UserId } from "../../schemas/ids.ts"

/** Trimmed entries, blanks dropped (SPEC §5: blank allergies and chronic conditions are dropped on save). */
const cleanList = (list: ReadonlyArray<string>) => list.map((s) => s.trim()).filter((s) => s.length > 0)

/**
 * Saves the patient form of SPEC §5 in one transaction: user, patient, locations, and dependants and
 * alerts when sent. The sign-in address is not saved here: it changes only through its emailed link.
 */
export async function updatePatientProfile(db: Db, patientId: PatientId, userId: UserId, body: PatientUpdate): Promise<{ phoneChanged: boolean }> {
  return inTransaction(db, async (tx) => {
    const [before] = await tx.select({ phone: users.phoneNumber }).from(users).where(eq(users.id, userId)).for("update")
    const phoneChanged = (before?.phone ?? null) !== (body.phoneNumber ?? null)
    await tx
      .update(users)
      .set({
        firstName: body.firstName.trim(),
        lastName: body.lastName.trim(),
        phoneNumber: body.phoneNumber,
        dateOfBirth: body.dateOfBirth,
        civility: body.civility,
        ...(body.photoUrl !== undefined ? { photoUrl: body.photoUrl } : {}),
        // A new number gets no SMS until its code comes back (issue 38).
        ...(phoneChanged ? { phoneVerifiedAt: null } : {}),
      })
      .where(eq(users.id, userId))
    await tx
      .update(patients)
      .set({
        bloodType: body.bloodType,
        allergies: cleanList(body.allergies),
        chronicConditions: cleanList(body.chronicConditions),
        preferredNotificationMethods: [...new Set(body.preferredNotificationMethods)],
      })
      .where(eq(patients.id, patientId))
    await replaceLocations(tx, userId, body.locations)
    if (body.dependants) await replaceDependants(tx, patientId, body.dependants)
    if (body.medicalAlerts) await replaceAlerts(tx, patientId, body.medicalAlerts)
    return { phoneChanged }
  })
}

/** Keeps the dependants sent with an id (updated), adds those without, removes the others. */
async function replaceDependants(tx: Db, patientId: PatientId, list: NonNullable<PatientUpdate["dependants"]>): Promise<void> {
  const existing = await tx.select({ id: dependants.id }).from(dependants).where(eq(dependants.patientId, patientId))
  const owned = new Set(existing.map((d) => d.id))
  const kept = list.flatMap((d) => (d.id ? [d.id] : []))
  if (kept.some((id) => !owned.has(id))) throw forbidden("A dependant sent is not this patient's")
  await tx
    .delete(dependants)
    .where(kept.length ? and(eq(dependants.patientId, patientId), notInArray(dependants.id, kept)) : eq(dependants.patientId, patientId))
  for (const d of list) {
    const values = {
      firstName: d.firstName.trim(),
      lastName: d.lastName.trim(),
      dateOfBirth: d.dateOfBirth,
      gender: d.gender,
      relationship: d.relationship,
      bloodType: d.bloodType ?? null,
      allergies: cleanList(d.allergies ?? []),
      conditions: cleanList(d.conditions ?? []),
    }
    if (d.id) await tx.update(dependants).set(values).where(eq(dependants.id, d.id))
    else await tx.insert(dependants).values({ patientId, ...values })
  }
}

async function replaceAlerts(tx: Db, patientId: PatientId, list: NonNullable<PatientUpdate["medicalAlerts"]>): Promise<void> {
  await tx.delete(medicalAlerts).where(eq(medicalAlerts.patientId, patientId))
  if (list.length === 0) return
  await tx.insert(medicalAlerts).values(list.map((a) => ({ patientId, type: a.type.trim(), description: a.description.trim(), severity: a.severity })))
}

/** The notification list follows the switches; appointment notifications are always on (SPEC §4). */
export async function savePatientSettings(db: Db, patientId: PatientId, body: PatientSettings): Promise<PatientSettings> {
  const notifications: NotificationType[] = [
    "APPOINTMENTS",
    ...(body.messages ? (["MESSAGES"] as const) : []),
    ...(body.reminders ? (["REMINDERS"] as const) : []),
    ...(body.marketing ? (["MARKETING"] as const) : []),
  ]
  const values = {
    appointments: true,
    messages: body.messages,
    reminders: body.reminders,
    marketing: body.marketing,
    notifications,
    visibility: body.visibility,
    appLanguage: body.appLanguage,
    theme: body.theme,
    timeZone: body.timeZone,
    shareMedicalDataWithDoctors: body.shareMedicalDataWithDoctors,
    allowDirectMessaging: body.allowDirectMessaging,
  }
  const [row] = await db
    .insert(patientSettings)
    .values({ patientId, ...values })
    .onConflictDoUpdate({ target: patientSettings.patientId, set: values })
    .returning()
  return toPatientSettings(row!)
}

/** A phone number already among the patient's contacts is said so, by its field. */
async function unlessDuplicatePhone<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (!isUniqueViolation(error, "emergency_contacts_patient_phone_key")) throw error
    throw new ApiError("DUPLICATE_EMERGENCY_CONTACT_PHONE_NUMBER", "This phone number is already one of your emergency contacts", [
      { name: "phoneNumber", message: "validation.duplicateContactPhone" },
    ])
  }
}

const contactValues = (body: EmergencyContactInput) => ({
  firstName: body.firstName.trim(),
  lastName: body.lastName.trim(),
  phoneNumber: body.phoneNumber,
  email: body.email?.trim() || null,
  relationship: body.relationship,
})

/**
 * The refusal of one more item in a collection already at its cap (COLLECTION_CAPS): 422
 * BUSINESS_ERROR, the reason on the form as a whole.
 */
export const collectionFull = (message: string, key: string) => new ApiError("BUSINESS_ERROR", message, [{ name: "form", message: key }])

/**
 * Locks the patient's row for the rest of the transaction: two additions at once queue here, so
 * neither counts the collection before the other has added to it.
 */
export const lockPatient = (tx: Db, patientId: PatientId) => tx.select({ id: patients.id }).from(patients).where(eq(patients.id, patientId)).for("update")

/** Adds an emergency contact, last in priority unless one is given; refused beyond COLLECTION_CAPS.emergencyContacts. */
export async function addEmergencyContact(db: Db, patientId: PatientId, body: EmergencyContactInput): Promise<EmergencyContact> {
  return inTransaction(db, async (tx) => {
    await lockPatient(tx, patientId)
    const [{ top, held } = { top: 0, held: 0 }] = await tx
      .select({ top: max(emergencyContacts.priority), held: count() })
      .from(emergencyContacts)
      .where(eq(emergencyContacts.patientId, patientId))
    if (held >= COLLECTION_CAPS.emergencyContacts) throw collectionFull("Too many emergency contacts", "emergencyContacts.full")
    const [row] = await unlessDuplicatePhone(() =>
      tx
        .insert(emergencyContacts)
        .values({ patientId, ...contactValues(body), priority: body.priority ?? (top ?? 0) + 1 })
        .returning(),
    )
    return toEmergencyContact(row!)
  })
}

/** Updates one of the patient's own emergency contacts. */
export async function updateEmergencyContact(
  db: Db,
  patientId: PatientId,
  contactId: EmergencyContactId,
  body: EmergencyContactInput,
): Promise<EmergencyContact> {
  const [current] = await db.select().from(emergencyContacts).where(eq(emergencyContacts.id, contactId))
  if (!current) throw new ApiError("EMERGENCY_CONTACT_NOT_FOUND")
  if (current.patientId !== patientId) throw forbidden("This emergency contact is not yours")
  const [row] = await unlessDuplicatePhone(() =>
    db
      .update(emergencyContacts)
      .set({ ...contactValues(body), ...(body.priority !== undefined ? { priority: body.priority } : {}) })
      .where(eq(emergencyContacts.id, contactId))
      .returning(),
  )
  return toEmergencyContact(row!)
}

/** Removes one of the patient's own emergency contacts. */
export async function deleteEmergencyContact(db: Db, patientId: PatientId, contactId: EmergencyContactId): Promise<void> {
  const [current] = await db.select({ patientId: emergencyContacts.patientId }).from(emergencyContacts).where(eq(emergencyContacts.id, contactId))
  if (!current) throw new ApiError("EMERGENCY_CONTACT_NOT_FOUND")
  if (current.patientId !== patientId) throw forbidden("This emergency contact is not yours")
  await db.delete(emergencyContacts).where(and(eq(emergencyContacts.id, contactId), eq(emergencyContacts.patientId, patientId)))
}

/** Adds a medical record whose files the patient has uploaded. */
export async function addMedicalRecord(db: Db, patientId: PatientId, body: MedicalRecordInput, today: string): Promise<string> {
  return inTransaction(db, async (tx) => {
    await lockPatient(tx, patientId)
    const [{ held } = { held: 0 }] = await tx.select({ held: count() }).from(medicalRecords).where(eq(medicalRecords.patientId, patientId))
    if (held >= COLLECTION_CAPS.medicalRecords) throw collectionFull("Too many medical records", "medicalRecords.full")
    const [row] = await tx
      .insert(medicalRecords)
      .values({
        patientId,
        title: body.title?.trim() || body.attachments[0]?.name || body.type,
        type: body.type,
        description: body.description.trim(),
        recordDate: body.date ?? today,
        attachments: [...body.attachments],
      })
      .returning({ id: medicalRecords.id })
    return row!.id
  })
}

/** Removes one of the patient's medical records; the files go with the storage calls of the client. */
export async function deleteMedicalRecord(db: Db, patientId: PatientId, recordId: MedicalRecordId): Promise<void> {
  const [current] = await db.select({ patientId: medicalRecords.patientId }).from(medicalRecords).where(eq(medicalRecords.id, recordId))
  if (!current) throw new ApiError("NOT_FOUND", "No such medical record")
  if (current.patientId !== patientId) throw forbidden("This medical record is not yours")
  await db.delete(medicalRecords).where(eq(medicalRecords.id, recordId))
}
