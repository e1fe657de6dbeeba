import { sql } from "drizzle-orm"
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core"
import type {
  AppointmentId,
  AvailabilityId,
  DependantId,
  DoctorId,
  DoctorRequestId,
  EmergencyContactId,
  FacilityId,
  MedicalRecordId,
  PatientId,
  ReviewId,
  PaymentId,
  TimeSlotId,
  UserId,
} from "../../schemas/ids.ts"
import { DEPOSIT_DEFAULT } from "../../schemas/limits.ts"
import type { Currency, DepositFor, PaymentMethod, PaymentStatus } from "../../schemas/payments.ts"
import type { SessionBrowser, SessionSystem } from "../../schemas/sessions.ts"

/** A table's own id; `T` is its branded type (schemas/ids.ts), so rows carry the brand without casts. */
const id = <T extends string = string>() => uuid("id").primaryKey().defaultRandom().$type<T>()
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
const textList = (name: string) =>
  jsonb(name)
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`)

export const users = pgTable(
  "users",
  {
    id: id<UserId>(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role").$type<"PATIENT" | "DOCTOR" | "MANAGER" | "ADMIN">().notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    photoUrl: text("photo_url"),
    phoneNumber: text("phone_number"),
    civility: text("civility").$type<"MAN" | "WOMAN">(),
    dateOfBirth: date("date_of_birth"),
    isActive: boolean("is_active").notNull().default(true),
    /**
     * When the phone number was proved by a code sent to it (issue 38); null: it gets no SMS. The
     * default counts the accounts made before (and the demo's) as verified; a self sign-up and a
     * change of number clear it.
     */
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }).defaultNow(),
    /** When the sign-in address was proved by its link; null: it gets nothing but its verification mail. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }).defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_email_key").on(sql`lower(${t.email})`)],
)

/** Server-side sessions; only a SHA-256 of the token is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    tokenHash: text("token_hash").notNull(),
    userId: uuid("user_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** What signed in, named from the User-Agent at sign-in (server/auth/device.ts); never the header itself. */
    deviceBrowser: text("device_browser").$type<SessionBrowser>(),
    deviceOs: text("device_os").$type<SessionSystem>(),
    /** The last request made with it, written at most once a minute: the idle limit counts from here (issue 38). */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
)

export const specialties = pgTable("specialties", {
  id: id(),
  code: text("code").notNull().unique(),
  label: text("label").notNull(),
})

export const healthcareFacilities = pgTable(
  "healthcare_facilities",
  {
    id: id<FacilityId>(),
    name: text("name").notNull(),
    facilityType: text("facility_type").$type<"HOSPITAL" | "CLINIC" | "PHARMACY" | "LABORATORY">().notNull(),
    photoUrl: text("photo_url"),
    isPartner: boolean("is_partner").notNull().default(false),
    rating: doublePrecision("rating").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    address: text("address").notNull(),
    city: text("city").notNull(),
    state: text("state"),
    country: text("country").$type<"SENEGAL" | "CHAD">().notNull().default("SENEGAL"),
    phoneNumber: text("phone_number"),
    website: text("website"),
    /** { MONDAY: { open: "08:00", close: "18:00" } | null, ... } */
    hours: jsonb("hours").$type<Record<string, { open: string; close: string } | null>>().notNull(),
    careTypes: textList("care_types"),
    emergency: boolean("emergency").notNull().default(false),
    timeZone: text("time_zone").$type<"Africa/Dakar" | "Africa/Ndjamena">().notNull().default("Africa/Dakar"),
  },
  (t) => [index("facilities_name_idx").on(sql`lower(${t.name})`), index("facilities_type_idx").on(t.facilityType)],
)

export const patients = pgTable("patients", {
  id: id<PatientId>(),
  userId: uuid("user_id")
    .$type<UserId>()
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  bloodType: text("blood_type"),
  allergies: textList("allergies"),
  chronicConditions: textList("chronic_conditions"),
  preferredNotificationMethods: textList("preferred_notification_methods"),
  status: text("status").$type<"ACTIVE" | "INACTIVE">().notNull().default("ACTIVE"),
})

export const patientSettings = pgTable("patient_settings", {
  patientId: uuid("patient_id")
    .$type<PatientId>()
    .primaryKey()
    .references(() => patients.id, { onDelete: "cascade" }),
  appointments: boolean("appointments").notNull().default(true),
  messages: boolean("messages").notNull().default(false),
  reminders: boolean("reminders").notNull().default(false),
  marketing: boolean("marketing").notNull().default(false),
  notifications: textList("notifications"),
  visibility: text("visibility").notNull().default("PRIVATE"),
  appLanguage: text("app_language").notNull().default("EN"),
  theme: text("theme").notNull().default("SYSTEM"),
  timeZone: text("time_zone").notNull().default("UTC"),
  shareMedicalDataWithDoctors: boolean("share_medical_data_with_doctors").notNull().default(true),
  allowDirectMessaging: boolean("allow_direct_messaging").notNull().default(true),
})

export const doctors = pgTable(
  "doctors",
  {
    id: id<DoctorId>(),
    userId: uuid("user_id")
      .$type<UserId>()
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    refNumber: text("ref_number"),
    biography: text("biography"),
    website: text("website"),
    careerStartYear: integer("career_start_year"),
    consultationFee: integer("consultation_fee"),
    averageRate: doublePrecision("average_rate").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    spokenLanguages: textList("spoken_languages"),
    insuranceAccepted: textList("insurance_accepted"),
    awards: jsonb("awards")
      .$type<{ title: string; issuer: string; year: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    publications: jsonb("publications")
      .$type<{ title: string; journal: string; year: number; url?: string | null }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    clinicPhotos: textList("clinic_photos"),
    education: textList("education"),
    /** Lower-cased names and specialty labels and codes, kept by the gateway, for keyword search. */
    searchText: text("search_text").notNull().default(""),
    /** City of the primary location, lower-cased, for the location filter. */
    primaryCity: text("primary_city"),
    /** Cheapest provided service price, for the fee sort and the starting price. */
    minPrice: integer("min_price"),
    /** The user is active and the visibility not PRIVATE: the doctor is listed by the search (kept by refreshDoctorSearchFields). */
    listed: boolean("listed").notNull().default(true),
    /** Codes of the provided services, for the visit-type filter without a join. */
    serviceCodes: text("service_codes")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Codes of the doctor's specialties, for the specialty filter: an array a GIN index finds
     * and combines with the city or rating index (in doctor_listings), where a semi-join on doctor_specialties read
     * every doctor of a specialty before filtering (70 ms for Cardiology in Dakar at 100,000 doctors).
     */
    specialtyCodes: text("specialty_codes")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Lower-cased names, for the name sort without a join (the listing index of doctor_listings is on them). */
    sortFirstName: text("sort_first_name").notNull().default(""),
    sortLastName: text("sort_last_name").notNull().default(""),
  },
  // The search reads none of these columns here: a copy of them is kept in doctor_listings, with
  // the indexes the search uses (see there).
)

/**
 * What the search filters and sorts on, one narrow row per doctor, copied from the doctors table
 * by triggers (migration 0012) whatever statement changes it. The search reads only this table to
 * count its matches and choose a page: at 100,000 doctors it is a seventh of the doctors table's
 * size and stays in PostgreSQL's buffers, where counting up to 1,000 matches in the wide rows read
 * a page of the disk cache per match (11 ms for Cardiology in Dakar, against 3 ms here). The
 * listing index (names, id, with listed, service codes and the search text included) is made by
 * the migration in SQL: drizzle cannot declare INCLUDE columns. It serves the name sort, and the
 * count, with the keyword filter read from the index. So is the city index (migration 0015), which
 * carries listed, service codes and languages: a count in a city, in a language or not, reads no
 * row (Thiès in Wolof at 100,000 doctors: 3.7 -> 0.7 ms).
 */
export const doctorListings = pgTable(
  "doctor_listings",
  {
    doctorId: uuid("doctor_id")
      .$type<DoctorId>()
      .primaryKey()
      .references(() => doctors.id, { onDelete: "cascade" }),
    listed: boolean("listed").notNull(),
    searchText: text("search_text").notNull(),
    primaryCity: text("primary_city"),
    minPrice: integer("min_price"),
    serviceCodes: text("service_codes").array().notNull(),
    specialtyCodes: text("specialty_codes").array().notNull(),
    sortFirstName: text("sort_first_name").notNull(),
    sortLastName: text("sort_last_name").notNull(),
    averageRate: doublePrecision("average_rate").notNull(),
    careerStartYear: integer("career_start_year"),
    spokenLanguages: jsonb("spoken_languages").$type<string[]>().notNull(),
    insuranceAccepted: jsonb("insurance_accepted").$type<string[]>().notNull(),
  },
  (t) => [
    index("doctor_listings_rating_idx").on(t.averageRate, t.doctorId),
    index("doctor_listings_career_idx").on(t.careerStartYear, t.doctorId),
    index("doctor_listings_min_price_idx").on(t.minPrice, t.doctorId),
    index("doctor_listings_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("doctor_listings_specialty_codes_idx").using("gin", t.specialtyCodes),
  ],
)

/**
 * One row per listed doctor and specialty, copied from doctor_listings by triggers (migrations
 * 0013, 0014): what a search of one specialty reads. Its count index holds every column that count
 * filters on, so PostgreSQL counts from the index alone, where the listings' GIN index can only
 * point at rows to read (Cardiology in Dakar, up to 1,001 matches at 100,000 doctors: 3.0 ms from
 * the listings, 0.6 ms here). The count index carrying the listed flag, service codes and id is
 * made by the migration in SQL: drizzle cannot declare INCLUDE columns. The sort indexes walk one
 * specialty's rows in the page's order, where the listings' walk every doctor's and skip the other
 * specialties' (Cardiology in Dakar by price: 9 ms there, 0.6 ms here).
 */
export const doctorSpecialtyListings = pgTable(
  "doctor_specialty_listings",
  {
    specialtyCode: text("specialty_code").notNull(),
    doctorId: uuid("doctor_id")
      .$type<DoctorId>()
      .notNull()
      .references(() => doctorListings.doctorId, { onDelete: "cascade" }),
    primaryCity: text("primary_city"),
    averageRate: doublePrecision("average_rate").notNull(),
    listed: boolean("listed").notNull(),
    serviceCodes: text("service_codes").array().notNull(),
    minPrice: integer("min_price"),
    careerStartYear: integer("career_start_year"),
    sortFirstName: text("sort_first_name").notNull(),
    sortLastName: text("sort_last_name").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.doctorId, t.specialtyCode] }),
    index("doctor_specialty_listings_rating_idx").on(t.specialtyCode, t.averageRate, t.doctorId),
    index("doctor_specialty_listings_career_idx").on(t.specialtyCode, t.careerStartYear, t.doctorId),
    index("doctor_specialty_listings_min_price_idx").on(t.specialtyCode, t.minPrice, t.doctorId),
    index("doctor_specialty_listings_name_idx").on(t.specialtyCode, t.sortFirstName, t.sortLastName, t.doctorId),
  ],
)

export const doctorSpecialties = pgTable(
  "doctor_specialties",
  {
    doctorId: uuid("doctor_id")
      .$type<DoctorId>()
      .notNull()
      .references(() => doctors.id, { onDelete: "cascade" }),
    specialtyId: uuid("specialty_id")
      .notNull()
      .references(() => specialties.id, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.doctorId, t.specialtyId] }), index("doctor_specialties_specialty_idx").on(t.specialtyId)],
)

export const providedServices = pgTable(
  "provided_services",
  {
    id: id(),
    doctorId: uuid("doctor_id")
      .$type<DoctorId>()
      .notNull()
      .references(() => doctors.id, { onDelete: "cascade" }),
    code: text("code").$type<"CLINIC" | "ONLINE" | "HOME">().notNull(),
    price: integer("price").notNull(),
  },
  (t) => [uniqueIndex("provided_services_doctor_code_key").on(t.doctorId, t.code)],
)

export const doctorSettings = pgTable("doctor_settings", {
  id: id(),
  doctorId: uuid("doctor_id")
    .$type<DoctorId>()
    .notNull()
    .unique()
    .references(() => doctors.id, { onDelete: "cascade" }),
  autoConfirmAppointments: boolean("auto_confirm_appointments").notNull().default(false),
  bufferTime: integer("buffer_time").notNull().default(15),
  maxDailyAppointment: integer("max_daily_appointment").notNull().default(20),
  defaultConsultationDuration: integer("default_consultation_duration").notNull().default(30),
  showRatingsAndReviews: boolean("show_ratings_and_reviews").notNull().default(true),
  allowDirectBooking: boolean("allow_direct_booking").notNull().default(true),
  notifications: jsonb("notifications")
    .$type<string[]>()
    .notNull()
    .default(sql`'["APPOINTMENTS","MESSAGES","REVIEWS","UPDATES"]'::jsonb`),
  visibility: text("visibility").notNull().default("PUBLIC"),
  appLanguage: text("app_language").notNull().default("EN"),
  theme: text("theme").notNull().default("SYSTEM"),
  timeZone: text("time_zone").notNull().default("UTC"),
  /** Issue 40: who pays a deposit to book, and how much (whole FCFA). */
  depositFor: text("deposit_for").$type<DepositFor>().notNull().default("NONE"),
  bookingDeposit: integer("booking_deposit").notNull().default(DEPOSIT_DEFAULT),
})

export const doctorFacilities = pgTable(
  "doctor_facilities",
  {
    doctorId: uuid("doctor_id")
      .$type<DoctorId>()
      .notNull()
      .references(() => doctors.id, { onDelete: "cascade" }),
    facilityId: uuid("facility_id")
      .$type<FacilityId>()
      .notNull()
      .references(() => healthcareFacilities.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.doctorId, t.facilityId] }), index("doctor_facilities_facility_idx").on(t.facilityId)],
)

export const managers = pgTable("managers", {
  userId: uuid("user_id")
    .$type<UserId>()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  facilityId: uuid("facility_id")
    .$type<FacilityId>()
    .references(() => healthcareFacilities.id, { onDelete: "set null" }),
})

/** Locations of patients and doctors, owned by the user. */
export const locations = pgTable(
  "locations",
  {
    id: id(),
    userId: uuid("user_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    city: text("city").notNull(),
    state: text("state"),
    zip: text("zip"),
    country: text("country").$type<"SENEGAL" | "CHAD">().notNull().default("SENEGAL"),
    isPrimary: boolean("is_primary").notNull().default(false),
    residency: text("residency").$type<"HOME" | "SECOND_HOME" | "OTHER">(),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("locations_user_idx").on(t.userId)],
)

export const availabilities = pgTable(
  "availabilities",
  {
    id: id<AvailabilityId>(),
    doctorId: uuid("doctor_id")
      .$type<DoctorId>()
      .notNull()
      .references(() => doctors.id, { onDelete: "cascade" }),
    facilityId: uuid("facility_id")
      .$type<FacilityId>()
      .references(() => healthcareFacilities.id, { onDelete: "set null" }),
    dayOfWeek: text("day_of_week").notNull(),
    startTime: text("start_time").notNull(),
    endTime: text("end_time").notNull(),
    isRecurring: boolean("is_recurring").notNull().default(true),
    slotDurationMinutes: integer("slot_duration_minutes").notNull().default(30),
    timeZone: text("time_zone").$type<"Africa/Dakar" | "Africa/Ndjamena">().notNull().default("Africa/Dakar"),
    /** For a one-off availability: the date it applies to. */
    onDate: date("on_date"),
    createdAt: createdAt(),
  },
  (t) => [index("availabilities_doctor_idx").on(t.doctorId, t.dayOfWeek)],
)

export const timeSlots = pgTable(
  "time_slots",
  {
    id: id<TimeSlotId>(),
    doctorId: uuid("doctor_id")
      .$type<DoctorId>()
      .notNull()
      .references(() => doctors.id, { onDelete: "cascade" }),
    availabilityId: uuid("availability_id")
      .$type<AvailabilityId>()
      .notNull()
      .references(() => availabilities.id, { onDelete: "cascade" }),
    facilityId: uuid("facility_id")
      .$type<FacilityId>()
      .references(() => healthcareFacilities.id, { onDelete: "set null" }),
    slotDate: date("slot_date").notNull(),
    startTime: text("start_time").notNull(),
    endTime: text("end_time").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    timeZone: text("time_zone").$type<"Africa/Dakar" | "Africa/Ndjamena">().notNull(),
    status: text("status").$type<"AVAILABLE" | "BOOKED" | "CANCELLED" | "EXPIRED">().notNull().default("AVAILABLE"),
    /**
     * A hold while its user confirms (issue 14): who holds it and until when. A hold whose
     * `held_until` has passed is no hold: every read and write compares it with now, so a hold
     * ends on time without a timer, across restarts.
     */
    heldBy: uuid("held_by")
      .$type<UserId>()
      .references(() => users.id, { onDelete: "set null" }),
    heldUntil: timestamp("held_until", { withTimezone: true }),
  },
  (t) => [
    // Generating slots twice must never duplicate one: a doctor has one slot per local start.
    uniqueIndex("time_slots_doctor_start_key").on(t.doctorId, t.slotDate, t.startTime),
    // One hold per user: a new hold finds the user's previous one by this index.
    index("time_slots_held_by_idx").on(t.heldBy),
    index("time_slots_doctor_starts_idx").on(t.doctorId, t.startsAt),
    index("time_slots_availability_idx").on(t.availabilityId),
  ],
)

export const dependants = pgTable(
  "dependants",
  {
    id: id<DependantId>(),
    patientId: uuid("patient_id")
      .$type<PatientId>()
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    dateOfBirth: date("date_of_birth").notNull(),
    gender: text("gender").$type<"MALE" | "FEMALE">().notNull(),
    relationship: text("relationship").$type<"CHILD" | "SPOUSE" | "PARENT" | "OTHER">().notNull(),
    bloodType: text("blood_type"),
    allergies: textList("allergies"),
    conditions: textList("conditions"),
  },
  (t) => [index("dependants_patient_idx").on(t.patientId)],
)

export const appointments = pgTable(
  "appointments",
  {
    id: id<AppointmentId>(),
    doctorId: uuid("doctor_id")
      .$type<DoctorId>()
      .notNull()
      .references(() => doctors.id, { onDelete: "cascade" }),
    patientId: uuid("patient_id")
      .$type<PatientId>()
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    dependantId: uuid("dependant_id")
      .$type<DependantId>()
      .references(() => dependants.id, { onDelete: "set null" }),
    timeSlotId: uuid("time_slot_id")
      .$type<TimeSlotId>()
      .references(() => timeSlots.id, { onDelete: "set null" }),
    appointmentTime: timestamp("appointment_time", { withTimezone: true }).notNull(),
    timeZone: text("time_zone").notNull().default("Africa/Dakar"),
    appointmentType: text("appointment_type").$type<"CLINIC" | "ONLINE" | "HOME">().notNull(),
    status: text("status").$type<"CONFIRMED" | "CANCELED" | "COMPLETE">().notNull(),
    facilityId: uuid("facility_id")
      .$type<FacilityId>()
      .references(() => healthcareFacilities.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    location: text("location"),
    createdAt: createdAt(),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    /** Reschedules so far: 0 at booking, +1 in each reschedule's transaction (the calendar file's SEQUENCE). */
    rescheduleCount: integer("reschedule_count").notNull().default(0),
    /** Issue 40: the doctor marked the patient absent, once its time had passed (what AFTER_NO_SHOW deposits read). */
    noShow: boolean("no_show").notNull().default(false),
  },
  (t) => [
    // The database, not only the transaction, guarantees one live appointment per slot.
    uniqueIndex("appointments_active_slot_key")
      .on(t.timeSlotId)
      .where(sql`${t.status} <> 'CANCELED'`),
    index("appointments_patient_idx").on(t.patientId, t.appointmentTime),
    index("appointments_doctor_idx").on(t.doctorId, t.appointmentTime),
  ],
)

export const reviews = pgTable(
  "reviews",
  {
    id: id<ReviewId>(),
    doctorId: uuid("doctor_id")
      .$type<DoctorId>()
      .notNull()
      .references(() => doctors.id, { onDelete: "cascade" }),
    patientId: uuid("patient_id")
      .$type<PatientId>()
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    comment: text("comment").notNull(),
    postedDate: timestamp("posted_date", { withTimezone: true }).notNull().defaultNow(),
    isFeatured: boolean("is_featured").notNull().default(false),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [index("reviews_doctor_idx").on(t.doctorId, t.postedDate)],
)

export const reviewReactions = pgTable(
  "review_reactions",
  {
    id: id(),
    reviewId: uuid("review_id")
      .$type<ReviewId>()
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reactionType: text("reaction_type").$type<"LIKE" | "DISLIKE">().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("review_reactions_review_user_key").on(t.reviewId, t.userId)],
)

export const emergencyContacts = pgTable(
  "emergency_contacts",
  {
    id: id<EmergencyContactId>(),
    patientId: uuid("patient_id")
      .$type<PatientId>()
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phoneNumber: text("phone_number").notNull(),
    email: text("email"),
    priority: integer("priority").notNull().default(1),
    relationship: text("relationship").notNull(),
  },
  (t) => [uniqueIndex("emergency_contacts_patient_phone_key").on(t.patientId, t.phoneNumber)],
)

export const medicalAlerts = pgTable(
  "medical_alerts",
  {
    id: id(),
    patientId: uuid("patient_id")
      .$type<PatientId>()
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    description: text("description").notNull(),
    severity: text("severity").$type<"LOW" | "MEDIUM" | "HIGH">().notNull(),
  },
  (t) => [index("medical_alerts_patient_idx").on(t.patientId)],
)

export const medicalRecords = pgTable(
  "medical_records",
  {
    id: id<MedicalRecordId>(),
    patientId: uuid("patient_id")
      .$type<PatientId>()
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    type: text("type").notNull(),
    description: text("description").notNull(),
    recordDate: date("record_date").notNull(),
    doctorName: text("doctor_name"),
    doctorSpecialty: text("doctor_specialty"),
    attachments: jsonb("attachments")
      .$type<{ id: string; name: string; url: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index("medical_records_patient_idx").on(t.patientId)],
)

/** Every contact message, kept as an outbox and sent by SMTP when configured. */
export const contactMessages = pgTable("contact_messages", {
  id: id(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  role: text("role").notNull(),
  email: text("email").notNull(),
  phone: text("phone"),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  lang: text("lang").notNull().default("fr"),
  template: text("template").notNull(),
  status: text("status").$type<"QUEUED" | "SENT" | "FAILED">().notNull().default("QUEUED"),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
  createdAt: createdAt(),
  sentAt: timestamp("sent_at", { withTimezone: true }),
})

/**
 * A sign-in email change waiting for its link to be opened: one per user, the latest request wins.
 * The address becomes the user's only when the link sent to it is opened, so that nobody signs in
 * with an address they do not hold, and the answer to a change never tells whether it was taken.
 */
export const emailChanges = pgTable("email_changes", {
  userId: uuid("user_id")
    .$type<UserId>()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  newEmail: text("new_email").notNull(),
  /** SHA-256 of the link's token; null when the address already had an account (no link was sent). */
  tokenHash: text("token_hash").unique(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
})

/** Mails to account holders (an email change's link and notices), composed in their language and kept with their outcome. */
export const accountMails = pgTable(
  "account_mails",
  {
    id: id(),
    kind: text("kind").notNull(),
    userId: uuid("user_id")
      .$type<UserId>()
      .references(() => users.id, { onDelete: "set null" }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    /** SKIPPED (issue 38): not sent, `last_error` says why (EMAIL_UNVERIFIED, RECIPIENT_CAP). */
    status: text("status").$type<"QUEUED" | "SENT" | "FAILED" | "SKIPPED">().notNull().default("QUEUED"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("account_mails_user_idx").on(t.userId, t.createdAt)],
)

/** Objects of the local Storage surface; bytes live under .data/storage. */
export const storageObjects = pgTable(
  "storage_objects",
  {
    bucket: text("bucket").notNull(),
    name: text("name").notNull(),
    ownerUserId: uuid("owner_user_id").references(() => users.id, { onDelete: "cascade" }),
    size: integer("size").notNull(),
    contentType: text("content_type").notNull(),
    md5Hash: text("md5_hash").notNull(),
    generation: text("generation").notNull(),
    metageneration: integer("metageneration").notNull().default(1),
    downloadToken: text("download_token").notNull(),
    customMetadata: jsonb("custom_metadata")
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.name] })],
)

/**
 * Password attempts still inside the limits' window (server/auth/databaseCredentialLimits.ts), so
 * that every gateway on one database counts the same guesses. `at` is milliseconds since the epoch
 * as the gateway's clock reads it, which lets tests move time.
 */
export const credentialAttempts = pgTable(
  "credential_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    key: text("key").notNull(),
    at: bigint("at", { mode: "number" }).notNull(),
  },
  (table) => [index("credential_attempts_key_at_idx").on(table.key, table.at)],
)

/**
 * A user's private calendar feed (issue 13, GET /calendar/{token}.ics): one per user. Only the
 * token's SHA-256 is kept, so the link cannot be read back from the database; a new link replaces
 * the old one, and revoking deletes the row.
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: uuid("user_id")
    .$type<UserId>()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: createdAt(),
})

/**
 * The job queue (server/jobs/): work that must survive a restart or a kill -9, such as reminders.
 * A worker claims due rows with FOR UPDATE SKIP LOCKED and leases them until `locked_until`; a
 * lease that runs out (its process died) makes the job claimable again, so jobs run at least once
 * and their handlers are written to be idempotent. `dedupe_key` makes enqueueing idempotent too.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: id(),
    kind: text("kind").notNull(),
    payload: jsonb("payload")
      .notNull()
      .default(sql`'{}'::jsonb`),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    status: text("status").$type<"pending" | "running" | "done" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    lastError: text("last_error"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    dedupeKey: text("dedupe_key").unique(),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  // The claim reads due pending jobs and running jobs whose lease ran out.
  (t) => [index("jobs_due_idx").on(t.status, t.runAt)],
)

/** A new slot hold a user made (issue 38), kept for HOLD_RATE's window: the holds per user are counted here. */
export const holdEvents = pgTable(
  "hold_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("hold_events_user_at_idx").on(t.userId, t.at)],
)

/**
 * A notice a job began to send on a channel (issue 37): written before the provider is called, so
 * that a later attempt of the same job, finding it without an outcome in the notification log,
 * knows the earlier one was cut off mid-send (a kill, a lost lease during an outage) and does not
 * send it a second time. Removed when the provider refused, so that a retry sends.
 */
export const noticeSends = pgTable(
  "notice_sends",
  {
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    channel: text("channel").$type<"SMS" | "EMAIL">().notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.channel] })],
)

/** What was sent about an appointment, on which channel, and whether it failed (issue 13). */
export const notificationLog = pgTable(
  "notification_log",
  {
    id: id(),
    appointmentId: uuid("appointment_id")
      .$type<AppointmentId>()
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    channel: text("channel").$type<"SMS" | "EMAIL">().notNull(),
    status: text("status").$type<"sent" | "failed" | "skipped">().notNull(),
    error: text("error"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notification_log_appointment_idx").on(t.appointmentId, t.at)],
)

/**
 * The answers of writes sent with an `Idempotency-Key` (server/http/idempotency.ts), per user, kept
 * 24 hours: the row is claimed, and its answer written, in the transaction of the write itself, so
 * a write is never saved without its key. `fingerprint` is the method, path and a hash of the body;
 * the status and body are null only inside that transaction, never once it has committed.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
)

/**
 * Doctors' requests for a professional account (issue 11), read by the managers of the facility
 * they name (or by every manager when they name none). One pending request per address: the
 * partial unique index settles two requests sent at once.
 */
export const doctorRequests = pgTable(
  "doctor_requests",
  {
    id: id<DoctorRequestId>(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phoneNumber: text("phone_number").notNull(),
    specialtyCode: text("specialty_code").notNull(),
    refNumber: text("ref_number").notNull(),
    facilityId: uuid("facility_id")
      .$type<FacilityId>()
      .references(() => healthcareFacilities.id, { onDelete: "set null" }),
    message: text("message"),
    status: text("status").$type<"PENDING" | "REVIEWED">().notNull().default("PENDING"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("doctor_requests_pending_email_key")
      .on(t.email)
      .where(sql`${t.status} = 'PENDING'`),
    index("doctor_requests_facility_idx").on(t.facilityId, t.createdAt),
  ],
)

/**
 * The freed-slot waitlist (issue 14): who waits for which doctor, for whom, and for what: a slot
 * earlier than an appointment, or one between two dates. Gone when left or fulfilled; the first in
 * line is the oldest `created_at`.
 */
export const slotWaitlistEntries = pgTable(
  "slot_waitlist_entries",
  {
    id: id(),
    patientId: uuid("patient_id")
      .$type<PatientId>()
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    dependantId: uuid("dependant_id")
      .$type<DependantId>()
      .references(() => dependants.id, { onDelete: "cascade" }),
    doctorId: uuid("doctor_id")
      .$type<DoctorId>()
      .notNull()
      .references(() => doctors.id, { onDelete: "cascade" }),
    mode: text("mode").$type<"EARLIER_THAN_APPOINTMENT" | "BETWEEN_DATES">().notNull(),
    appointmentId: uuid("appointment_id")
      .$type<AppointmentId>()
      .references(() => appointments.id, { onDelete: "cascade" }),
    fromDate: date("from_date", { mode: "string" }),
    toDate: date("to_date", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("slot_waitlist_doctor_idx").on(t.doctorId, t.createdAt),
    // One entry per person (the patient, or one dependant) and doctor.
    uniqueIndex("slot_waitlist_person_uq").on(t.doctorId, t.patientId, sql`coalesce(${t.dependantId}, '00000000-0000-0000-0000-000000000000'::uuid)`),
  ],
)

/**
 * Offers of freed slots (issue 14), one row per offer made: OFFERED while it runs (the slot held for
 * the patient until `expires_at`), then ACCEPTED, DECLINED or EXPIRED. At most one live offer per
 * slot and per entry, whatever the workers do at once (the partial unique indexes).
 */
export const slotOffers = pgTable(
  "slot_offers",
  {
    id: id(),
    entryId: uuid("entry_id").references(() => slotWaitlistEntries.id, { onDelete: "set null" }),
    patientId: uuid("patient_id")
      .$type<PatientId>()
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    timeSlotId: uuid("time_slot_id")
      .$type<TimeSlotId>()
      .notNull()
      .references(() => timeSlots.id, { onDelete: "cascade" }),
    status: text("status").$type<"OFFERED" | "ACCEPTED" | "DECLINED" | "EXPIRED">().notNull().default("OFFERED"),
    offeredAt: timestamp("offered_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("slot_offers_live_slot_uq")
      .on(t.timeSlotId)
      .where(sql`${t.status} = 'OFFERED'`),
    uniqueIndex("slot_offers_live_entry_uq")
      .on(t.entryId)
      .where(sql`${t.status} = 'OFFERED'`),
    index("slot_offers_slot_idx").on(t.timeSlotId, t.entryId),
  ],
)

/**
 * One-time proofs of a contact (issue 38): a 6-digit code sent by SMS to a phone, or a link mailed
 * to an address. Only a salted scrypt of the secret is kept. A row stays after it is used or dies,
 * so the day's count of codes per user can be read; `consumed_at` set: no longer usable.
 */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: id(),
    userId: uuid("user_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    channel: text("channel").$type<"PHONE" | "EMAIL">().notNull(),
    /** The phone number or address it proves: a change of either leaves the code proving nothing. */
    target: text("target").notNull(),
    /** scrypt$salt$key of the code (or the link's secret). */
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    tries: integer("tries").notNull().default(0),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("verification_codes_user_idx").on(t.userId, t.channel, t.createdAt)],
)

/** Every notice that left for a recipient (a phone number or an address), whatever its cause: the hourly cap per recipient (issue 38). */
export const recipientNotices = pgTable(
  "recipient_notices",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    recipient: text("recipient").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("recipient_notices_recipient_idx").on(t.recipient, t.sentAt)],
)

/**
 * Deposits (issue 40): one row per payment, its current state (machines/payment.machine.ts decides
 * every change; each is also a row of payment_events). `booking` is the POST /payments request, the
 * appointment made from it when the provider says PAID. While PENDING the slot is held for the
 * payer until `expires_at`.
 */
export const payments = pgTable(
  "payments",
  {
    id: id<PaymentId>(),
    payerId: uuid("payer_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    patientId: uuid("patient_id")
      .$type<PatientId>()
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    doctorId: uuid("doctor_id")
      .$type<DoctorId>()
      .notNull()
      .references(() => doctors.id, { onDelete: "cascade" }),
    timeSlotId: uuid("time_slot_id")
      .$type<TimeSlotId>()
      .notNull()
      .references(() => timeSlots.id, { onDelete: "cascade" }),
    appointmentId: uuid("appointment_id")
      .$type<AppointmentId>()
      .references(() => appointments.id, { onDelete: "set null" }),
    status: text("status").$type<PaymentStatus>().notNull().default("PENDING"),
    /** Whole FCFA. */
    amount: integer("amount").notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    method: text("method").$type<PaymentMethod>(),
    provider: text("provider").$type<"sandbox" | "paydunya">().notNull(),
    /** The provider's own reference of the payment (PayDunya's invoice token), once it has one. */
    providerRef: text("provider_ref"),
    checkoutUrl: text("checkout_url").notNull(),
    booking: jsonb("booking").notNull(),
    receiptNumber: text("receipt_number").unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    // The reconciliation finds the payments still pending after their end.
    index("payments_status_expires_idx").on(t.status, t.expiresAt),
    index("payments_doctor_idx").on(t.doctorId, t.createdAt),
    index("payments_payer_idx").on(t.payerId),
    index("payments_appointment_idx").on(t.appointmentId),
    uniqueIndex("payments_provider_ref_key").on(t.provider, t.providerRef),
  ],
)

/** The numbers of receipts, "PM-<year>-<number>": one sequence, never reused. */
export const receiptNumbers = pgSequence("payment_receipt_numbers")

/**
 * The ledger of payments (issue 40), append-only: every change of a payment is a row (the event
 * that made it, the status before and after), and every provider event seen. A provider's event id
 * is unique: an event delivered twice is recorded once, and its second delivery changes nothing.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    paymentId: uuid("payment_id")
      .$type<PaymentId>()
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    /** The machine's event, e.g. `payment.succeed`. */
    event: text("event").notNull(),
    fromStatus: text("from_status").$type<PaymentStatus>(),
    toStatus: text("to_status").$type<PaymentStatus>().notNull(),
    /** Set for what a provider told (webhook, status look-up, refund). */
    providerEventId: text("provider_event_id").unique(),
    amount: integer("amount").notNull(),
    detail: jsonb("detail"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_events_payment_idx").on(t.paymentId, t.id)],
)

/**
 * A USSD session's menu (issue 41): the machine's persisted snapshot under the aggregator's session
 * id, kept three minutes so that any gateway answers the next step; `steps` is how many inputs it
 * has taken (the aggregator resends them all, joined by `*`).
 */
export const ussdSessions = pgTable(
  "ussd_sessions",
  {
    sessionId: text("session_id").primaryKey(),
    phoneNumber: text("phone_number").notNull(),
    snapshot: jsonb("snapshot").$type<unknown>().notNull(),
    steps: integer("steps").notNull(),
    /** The page last answered: a resent request (the same inputs) gets it again, nothing runs twice. */
    page: text("page").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("ussd_sessions_expires_idx").on(t.expiresAt)],
)

/** A number's USSD language (issue 41: "remembered for the number"), account or not. */
export const ussdCallers = pgTable("ussd_callers", {
  phoneNumber: text("phone_number").primaryKey(),
  language: text("language").$type<"fr" | "en" | "ar">().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
})

/** Inbound SMS already answered, by the aggregator's message id: a retried callback is not answered twice (issue 41). */
export const smsInbound = pgTable("sms_inbound", {
  id: text("id").primaryKey(),
  phoneNumber: text("phone_number").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
})
