import { eq } from "drizzle-orm"
import type { AppLanguage, NotificationType, Visibility } from "../../schemas/enums.ts"
import type { DoctorSettings, PatientSettings, Theme, TimeZoneSetting } from "../../schemas/settings.ts"
import type { Db } from "../db/client.ts"
import { doctors, doctorSettings, patients, patientSettings } from "../db/schema.ts"
import { inTransaction } from "../db/transaction.ts"
import { ApiError } from "../http/errors.ts"
import { refreshDoctorSearchFields } from "./doctors.ts"
import type { DoctorId, PatientId, UserId } from "../../schemas/ids.ts"

type DoctorSettingsRow = typeof doctorSettings.$inferSelect
type PatientSettingsRow = typeof patientSettings.$inferSelect

export function toDoctorSettings(row: DoctorSettingsRow): DoctorSettings {
  return {
    doctorSettingsId: row.id,
    doctorId: row.doctorId,
    autoConfirmAppointments: row.autoConfirmAppointments,
    bufferTime: row.bufferTime,
    maxDailyAppointment: row.maxDailyAppointment,
    defaultConsultationDuration: row.defaultConsultationDuration,
    showRatingsAndReviews: row.showRatingsAndReviews,
    allowDirectBooking: row.allowDirectBooking,
    notifications: row.notifications as NotificationType[],
    visibility: row.visibility as Visibility,
    appLanguage: row.appLanguage as AppLanguage,
    theme: row.theme as Theme,
    timeZone: row.timeZone as TimeZoneSetting,
    depositFor: row.depositFor,
    bookingDeposit: row.bookingDeposit,
  }
}

export function toPatientSettings(row: PatientSettingsRow): PatientSettings {
  return {
    appointments: row.appointments,
    messages: row.messages,
    reminders: row.reminders,
    marketing: row.marketing,
    notifications: row.notifications as NotificationType[],
    visibility: row.visibility as PatientSettings["visibility"],
    appLanguage: row.appLanguage as AppLanguage,
    theme: row.theme as Theme,
    timeZone: row.timeZone as TimeZoneSetting,
    shareMedicalDataWithDoctors: row.shareMedicalDataWithDoctors,
    allowDirectMessaging: row.allowDirectMessaging,
  }
}

// Settings rows are made with the account (the seed today; sign-up when it comes), so reads never
// write: GET /session and the profile reads stay reads. A missing row is the spec's not-found code.

/** Settings of a doctor. */
export async function loadDoctorSettings(db: Db, doctorId: DoctorId): Promise<DoctorSettings> {
  const [row] = await db.select().from(doctorSettings).where(eq(doctorSettings.doctorId, doctorId))
  if (!row) throw new ApiError("DOCTOR_SETTINGS_NOT_FOUND")
  return toDoctorSettings(row)
}

/** Settings of a patient. */
export async function loadPatientSettings(db: Db, patientId: PatientId): Promise<PatientSettings> {
  const [row] = await db.select().from(patientSettings).where(eq(patientSettings.patientId, patientId))
  if (!row) throw new ApiError("PATIENT_SETTINGS_NOT_FOUND")
  return toPatientSettings(row)
}

/**
 * Saves a doctor's settings; answers the saved row, or undefined when the doctor has none to change.
 * A visibility saved re-reads whether the doctor is listed by the search, in the same transaction.
 */
export async function saveDoctorSettings(
  db: Db,
  doctorId: DoctorId,
  values: Partial<Omit<typeof doctorSettings.$inferInsert, "doctorId">>,
): Promise<DoctorSettingsRow | undefined> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.update(doctorSettings).set(values).where(eq(doctorSettings.doctorId, doctorId)).returning()
    if (row && values.visibility !== undefined) await refreshDoctorSearchFields(tx, doctorId)
    return row
  })
}

/** The interface language a patient or doctor saved in their settings, or null (managers, admins, no row). */
export async function savedAppLanguage(db: Db, userId: UserId): Promise<AppLanguage | null> {
  const [patient] = await db
    .select({ appLanguage: patientSettings.appLanguage })
    .from(patientSettings)
    .innerJoin(patients, eq(patients.id, patientSettings.patientId))
    .where(eq(patients.userId, userId))
  const [doctor] = patient
    ? []
    : await db
        .select({ appLanguage: doctorSettings.appLanguage })
        .from(doctorSettings)
        .innerJoin(doctors, eq(doctors.id, doctorSettings.doctorId))
        .where(eq(doctors.userId, userId))
  const saved = patient?.appLanguage ?? doctor?.appLanguage
  return saved === "FR" || saved === "EN" || saved === "AR" ? saved : null
}
