import * as Schema from "effect/Schema"
import { APPOINTMENT_STATUSES, SERVICE_CODES } from "./valueLists.ts"

export { APPOINTMENT_STATUSES, PATIENT_STATUSES, SERVICE_CODES } from "./valueLists.ts"

/** Enumerations exactly as SPEC §3 spells them (CENTERAL_TIME and MONTAIN_TIME included). */
export const ROLES = ["PATIENT", "DOCTOR", "MANAGER", "ADMIN"] as const
export const Role = Schema.Literals(ROLES)
export type Role = typeof Role.Type

export const Civility = Schema.Literals(["MAN", "WOMAN"])
export type Civility = typeof Civility.Type

export const BLOOD_TYPES = ["A+", "A-", "B+", "B-", "AB+", "AB-", "O+", "O-", "UNKNOWN"] as const
export const BloodType = Schema.Literals(BLOOD_TYPES)
export type BloodType = typeof BloodType.Type

export const COUNTRIES = ["SENEGAL", "CHAD"] as const
export const Country = Schema.Literals(COUNTRIES)
export type Country = typeof Country.Type

export const Residency = Schema.Literals(["HOME", "SECOND_HOME", "OTHER"])
export type Residency = typeof Residency.Type

export const DependantRelationship = Schema.Literals(["CHILD", "SPOUSE", "PARENT", "OTHER"])
export type DependantRelationship = typeof DependantRelationship.Type

export const Gender = Schema.Literals(["MALE", "FEMALE"])
export type Gender = typeof Gender.Type

export const EMERGENCY_RELATIONSHIPS = ["HUSBAND", "WIFE", "SPOUSE", "PARENT", "SIBLING", "FRIEND"] as const
export const EmergencyRelationship = Schema.Literals(EMERGENCY_RELATIONSHIPS)
export type EmergencyRelationship = typeof EmergencyRelationship.Type

export const Severity = Schema.Literals(["LOW", "MEDIUM", "HIGH"])
export type Severity = typeof Severity.Type

export const MEDICAL_RECORD_TYPES = ["LAB_RESULT", "PRESCRIPTION", "VACCINATION", "CONSULTATION", "IMAGING"] as const
export const MedicalRecordType = Schema.Literals(MEDICAL_RECORD_TYPES)
export type MedicalRecordType = typeof MedicalRecordType.Type

export const SPOKEN_LANGUAGES = ["EN", "FR", "AR", "WO"] as const
export const SpokenLanguage = Schema.Literals(SPOKEN_LANGUAGES)
export type SpokenLanguage = typeof SpokenLanguage.Type

export const APP_LANGUAGES = ["EN", "FR", "AR"] as const
export const AppLanguage = Schema.Literals(APP_LANGUAGES)
export type AppLanguage = typeof AppLanguage.Type

export const ServiceCode = Schema.Literals(SERVICE_CODES)
export type ServiceCode = typeof ServiceCode.Type
export const AppointmentType = ServiceCode
export type AppointmentType = ServiceCode

export const AppointmentStatus = Schema.Literals(APPOINTMENT_STATUSES)
export type AppointmentStatus = typeof AppointmentStatus.Type

export const TIME_SLOT_STATUSES = ["AVAILABLE", "BOOKED", "CANCELLED", "EXPIRED"] as const
export const TimeSlotStatus = Schema.Literals(TIME_SLOT_STATUSES)
export type TimeSlotStatus = typeof TimeSlotStatus.Type

/** Monday first: the week starts on Monday everywhere in the product. */
export const DAYS_OF_WEEK = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"] as const
export const DayOfWeek = Schema.Literals(DAYS_OF_WEEK)
export type DayOfWeek = typeof DayOfWeek.Type

export const FACILITY_TYPES = ["HOSPITAL", "CLINIC", "PHARMACY", "LABORATORY"] as const
export const FacilityType = Schema.Literals(FACILITY_TYPES)
export type FacilityType = typeof FacilityType.Type

export const VISIBILITIES = ["PUBLIC", "PRIVATE", "DOCTORS_ONLY", "REGISTERED_USERS_ONLY"] as const
export const Visibility = Schema.Literals(VISIBILITIES)
export type Visibility = typeof Visibility.Type

export const NOTIFICATION_TYPES = ["APPOINTMENTS", "MESSAGES", "REVIEWS", "UPDATES", "MARKETING", "REMINDERS"] as const
export const NotificationType = Schema.Literals(NOTIFICATION_TYPES)
export type NotificationType = typeof NotificationType.Type

export const NotificationMethod = Schema.Literals(["SMS", "EMAIL"])
export type NotificationMethod = typeof NotificationMethod.Type

export const ReactionType = Schema.Literals(["LIKE", "DISLIKE"])
export type ReactionType = typeof ReactionType.Type

export const CONTACT_ROLES = ["PATIENT", "DOCTOR", "HEALTH_CENTER_MANAGER", "POTENTIAL_PARTNER", "OTHER"] as const
export const ContactRole = Schema.Literals(CONTACT_ROLES)
export type ContactRole = typeof ContactRole.Type

/** IANA zones of the facilities we serve; slots are computed and shown in these. */
export const FACILITY_TIME_ZONES = ["Africa/Dakar", "Africa/Ndjamena"] as const
export const FacilityTimeZone = Schema.Literals(FACILITY_TIME_ZONES)
export type FacilityTimeZone = typeof FacilityTimeZone.Type
