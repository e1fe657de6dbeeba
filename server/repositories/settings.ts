import { eq } from "drizzle-orm"
import type { AppLanguage, NotificationType, Theme, TimeZoneSetting, Visibility } from "../../schemas/enums.ts"
import type { DoctorSettings, PatientSettings } from "../../schemas/settings.ts"
import type { Db } from "../db/client.ts"
import { doctorSettings, patientSettings } from "../db/schema.ts"

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

/** Settings of a doctor, created with the defaults of SPEC §9 when missing. */
export async function loadDoctorSettings(db: Db, doctorId: string): Promise<DoctorSettings> {
  const [row] = await db.select().from(doctorSettings).where(eq(doctorSettings.doctorId, doctorId))
  if (row) return toDoctorSettings(row)
  const [created] = await db.insert(doctorSettings).values({ doctorId }).onConflictDoNothing().returning()
  if (created) return toDoctorSettings(created)
  const [again] = await db.select().from(doctorSettings).where(eq(doctorSettings.doctorId, doctorId))
  return toDoctorSettings(again!)
}

/** Settings of a patient, created with the defaults of SPEC §9 when missing. */
export async function loadPatientSettings(db: Db, patientId: string): Promise<PatientSettings> {
  const [row] = await db.select().from(patientSettings).where(eq(patientSettings.patientId, patientId))
  if (row) return toPatientSettings(row)
  const [created] = await db.insert(patientSettings).values({ patientId }).onConflictDoNothing().returning()
  if (created) return toPatientSettings(created)
  const [again] = await db.select().from(patientSettings).where(eq(patientSettings.patientId, patientId))
  return toPatientSettings(again!)
}

/** Saves a doctor's settings; answers the saved row, or undefined when the doctor has none to change. */
export async function saveDoctorSettings(
  db: Db,
  doctorId: string,
  values: Partial<Omit<typeof doctorSettings.$inferInsert, "doctorId">>,
): Promise<DoctorSettingsRow | undefined> {
  const [row] = await db.update(doctorSettings).set(values).where(eq(doctorSettings.doctorId, doctorId)).returning()
  return row
}
