import * as Schema from "effect/Schema"
import { AppLanguage, FACILITY_TIME_ZONES, NotificationType, Visibility } from "./enums.ts"
import { LIMITS } from "./fields.ts"
import { DoctorId } from "./ids.ts"
import { DepositFor } from "./payments.ts"

/*
 * Kept here with the time zones, out of the landing page's shell: only settings use them.
 * Patients may not choose REGISTERED_USERS_ONLY (SPEC §5).
 */
export const PatientVisibility = Schema.Literals(["PUBLIC", "PRIVATE", "DOCTORS_ONLY"])
export const Theme = Schema.Literals(["DARK", "LIGHT", "SYSTEM"])
export type Theme = typeof Theme.Type

/**
 * The time zone setting: the spec's values (spelled its way) and the zones of Senegal and Chad
 * where the product runs. Kept here, not in enums.ts, so the landing page's shell does not carry it.
 */
export const TimeZoneSetting = Schema.Literals(["UTC", "EASTERN_TIME", "CENTERAL_TIME", "MONTAIN_TIME", "PACIFIC_TIME", ...FACILITY_TIME_ZONES])
export type TimeZoneSetting = typeof TimeZoneSetting.Type

const boundedInt = (min: number, max: number, key: string) =>
  Schema.Int.check(
    Schema.isGreaterThanOrEqualTo(min, { message: `validation.${key}Min` }),
    Schema.isLessThanOrEqualTo(max, { message: `validation.${key}Max` }),
  )

/** Doctor settings (SPEC §3); bounds of SPEC §5. */
export const DoctorSettings = Schema.Struct({
  doctorSettingsId: Schema.String,
  doctorId: DoctorId,
  autoConfirmAppointments: Schema.Boolean,
  bufferTime: boundedInt(LIMITS.bufferTimeMin, LIMITS.bufferTimeMax, "bufferTime"),
  maxDailyAppointment: boundedInt(LIMITS.maxDailyAppointmentMin, LIMITS.maxDailyAppointmentMax, "maxDailyAppointment"),
  defaultConsultationDuration: boundedInt(LIMITS.consultationDurationMin, LIMITS.consultationDurationMax, "consultationDuration"),
  showRatingsAndReviews: Schema.Boolean,
  allowDirectBooking: Schema.Boolean,
  notifications: Schema.Array(NotificationType),
  visibility: Visibility,
  appLanguage: AppLanguage,
  theme: Theme,
  timeZone: TimeZoneSetting,
  /** Issue 40: who pays a deposit to book (NONE by default), and how much, in whole FCFA. */
  depositFor: DepositFor,
  bookingDeposit: boundedInt(LIMITS.bookingDepositMin, LIMITS.bookingDepositMax, "bookingDeposit"),
})
export type DoctorSettings = typeof DoctorSettings.Type

/** PUT /doctors/{id}/settings: everything but the ids, which come from the path and the session. */
export const DoctorSettingsUpdate = DoctorSettings.mapFields(({ doctorSettingsId: _a, doctorId: _b, ...rest }) => rest)
export type DoctorSettingsUpdate = typeof DoctorSettingsUpdate.Type

/** Patient settings (SPEC §3); REGISTERED_USERS_ONLY is not offered to patients. */
export const PatientSettings = Schema.Struct({
  appointments: Schema.Boolean,
  messages: Schema.Boolean,
  reminders: Schema.Boolean,
  marketing: Schema.Boolean,
  notifications: Schema.Array(NotificationType),
  visibility: PatientVisibility,
  appLanguage: AppLanguage,
  theme: Theme,
  timeZone: TimeZoneSetting,
  shareMedicalDataWithDoctors: Schema.Boolean,
  allowDirectMessaging: Schema.Boolean,
})
export type PatientSettings = typeof PatientSettings.Type
export const PatientSettingsUpdate = PatientSettings
