import { describe, expect, it } from "vitest"
import fr from "../locales/fr.json" with { type: "json" }
import en from "../locales/en.json" with { type: "json" }
import ar from "../locales/ar.json" with { type: "json" }
import { BookingDetails, CreateAppointmentRequest, UpdateAppointmentRequest } from "./appointment.ts"
import { AvailabilityInput } from "./availability.ts"
import { ContactMessage } from "./contact.ts"
import { decodeWithFields } from "./decode.ts"
import { DoctorSearchRequest, DoctorUpdate } from "./doctor.ts"
import { DoctorRequestInput } from "./doctorRequest.ts"
import { FacilitySearchRequest } from "./facility.ts"
import { Email, IsoDate, LIMITS, UtcInstant, Website } from "./fields.ts"
import { Dependant, EmergencyContactInput, MedicalRecordInput, PatientUpdate } from "./patient.ts"
import { PrescriptionDraft } from "./prescription.ts"
import { PatientRegistration } from "./registration.ts"
import { ReviewInput } from "./review.ts"
import { ChangePasswordRequest } from "./session.ts"
import { DoctorSettingsUpdate, PatientSettings } from "./settings.ts"
import { contactMessage, dependant, ID, location, reviewComment, SAMPLES } from "./testing/requestSamples.ts"
import { JoinSlotWaitlistRequest, WAITLIST_RANGE_MAX_DAYS } from "./slotWaitlist.ts"
import { CHANGE_NOTICE_HOURS, changeAllowed, DEPOSIT_DEFAULT, PAYMENT_LIFE_MINUTES, REASON_MAX } from "./limits.ts"
import { WaitlistEntry } from "./waitlist.ts"

// SPEC §5 rule by rule, at its bounds: a valid sample (testing/requestSamples.ts) with one field
// changed is refused on that field alone with the message SPEC names, or accepted. The numbers and
// message keys below are read from SPEC §5 and §9 (and the locales' validation section), never
// from the schemas under test.

type Schema = Parameters<typeof decodeWithFields>[0]
/** Accepted, or refused with exactly this field and message. */
type Verdict = "ok" | readonly [field: string, message: string]

const text = (length: number, letter = "a") => letter.repeat(length)
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/** The verdict, or every field in error when more than one is (which no rule here expects). */
function judge(schema: Schema, input: unknown): Verdict | ReadonlyArray<string> {
  const result = decodeWithFields(schema, input)
  if (result.ok) return "ok"
  const [only, ...more] = result.fields
  return more.length === 0 ? [only!.name, only!.message] : result.fields.map((f) => `${f.name}: ${f.message}`)
}

interface Rule {
  readonly say: string
  readonly schema: Schema
  readonly input: unknown
  readonly verdict: Verdict
}

const changed = (sample: object, change: Record<string, unknown>) => ({ ...sample, ...change })
/** The sample without `key`, as a form that never sent the field. */
const without = (sample: object, key: string) => Object.fromEntries(Object.entries(sample).filter(([k]) => k !== key))

const SIGN_UP = { firstName: "Awa", lastName: "Diop", email: "awa.diop@example.sn", phoneNumber: "+221771234567", password: "Passw0rd!", acceptTerms: true }
const DOCTOR_REQUEST = {
  firstName: "Moussa",
  lastName: "Ndiaye",
  email: "moussa.ndiaye@example.sn",
  phoneNumber: "+221782842885",
  specialtyCode: "CARDIOLOGY",
  refNumber: "SN-OM-10000",
  acceptTerms: true,
}

/** One table per SPEC §5 bullet: what is sent, and what the schema must answer. */
const RULES: Record<string, ReadonlyArray<Rule>> = {
  "Email: standard address shape, required": [
    { say: "empty", schema: Email, input: "", verdict: ["", "validation.emailRequired"] },
    { say: "no domain suffix", schema: Email, input: "awa@example", verdict: ["", "validation.emailInvalid"] },
    { say: "a one-letter suffix", schema: Email, input: "awa@example.s", verdict: ["", "validation.emailInvalid"] },
    { say: "a space inside", schema: Email, input: "awa diop@example.sn", verdict: ["", "validation.emailInvalid"] },
    { say: "no @", schema: Email, input: "awa.example.sn", verdict: ["", "validation.emailInvalid"] },
    { say: "a zero-width space (a look-alike)", schema: Email, input: "awa\u200b@example.sn", verdict: ["", "validation.emailInvalid"] },
    { say: "longer than an address can be (255)", schema: Email, input: `${text(244)}@example.sn`, verdict: ["", "validation.emailInvalid"] },
    { say: "254 characters", schema: Email, input: `${text(243)}@example.sn`, verdict: "ok" },
    { say: "an ordinary address", schema: Email, input: "awa.diop@example.sn", verdict: "ok" },
    // Issue 38: forms that read as another address are refused, each with its own message.
    { say: "a trailing dot on the domain", schema: Email, input: "awa.diop@example.sn.", verdict: ["", "validation.emailDots"] },
    { say: "a doubled dot in the domain", schema: Email, input: "awa.diop@example..sn", verdict: ["", "validation.emailDots"] },
    { say: "a dot first in the domain", schema: Email, input: "awa.diop@.example.sn", verdict: ["", "validation.emailDots"] },
    { say: "a doubled dot in the local part", schema: Email, input: "awa..diop@example.sn", verdict: ["", "validation.emailDots"] },
    { say: "a dot first in the local part", schema: Email, input: ".awa@example.sn", verdict: ["", "validation.emailDots"] },
    { say: "a dot last in the local part", schema: Email, input: "awa.@example.sn", verdict: ["", "validation.emailDots"] },
    { say: "a hyphen ending a domain label", schema: Email, input: "awa@example-.sn", verdict: ["", "validation.emailMixedScripts"] },
    { say: "a Cyrillic а in a Latin local part", schema: Email, input: "p\u0430tient@demo.sn", verdict: ["", "validation.emailMixedScripts"] },
    { say: "a Greek ο in a Latin local part", schema: Email, input: "d\u03bfctor@demo.sn", verdict: ["", "validation.emailMixedScripts"] },
    { say: "a fullwidth ａ (a compatibility form)", schema: Email, input: "\uff41wa@demo.sn", verdict: ["", "validation.emailMixedScripts"] },
    { say: "a mathematical bold 𝐚 (no script of its own)", schema: Email, input: "\u{1d41a}wa@demo.sn", verdict: ["", "validation.emailMixedScripts"] },
    { say: "a Cyrillic е in the domain", schema: Email, input: "awa@d\u0435mo.sn", verdict: ["", "validation.emailMixedScripts"] },
    { say: "an internationalised domain, not in punycode", schema: Email, input: "awa@exemple-sénégal.sn", verdict: ["", "validation.emailMixedScripts"] },
    { say: "an internationalised domain in punycode", schema: Email, input: "awa@xn--exemple-sngal-bebb.sn", verdict: "ok" },
    { say: "a local part in Cyrillic alone", schema: Email, input: "\u0430\u0432\u0430@example.sn", verdict: "ok" },
    { say: "a local part in Arabic alone", schema: Email, input: "\u0639\u0648\u0627@example.sn", verdict: "ok" },
    { say: "accents and digits with Latin letters", schema: Email, input: "adélaïde.séne2@demo.sn", verdict: "ok" },
    { say: "plus, hyphen and underscore", schema: Email, input: "awa+rdv_2-x@demo.sn", verdict: "ok" },
  ],
  "Website: valid URL when given": [
    { say: "https", schema: Website, input: "https://cabinet-ndiaye.sn", verdict: "ok" },
    { say: "http", schema: Website, input: "http://cabinet-ndiaye.sn/rdv", verdict: "ok" },
    { say: "no scheme", schema: Website, input: "cabinet-ndiaye.sn", verdict: ["", "validation.websiteInvalid"] },
    { say: "a script address", schema: Website, input: "javascript:alert(1)", verdict: ["", "validation.websiteInvalid"] },
    { say: "ftp", schema: Website, input: "ftp://cabinet-ndiaye.sn", verdict: ["", "validation.websiteInvalid"] },
    { say: "longer than 500", schema: Website, input: `https://a.sn/${text(490)}`, verdict: ["", "validation.websiteInvalid"] },
  ],
  "Contact form: firstName 2 to 50, lastName 2 to 20, role of five, email 4 to 100, phone optional (at most 18), message 10 to 1000": [
    {
      say: "first name empty",
      schema: ContactMessage,
      input: changed(contactMessage, { firstName: "" }),
      verdict: ["firstName", "validation.contactFirstNameRequired"],
    },
    {
      say: "first name blank",
      schema: ContactMessage,
      input: changed(contactMessage, { firstName: "   " }),
      verdict: ["firstName", "validation.contactFirstNameRequired"],
    },
    {
      say: "first name of 1 (spaces around)",
      schema: ContactMessage,
      input: changed(contactMessage, { firstName: " K " }),
      verdict: ["firstName", "validation.contactFirstNameMin"],
    },
    { say: "first name of 2", schema: ContactMessage, input: changed(contactMessage, { firstName: "Kh" }), verdict: "ok" },
    { say: "first name of 50", schema: ContactMessage, input: changed(contactMessage, { firstName: text(50) }), verdict: "ok" },
    {
      say: "first name of 51",
      schema: ContactMessage,
      input: changed(contactMessage, { firstName: text(51) }),
      verdict: ["firstName", "validation.contactFirstNameMax"],
    },
    {
      say: "last name empty",
      schema: ContactMessage,
      input: changed(contactMessage, { lastName: "" }),
      verdict: ["lastName", "validation.contactLastNameRequired"],
    },
    {
      say: "last name of 1",
      schema: ContactMessage,
      input: changed(contactMessage, { lastName: "S" }),
      verdict: ["lastName", "validation.contactLastNameMin"],
    },
    { say: "last name of 2", schema: ContactMessage, input: changed(contactMessage, { lastName: "Sy" }), verdict: "ok" },
    { say: "last name of 20", schema: ContactMessage, input: changed(contactMessage, { lastName: text(20) }), verdict: "ok" },
    {
      say: "last name of 21",
      schema: ContactMessage,
      input: changed(contactMessage, { lastName: text(21) }),
      verdict: ["lastName", "validation.contactLastNameMax"],
    },
    ...["PATIENT", "DOCTOR", "HEALTH_CENTER_MANAGER", "POTENTIAL_PARTNER", "OTHER"].map((role) => ({
      say: `role ${role}`,
      schema: ContactMessage,
      input: changed(contactMessage, { role }),
      verdict: "ok" as const,
    })),
    { say: "an unknown role", schema: ContactMessage, input: changed(contactMessage, { role: "NURSE" }), verdict: ["role", "validation.invalid"] },
    { say: "email of 100", schema: ContactMessage, input: changed(contactMessage, { email: `${text(91)}@sarr.com` }), verdict: "ok" },
    {
      say: "email of 101",
      schema: ContactMessage,
      input: changed(contactMessage, { email: `${text(92)}@sarr.com` }),
      verdict: ["email", "validation.emailInvalid"],
    },
    { say: "email empty", schema: ContactMessage, input: changed(contactMessage, { email: "" }), verdict: ["email", "validation.emailRequired"] },
    { say: "no phone", schema: ContactMessage, input: without(contactMessage, "phone"), verdict: "ok" },
    { say: "phone left empty", schema: ContactMessage, input: changed(contactMessage, { phone: "" }), verdict: "ok" },
    {
      say: "phone with letters",
      schema: ContactMessage,
      input: changed(contactMessage, { phone: "+22177ABC1234" }),
      verdict: ["phone", "validation.phoneInvalid"],
    },
    {
      say: "phone of 19",
      schema: ContactMessage,
      input: changed(contactMessage, { phone: `+${text(18, "1")}` }),
      verdict: ["phone", "validation.phoneInvalid"],
    },
    {
      say: "message empty",
      schema: ContactMessage,
      input: changed(contactMessage, { message: "" }),
      verdict: ["message", "validation.contactMessageRequired"],
    },
    { say: "message of 9", schema: ContactMessage, input: changed(contactMessage, { message: text(9) }), verdict: ["message", "validation.contactMessageMin"] },
    {
      say: "message of 9 inside spaces",
      schema: ContactMessage,
      input: changed(contactMessage, { message: `  ${text(9)}  ` }),
      verdict: ["message", "validation.contactMessageMin"],
    },
    { say: "message of 10", schema: ContactMessage, input: changed(contactMessage, { message: text(10) }), verdict: "ok" },
    { say: "message of 1000", schema: ContactMessage, input: changed(contactMessage, { message: text(1000) }), verdict: "ok" },
    {
      say: "message of 1001",
      schema: ContactMessage,
      input: changed(contactMessage, { message: text(1001) }),
      verdict: ["message", "validation.contactMessageMax"],
    },
  ],
  "Waitlist: role, name and email required, email of email type": [
    { say: "the sample", schema: WaitlistEntry, input: SAMPLES.waitlistEntry, verdict: "ok" },
    { say: "name blank", schema: WaitlistEntry, input: changed(SAMPLES.waitlistEntry, { name: "  " }), verdict: ["name", "validation.required"] },
    {
      say: "email not an email",
      schema: WaitlistEntry,
      input: changed(SAMPLES.waitlistEntry, { email: "fatou.ba" }),
      verdict: ["email", "validation.emailInvalid"],
    },
    { say: "no role", schema: WaitlistEntry, input: without(SAMPLES.waitlistEntry, "role"), verdict: ["role", "validation.required"] },
    { say: "a role not offered", schema: WaitlistEntry, input: changed(SAMPLES.waitlistEntry, { role: "admin" }), verdict: ["role", "validation.invalid"] },
    {
      say: "only role, name, email and the updates box",
      schema: WaitlistEntry,
      input: { role: "patient", name: "Awa", email: "awa@example.sn", updates: false },
      verdict: "ok",
    },
    { say: "phone left empty", schema: WaitlistEntry, input: changed(SAMPLES.waitlistEntry, { phone: "" }), verdict: "ok" },
    {
      say: "a local phone",
      schema: WaitlistEntry,
      input: changed(SAMPLES.waitlistEntry, { phone: "771234567" }),
      verdict: ["phone", "validation.phoneInvalid"],
    },
  ],
  "Emergency contact: names required, relationship from the enum, international phone, email valid": [
    { say: "the sample", schema: EmergencyContactInput, input: SAMPLES.emergencyContact, verdict: "ok" },
    { say: "first name of one letter", schema: EmergencyContactInput, input: changed(SAMPLES.emergencyContact, { firstName: "M" }), verdict: "ok" },
    {
      say: "first name empty",
      schema: EmergencyContactInput,
      input: changed(SAMPLES.emergencyContact, { firstName: "" }),
      verdict: ["firstName", "validation.firstNameRequired"],
    },
    {
      say: "last name blank",
      schema: EmergencyContactInput,
      input: changed(SAMPLES.emergencyContact, { lastName: " " }),
      verdict: ["lastName", "validation.lastNameRequired"],
    },
    {
      say: "a local phone",
      schema: EmergencyContactInput,
      input: changed(SAMPLES.emergencyContact, { phoneNumber: "775550199" }),
      verdict: ["phoneNumber", "validation.invalidPhoneNumber"],
    },
    {
      say: "a relationship not in the enum",
      schema: EmergencyContactInput,
      input: changed(SAMPLES.emergencyContact, { relationship: "BOSS" }),
      verdict: ["relationship", "validation.invalid"],
    },
    {
      say: "an invalid email",
      schema: EmergencyContactInput,
      input: changed(SAMPLES.emergencyContact, { email: "mariama@" }),
      verdict: ["email", "validation.emailInvalid"],
    },
  ],
  "Location: at least one, exactly one primary, at most 3": [
    {
      say: "no location",
      schema: PatientUpdate,
      input: changed(SAMPLES.patientUpdate, { locations: [] }),
      verdict: ["locations", "validation.locationRequired"],
    },
    {
      say: "3 locations, one primary",
      schema: PatientUpdate,
      input: changed(SAMPLES.patientUpdate, { locations: [location, { ...location, isPrimary: false }, { ...location, isPrimary: false }] }),
      verdict: "ok",
    },
    {
      say: "4 locations",
      schema: PatientUpdate,
      input: changed(SAMPLES.patientUpdate, { locations: [location, ...[1, 2, 3].map(() => ({ ...location, isPrimary: false }))] }),
      verdict: ["locations", "validation.maxLocations"],
    },
    {
      say: "two primaries (patient)",
      schema: PatientUpdate,
      input: changed(SAMPLES.patientUpdate, { locations: [location, location] }),
      verdict: ["locations", "validation.onePrimaryLocation"],
    },
    {
      say: "no primary (patient)",
      schema: PatientUpdate,
      input: changed(SAMPLES.patientUpdate, { locations: [{ ...location, isPrimary: false }] }),
      verdict: ["locations", "validation.onePrimaryLocation"],
    },
    {
      say: "two primaries",
      schema: DoctorUpdate,
      input: changed(SAMPLES.doctorUpdate, { locations: [location, location] }),
      verdict: ["locations", "validation.onePrimaryLocation"],
    },
    {
      say: "no primary",
      schema: DoctorUpdate,
      input: changed(SAMPLES.doctorUpdate, { locations: [{ ...location, isPrimary: false }] }),
      verdict: ["locations", "validation.onePrimaryLocation"],
    },
    {
      say: "no location (doctor)",
      schema: DoctorUpdate,
      input: changed(SAMPLES.doctorUpdate, { locations: [] }),
      verdict: ["locations", "validation.locationRequired"],
    },
    {
      say: "4 locations (doctor)",
      schema: DoctorUpdate,
      input: changed(SAMPLES.doctorUpdate, { locations: [location, ...[1, 2, 3].map(() => ({ ...location, isPrimary: false }))] }),
      verdict: ["locations", "validation.maxLocations"],
    },
  ],
  "User: first name, last name, date of birth required; date of birth in the past": [
    { say: "the sample", schema: PatientUpdate, input: SAMPLES.patientUpdate, verdict: "ok" },
    { say: "born yesterday", schema: PatientUpdate, input: changed(SAMPLES.patientUpdate, { dateOfBirth: dayOffset(-1) }), verdict: "ok" },
    {
      say: "born today",
      schema: PatientUpdate,
      input: changed(SAMPLES.patientUpdate, { dateOfBirth: dayOffset(0) }),
      verdict: ["dateOfBirth", "validation.dateOfBirthPast"],
    },
    {
      say: "born tomorrow",
      schema: PatientUpdate,
      input: changed(SAMPLES.patientUpdate, { dateOfBirth: dayOffset(1) }),
      verdict: ["dateOfBirth", "validation.dateOfBirthPast"],
    },
    {
      say: "born in 2999",
      schema: PatientUpdate,
      input: changed(SAMPLES.patientUpdate, { dateOfBirth: "2999-01-01" }),
      verdict: ["dateOfBirth", "validation.dateOfBirthPast"],
    },
    {
      say: "no date of birth",
      schema: PatientUpdate,
      input: changed(SAMPLES.patientUpdate, { dateOfBirth: "" }),
      verdict: ["dateOfBirth", "validation.dateInvalid"],
    },
    {
      say: "first name blank",
      schema: PatientUpdate,
      input: changed(SAMPLES.patientUpdate, { firstName: "  " }),
      verdict: ["firstName", "validation.firstNameRequired"],
    },
    {
      say: "last name empty",
      schema: PatientUpdate,
      input: changed(SAMPLES.patientUpdate, { lastName: "" }),
      verdict: ["lastName", "validation.lastNameRequired"],
    },
    { say: "email missing", schema: PatientUpdate, input: changed(SAMPLES.patientUpdate, { email: "" }), verdict: ["email", "validation.emailRequired"] },
    {
      say: "phone missing",
      schema: PatientUpdate,
      input: changed(SAMPLES.patientUpdate, { phoneNumber: "" }),
      verdict: ["phoneNumber", "validation.phoneRequired"],
    },
    {
      say: "a blood type not in the enum",
      schema: PatientUpdate,
      input: changed(SAMPLES.patientUpdate, { bloodType: "C+" }),
      verdict: ["bloodType", "validation.invalid"],
    },
    {
      say: "a civility not in the enum",
      schema: PatientUpdate,
      input: changed(SAMPLES.patientUpdate, { civility: "SIR" }),
      verdict: ["civility", "validation.invalid"],
    },
  ],
  "Doctor profile: names, refNumber, careerStartYear required; biography at least 20; one service per type, at most 3": [
    { say: "the sample", schema: DoctorUpdate, input: SAMPLES.doctorUpdate, verdict: "ok" },
    {
      say: "first name empty",
      schema: DoctorUpdate,
      input: changed(SAMPLES.doctorUpdate, { firstName: "" }),
      verdict: ["firstName", "validation.firstNameRequired"],
    },
    {
      say: "last name blank",
      schema: DoctorUpdate,
      input: changed(SAMPLES.doctorUpdate, { lastName: " " }),
      verdict: ["lastName", "validation.lastNameRequired"],
    },
    {
      say: "ref number empty",
      schema: DoctorUpdate,
      input: changed(SAMPLES.doctorUpdate, { refNumber: "" }),
      verdict: ["refNumber", "validation.refNumberRequired"],
    },
    {
      say: "no career start year",
      schema: DoctorUpdate,
      input: without(SAMPLES.doctorUpdate, "careerStartYear"),
      verdict: ["careerStartYear", "validation.required"],
    },
    {
      say: "biography of 19",
      schema: DoctorUpdate,
      input: changed(SAMPLES.doctorUpdate, { biography: text(19) }),
      verdict: ["biography", "validation.biographyMin"],
    },
    { say: "biography of 20", schema: DoctorUpdate, input: changed(SAMPLES.doctorUpdate, { biography: text(20) }), verdict: "ok" },
    { say: "no biography", schema: DoctorUpdate, input: changed(SAMPLES.doctorUpdate, { biography: null }), verdict: "ok" },
    {
      say: "one service of each type",
      schema: DoctorUpdate,
      input: changed(SAMPLES.doctorUpdate, { providedServices: ["ONLINE", "CLINIC", "HOME"].map((code) => ({ id: ID, code, price: 15000 })) }),
      verdict: "ok",
    },
    {
      say: "two CLINIC services",
      schema: DoctorUpdate,
      input: changed(SAMPLES.doctorUpdate, { providedServices: ["CLINIC", "CLINIC"].map((code) => ({ id: ID, code, price: 15000 })) }),
      verdict: ["providedServices", "validation.duplicateService"],
    },
    {
      say: "4 services",
      schema: DoctorUpdate,
      input: changed(SAMPLES.doctorUpdate, { providedServices: ["ONLINE", "CLINIC", "HOME", "HOME"].map((code) => ({ id: ID, code, price: 15000 })) }),
      verdict: ["providedServices", "validation.maxServices"],
    },
    {
      say: "no service row kept",
      schema: DoctorUpdate,
      input: changed(SAMPLES.doctorUpdate, { providedServices: [] }),
      verdict: ["providedServices", "validation.serviceRequired"],
    },
    {
      say: "a website that is not a URL",
      schema: DoctorUpdate,
      input: changed(SAMPLES.doctorUpdate, { website: "mon cabinet" }),
      verdict: ["website", "validation.websiteInvalid"],
    },
    { say: "no website", schema: DoctorUpdate, input: changed(SAMPLES.doctorUpdate, { website: null }), verdict: "ok" },
  ],
  "Review: comment 20 to 512 (trimmed), rating 1 to 5": [
    { say: "the sample", schema: ReviewInput, input: SAMPLES.review, verdict: "ok" },
    {
      say: "comment of 19",
      schema: ReviewInput,
      input: changed(SAMPLES.review, { comment: text(19) }),
      verdict: ["comment", "validation.commentMinCharacters"],
    },
    {
      say: "comment of 19 inside spaces",
      schema: ReviewInput,
      input: changed(SAMPLES.review, { comment: `   ${text(19)}   ` }),
      verdict: ["comment", "validation.commentMinCharacters"],
    },
    { say: "comment of 20", schema: ReviewInput, input: changed(SAMPLES.review, { comment: text(20) }), verdict: "ok" },
    { say: "comment of 512", schema: ReviewInput, input: changed(SAMPLES.review, { comment: text(512) }), verdict: "ok" },
    { say: "comment of 512 inside spaces", schema: ReviewInput, input: changed(SAMPLES.review, { comment: ` ${text(512)} ` }), verdict: "ok" },
    {
      say: "comment of 513",
      schema: ReviewInput,
      input: changed(SAMPLES.review, { comment: text(513) }),
      verdict: ["comment", "validation.commentMaxCharacters"],
    },
    { say: "rating 0 (no star chosen)", schema: ReviewInput, input: changed(SAMPLES.review, { rating: 0 }), verdict: ["rating", "validation.ratingMin"] },
    { say: "rating 1", schema: ReviewInput, input: changed(SAMPLES.review, { rating: 1 }), verdict: "ok" },
    { say: "rating 5", schema: ReviewInput, input: changed(SAMPLES.review, { rating: 5 }), verdict: "ok" },
    { say: "rating 6", schema: ReviewInput, input: changed(SAMPLES.review, { rating: 6 }), verdict: ["rating", "validation.ratingMax"] },
  ],
  "Doctor settings: maxDailyAppointment 1 to 50, defaultConsultationDuration 1 to 240, bufferTime 5 to 240": [
    ...(
      [
        ["maxDailyAppointment", 1, 50],
        ["defaultConsultationDuration", 1, 240],
        ["bufferTime", 5, 240],
      ] as const
    ).flatMap(([field, min, max]) => {
      const key = field === "defaultConsultationDuration" ? "consultationDuration" : field
      return [
        {
          say: `${field} ${min - 1}`,
          schema: DoctorSettingsUpdate,
          input: changed(SAMPLES.doctorSettings, { [field]: min - 1 }),
          verdict: [field, `validation.${key}Min`] as const,
        },
        { say: `${field} ${min}`, schema: DoctorSettingsUpdate, input: changed(SAMPLES.doctorSettings, { [field]: min }), verdict: "ok" as const },
        { say: `${field} ${max}`, schema: DoctorSettingsUpdate, input: changed(SAMPLES.doctorSettings, { [field]: max }), verdict: "ok" as const },
        {
          say: `${field} ${max + 1}`,
          schema: DoctorSettingsUpdate,
          input: changed(SAMPLES.doctorSettings, { [field]: max + 1 }),
          verdict: [field, `validation.${key}Max`] as const,
        },
        {
          say: `${field} 12.5`,
          schema: DoctorSettingsUpdate,
          input: changed(SAMPLES.doctorSettings, { [field]: 12.5 }),
          verdict: [field, "validation.invalid"] as const,
        },
      ]
    }),
    {
      say: "auto-confirm not a boolean",
      schema: DoctorSettingsUpdate,
      input: changed(SAMPLES.doctorSettings, { autoConfirmAppointments: "yes" }),
      verdict: ["autoConfirmAppointments", "validation.invalid"],
    },
  ],
  "Patient settings: booleans, and visibility, timeZone, theme, appLanguage in their enumerations (no REGISTERED_USERS_ONLY)": [
    { say: "the sample", schema: PatientSettings, input: SAMPLES.patientSettings, verdict: "ok" },
    {
      say: "visibility REGISTERED_USERS_ONLY",
      schema: PatientSettings,
      input: changed(SAMPLES.patientSettings, { visibility: "REGISTERED_USERS_ONLY" }),
      verdict: ["visibility", "validation.invalid"],
    },
    ...["PUBLIC", "PRIVATE", "DOCTORS_ONLY"].map((visibility) => ({
      say: `visibility ${visibility}`,
      schema: PatientSettings,
      input: changed(SAMPLES.patientSettings, { visibility }),
      verdict: "ok" as const,
    })),
    ...["DARK", "LIGHT", "SYSTEM"].map((theme) => ({
      say: `theme ${theme}`,
      schema: PatientSettings,
      input: changed(SAMPLES.patientSettings, { theme }),
      verdict: "ok" as const,
    })),
    {
      say: "a theme not offered",
      schema: PatientSettings,
      input: changed(SAMPLES.patientSettings, { theme: "BLUE" }),
      verdict: ["theme", "validation.invalid"],
    },
    {
      say: "a time zone not offered",
      schema: PatientSettings,
      input: changed(SAMPLES.patientSettings, { timeZone: "Mars/Olympus" }),
      verdict: ["timeZone", "validation.invalid"],
    },
    { say: "Dakar's time zone", schema: PatientSettings, input: changed(SAMPLES.patientSettings, { timeZone: "Africa/Dakar" }), verdict: "ok" },
    {
      say: "reminders not a boolean",
      schema: PatientSettings,
      input: changed(SAMPLES.patientSettings, { reminders: 1 }),
      verdict: ["reminders", "validation.invalid"],
    },
  ],
  "Availability form: times required, a weekday, isRecurring a boolean, slot of at least 15 minutes in steps of 5": [
    { say: "the sample", schema: AvailabilityInput, input: SAMPLES.availability, verdict: "ok" },
    {
      say: "a slot of 10",
      schema: AvailabilityInput,
      input: changed(SAMPLES.availability, { slotDurationMinutes: 10 }),
      verdict: ["slotDurationMinutes", "validation.slotDurationMin"],
    },
    { say: "a slot of 15", schema: AvailabilityInput, input: changed(SAMPLES.availability, { slotDurationMinutes: 15 }), verdict: "ok" },
    {
      say: "a slot of 17",
      schema: AvailabilityInput,
      input: changed(SAMPLES.availability, { slotDurationMinutes: 17 }),
      verdict: ["slotDurationMinutes", "validation.slotDurationStep"],
    },
    { say: "a slot of 20", schema: AvailabilityInput, input: changed(SAMPLES.availability, { slotDurationMinutes: 20 }), verdict: "ok" },
    {
      say: "no start time",
      schema: AvailabilityInput,
      input: changed(SAMPLES.availability, { startTime: "" }),
      verdict: ["startTime", "validation.timeInvalid"],
    },
    {
      say: "end time 24:00",
      schema: AvailabilityInput,
      input: changed(SAMPLES.availability, { endTime: "24:00" }),
      verdict: ["endTime", "validation.timeInvalid"],
    },
    {
      say: "end before start",
      schema: AvailabilityInput,
      input: changed(SAMPLES.availability, { startTime: "17:00", endTime: "09:00" }),
      verdict: ["endTime", "validation.endAfterStart"],
    },
    {
      say: "end at start",
      schema: AvailabilityInput,
      input: changed(SAMPLES.availability, { startTime: "09:00", endTime: "09:00" }),
      verdict: ["endTime", "validation.endAfterStart"],
    },
    {
      say: "not a weekday",
      schema: AvailabilityInput,
      input: changed(SAMPLES.availability, { dayOfWeek: "FUNDAY" }),
      verdict: ["dayOfWeek", "validation.invalid"],
    },
    ...["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"].map((dayOfWeek) => ({
      say: dayOfWeek,
      schema: AvailabilityInput,
      input: changed(SAMPLES.availability, { dayOfWeek }),
      verdict: "ok" as const,
    })),
    {
      say: "isRecurring as text",
      schema: AvailabilityInput,
      input: changed(SAMPLES.availability, { isRecurring: "true" }),
      verdict: ["isRecurring", "validation.invalid"],
    },
  ],
  "Booking step 1: patient choice, reason (non-blank after trim) and type required": [
    { say: "the sample", schema: BookingDetails, input: SAMPLES.bookingDetails, verdict: "ok" },
    {
      say: "no patient chosen",
      schema: BookingDetails,
      input: changed(SAMPLES.bookingDetails, { forWhom: "" }),
      verdict: ["forWhom", "validation.patientRequired"],
    },
    {
      say: "reason blank",
      schema: BookingDetails,
      input: changed(SAMPLES.bookingDetails, { reason: " \n " }),
      verdict: ["reason", "validation.reasonRequired"],
    },
    {
      say: "no type",
      schema: BookingDetails,
      input: changed(SAMPLES.bookingDetails, { appointmentType: "" }),
      verdict: ["appointmentType", "validation.typeRequired"],
    },
    ...["CLINIC", "HOME", "ONLINE"].map((appointmentType) => ({
      say: `type ${appointmentType}`,
      schema: BookingDetails,
      input: changed(SAMPLES.bookingDetails, { appointmentType }),
      verdict: "ok" as const,
    })),
    {
      say: "the booking's reason blank",
      schema: CreateAppointmentRequest,
      input: changed(SAMPLES.createAppointment, { reason: "   " }),
      verdict: ["reason", "validation.reasonRequired"],
    },
    {
      say: "a change of reason to blanks",
      schema: UpdateAppointmentRequest,
      input: { reason: "   " },
      verdict: ["reason", "validation.reasonRequired"],
    },
    // The reason's bound (500, REASON_MAX, pinned below) at booking, in step 1 and on a reschedule.
    ...[
      { say: "step 1", schema: BookingDetails, sample: SAMPLES.bookingDetails },
      { say: "the booking", schema: CreateAppointmentRequest, sample: SAMPLES.createAppointment },
      { say: "a reschedule", schema: UpdateAppointmentRequest, sample: {} },
    ].flatMap(({ say, schema, sample }) => [
      { say: `${say}: a reason of 500`, schema, input: changed(sample, { reason: text(500) }), verdict: "ok" as const },
      { say: `${say}: a reason of 501`, schema, input: changed(sample, { reason: text(501) }), verdict: ["reason", "validation.tooLong"] as const },
    ]),
  ],
  "Dependant form: first name, last name, date of birth, gender, relationship required": [
    { say: "the sample", schema: Dependant, input: dependant, verdict: "ok" },
    { say: "first name empty", schema: Dependant, input: changed(dependant, { firstName: "" }), verdict: ["firstName", "validation.firstNameRequired"] },
    { say: "last name empty", schema: Dependant, input: changed(dependant, { lastName: "" }), verdict: ["lastName", "validation.lastNameRequired"] },
    { say: "no date of birth", schema: Dependant, input: without(dependant, "dateOfBirth"), verdict: ["dateOfBirth", "validation.required"] },
    { say: "no gender", schema: Dependant, input: without(dependant, "gender"), verdict: ["gender", "validation.required"] },
    { say: "no relationship", schema: Dependant, input: without(dependant, "relationship"), verdict: ["relationship", "validation.required"] },
    {
      say: "born tomorrow",
      schema: Dependant,
      input: changed(dependant, { dateOfBirth: dayOffset(1) }),
      verdict: ["dateOfBirth", "validation.dateOfBirthPast"],
    },
  ],
  "Medical alert: type and description filled": [
    {
      say: "type empty",
      schema: PatientUpdate,
      input: changed(SAMPLES.patientUpdate, { medicalAlerts: [{ type: "", description: "Allergie sévère.", severity: "HIGH" }] }),
      verdict: ["medicalAlerts.0.type", "validation.alertTypeRequired"],
    },
    {
      say: "description blank",
      schema: PatientUpdate,
      input: changed(SAMPLES.patientUpdate, { medicalAlerts: [{ type: "Allergie", description: "  ", severity: "HIGH" }] }),
      verdict: ["medicalAlerts.0.description", "validation.alertDescriptionRequired"],
    },
  ],
  "Record upload: type and description required": [
    { say: "the sample", schema: MedicalRecordInput, input: SAMPLES.medicalRecord, verdict: "ok" },
    {
      say: "description blank",
      schema: MedicalRecordInput,
      input: changed(SAMPLES.medicalRecord, { description: "  " }),
      verdict: ["description", "validation.descriptionRequired"],
    },
    {
      say: "a type not in the list",
      schema: MedicalRecordInput,
      input: changed(SAMPLES.medicalRecord, { type: "SELFIE" }),
      verdict: ["type", "validation.invalid"],
    },
  ],
  "Password change: current required; new at least 8, lower, upper, digit, one of @$!%*?&, nothing else; differs from the current": [
    { say: "the sample", schema: ChangePasswordRequest, input: SAMPLES.changePassword, verdict: "ok" },
    {
      say: "current empty",
      schema: ChangePasswordRequest,
      input: changed(SAMPLES.changePassword, { oldPassword: "" }),
      verdict: ["oldPassword", "validation.required"],
    },
    {
      say: "new empty",
      schema: ChangePasswordRequest,
      input: changed(SAMPLES.changePassword, { newPassword: "" }),
      verdict: ["newPassword", "validation.required"],
    },
    {
      say: "new of 7",
      schema: ChangePasswordRequest,
      input: changed(SAMPLES.changePassword, { newPassword: "Abcde1!" }),
      verdict: ["newPassword", "validation.passwordMin"],
    },
    { say: "new of 8", schema: ChangePasswordRequest, input: changed(SAMPLES.changePassword, { newPassword: "Abcdef1!" }), verdict: "ok" },
    {
      say: "no lower case",
      schema: ChangePasswordRequest,
      input: changed(SAMPLES.changePassword, { newPassword: "ABCDEF1!" }),
      verdict: ["newPassword", "validation.passwordLowercase"],
    },
    {
      say: "no upper case",
      schema: ChangePasswordRequest,
      input: changed(SAMPLES.changePassword, { newPassword: "abcdef1!" }),
      verdict: ["newPassword", "validation.passwordUppercase"],
    },
    {
      say: "no digit",
      schema: ChangePasswordRequest,
      input: changed(SAMPLES.changePassword, { newPassword: "Abcdefg!" }),
      verdict: ["newPassword", "validation.passwordDigit"],
    },
    {
      say: "no special character",
      schema: ChangePasswordRequest,
      input: changed(SAMPLES.changePassword, { newPassword: "Abcdefg1" }),
      verdict: ["newPassword", "validation.passwordSpecial"],
    },
    ...[..."@$!%*?&"].map((special) => ({
      say: `special ${special}`,
      schema: ChangePasswordRequest,
      input: changed(SAMPLES.changePassword, { newPassword: `Abcdef1${special}` }),
      verdict: "ok" as const,
    })),
    {
      say: "a character outside the alphabet",
      schema: ChangePasswordRequest,
      input: changed(SAMPLES.changePassword, { newPassword: "Abcdef1!#" }),
      verdict: ["newPassword", "validation.passwordAlphabet"],
    },
    {
      say: "an accented letter",
      schema: ChangePasswordRequest,
      input: changed(SAMPLES.changePassword, { newPassword: "Abcdéf1!" }),
      verdict: ["newPassword", "validation.passwordAlphabet"],
    },
    {
      say: "new equal to the current",
      schema: ChangePasswordRequest,
      input: { oldPassword: "Passw0rd!", newPassword: "Passw0rd!" },
      verdict: ["newPassword", "validation.passwordMustDiffer"],
    },
  ],
  "Prescription form: diagnosis, medication name, dosage, frequency, duration required; at least one medication": [
    { say: "the sample", schema: PrescriptionDraft, input: SAMPLES.prescription, verdict: "ok" },
    {
      say: "diagnosis blank",
      schema: PrescriptionDraft,
      input: changed(SAMPLES.prescription, { diagnosis: " " }),
      verdict: ["diagnosis", "validation.diagnosisRequired"],
    },
    {
      say: "no medication",
      schema: PrescriptionDraft,
      input: changed(SAMPLES.prescription, { medications: [] }),
      verdict: ["medications", "validation.medicationRequired"],
    },
    { say: "notes empty", schema: PrescriptionDraft, input: changed(SAMPLES.prescription, { notes: "" }), verdict: "ok" },
    ...(["name", "dosage", "frequency", "duration"] as const).map((field) => ({
      say: `medication ${field} empty`,
      schema: PrescriptionDraft,
      input: changed(SAMPLES.prescription, { medications: [{ ...SAMPLES.prescription.medications[0], [field]: "" }] }),
      verdict: [`medications.0.${field}`, `validation.${field === "name" ? "medicationName" : field}Required`] as const,
    })),
    {
      say: "instructions empty",
      schema: PrescriptionDraft,
      input: changed(SAMPLES.prescription, { medications: [{ ...SAMPLES.prescription.medications[0], instructions: "" }] }),
      verdict: "ok",
    },
  ],
  "Freed-slot waitlist (issue 14): earlier than an appointment it names, or between two dates in order": [
    {
      say: "earlier than an appointment",
      schema: JoinSlotWaitlistRequest,
      input: { doctorId: ID, mode: "EARLIER_THAN_APPOINTMENT", appointmentId: ID },
      verdict: "ok",
    },
    {
      say: "earlier than no appointment",
      schema: JoinSlotWaitlistRequest,
      input: { doctorId: ID, mode: "EARLIER_THAN_APPOINTMENT" },
      verdict: ["appointmentId", "validation.required"],
    },
    {
      say: "between two dates",
      schema: JoinSlotWaitlistRequest,
      input: { doctorId: ID, mode: "BETWEEN_DATES", fromDate: "2026-12-01", toDate: "2026-12-15" },
      verdict: "ok",
    },
    {
      say: "between one day and itself",
      schema: JoinSlotWaitlistRequest,
      input: { doctorId: ID, mode: "BETWEEN_DATES", fromDate: "2026-12-01", toDate: "2026-12-01" },
      verdict: "ok",
    },
    {
      say: "between dates with no start",
      schema: JoinSlotWaitlistRequest,
      input: { doctorId: ID, mode: "BETWEEN_DATES", toDate: "2026-12-15" },
      verdict: ["fromDate", "validation.required"],
    },
    {
      say: "between dates with no end",
      schema: JoinSlotWaitlistRequest,
      input: { doctorId: ID, mode: "BETWEEN_DATES", fromDate: "2026-12-01" },
      verdict: ["toDate", "validation.required"],
    },
    {
      say: "an end before the start",
      schema: JoinSlotWaitlistRequest,
      input: { doctorId: ID, mode: "BETWEEN_DATES", fromDate: "2026-12-15", toDate: "2026-12-01" },
      verdict: ["toDate", "validation.endDateAfterStart"],
    },
    {
      say: "one day (the end the same as the start)",
      schema: JoinSlotWaitlistRequest,
      input: { doctorId: ID, mode: "BETWEEN_DATES", fromDate: "2026-12-15", toDate: "2026-12-15" },
      verdict: "ok",
    },
    {
      say: "an impossible date",
      schema: JoinSlotWaitlistRequest,
      input: { doctorId: ID, mode: "BETWEEN_DATES", fromDate: "2026-02-30", toDate: "2026-03-15" },
      verdict: ["fromDate", "validation.dateInvalid"],
    },
    { say: "another mode", schema: JoinSlotWaitlistRequest, input: { doctorId: ID, mode: "ANY_TIME" }, verdict: ["mode", "validation.invalid"] },
    {
      say: "a doctor that is not an id",
      schema: JoinSlotWaitlistRequest,
      input: { doctorId: "dr-1", mode: "EARLIER_THAN_APPOINTMENT", appointmentId: ID },
      verdict: ["doctorId", "validation.idInvalid"],
    },
  ],
  "Sign-up and a doctor's account request: names, a valid password, the terms accepted": [
    { say: "a patient's sign-up", schema: PatientRegistration, input: SIGN_UP, verdict: "ok" },
    {
      say: "terms not accepted",
      schema: PatientRegistration,
      input: changed(SIGN_UP, { acceptTerms: false }),
      verdict: ["acceptTerms", "validation.termsRequired"],
    },
    {
      say: "first name empty",
      schema: PatientRegistration,
      input: changed(SIGN_UP, { firstName: "" }),
      verdict: ["firstName", "validation.firstNameRequired"],
    },
    { say: "last name blank", schema: PatientRegistration, input: changed(SIGN_UP, { lastName: " " }), verdict: ["lastName", "validation.lastNameRequired"] },
    {
      say: "a weak password",
      schema: PatientRegistration,
      input: changed(SIGN_UP, { password: "password" }),
      verdict: ["password", "validation.passwordUppercase"],
    },
    { say: "a doctor's request", schema: DoctorRequestInput, input: DOCTOR_REQUEST, verdict: "ok" },
    {
      say: "its terms not accepted",
      schema: DoctorRequestInput,
      input: changed(DOCTOR_REQUEST, { acceptTerms: false }),
      verdict: ["acceptTerms", "validation.termsRequired"],
    },
    {
      say: "its first name empty",
      schema: DoctorRequestInput,
      input: changed(DOCTOR_REQUEST, { firstName: "" }),
      verdict: ["firstName", "validation.firstNameRequired"],
    },
    {
      say: "its last name empty",
      schema: DoctorRequestInput,
      input: changed(DOCTOR_REQUEST, { lastName: "" }),
      verdict: ["lastName", "validation.lastNameRequired"],
    },
    {
      say: "its order number empty",
      schema: DoctorRequestInput,
      input: changed(DOCTOR_REQUEST, { refNumber: "  " }),
      verdict: ["refNumber", "validation.refNumberRequired"],
    },
  ],
  "Lengths and ranges no form reaches (SPEC silent; a request cannot carry a novel)": [
    {
      say: "an address of 201",
      schema: PatientUpdate,
      input: changed(SAMPLES.patientUpdate, { locations: [{ ...location, address: text(201) }] }),
      verdict: ["locations.0.address", "validation.tooLong"],
    },
    {
      say: "an address left empty",
      schema: PatientUpdate,
      input: changed(SAMPLES.patientUpdate, { locations: [{ ...location, address: "" }] }),
      verdict: ["locations.0.address", "validation.addressRequired"],
    },
    {
      say: "a city left empty",
      schema: PatientUpdate,
      input: changed(SAMPLES.patientUpdate, { locations: [{ ...location, city: " " }] }),
      verdict: ["locations.0.city", "validation.cityRequired"],
    },
    {
      say: "a zip of 21",
      schema: PatientUpdate,
      input: changed(SAMPLES.patientUpdate, { locations: [{ ...location, zip: text(21, "1") }] }),
      verdict: ["locations.0.zip", "validation.tooLong"],
    },
    {
      say: "a latitude beyond the pole",
      schema: PatientUpdate,
      input: changed(SAMPLES.patientUpdate, { locations: [{ ...location, coordinates: { lat: 91, lng: 0 } }] }),
      verdict: ["locations.0.coordinates.lat", "validation.coordinatesInvalid"],
    },
    {
      say: "a longitude beyond the date line",
      schema: PatientUpdate,
      input: changed(SAMPLES.patientUpdate, { locations: [{ ...location, coordinates: { lat: 0, lng: 181 } }] }),
      verdict: ["locations.0.coordinates.lng", "validation.coordinatesInvalid"],
    },
    {
      say: "a current password of 129",
      schema: PatientUpdate,
      input: changed(SAMPLES.patientUpdate, { currentPassword: text(129) }),
      verdict: ["currentPassword", "validation.tooLong"],
    },
    {
      say: "an attachment without a name",
      schema: MedicalRecordInput,
      input: changed(SAMPLES.medicalRecord, { attachments: [{ ...SAMPLES.medicalRecord.attachments[0], name: " " }] }),
      verdict: ["attachments.0.name", "validation.fileRequired"],
    },
    {
      say: "a description of 1001",
      schema: MedicalRecordInput,
      input: changed(SAMPLES.medicalRecord, { description: text(1001) }),
      verdict: ["description", "validation.tooLong"],
    },
    {
      say: "a prescription's notes of 2001",
      schema: PrescriptionDraft,
      input: changed(SAMPLES.prescription, { notes: text(2001) }),
      verdict: ["notes", "validation.tooLong"],
    },
    {
      say: "a waitlist name of 101",
      schema: WaitlistEntry,
      input: changed(SAMPLES.waitlistEntry, { name: text(101) }),
      verdict: ["name", "validation.tooLong"],
    },
    {
      say: "a biography of 4001",
      schema: DoctorUpdate,
      input: changed(SAMPLES.doctorUpdate, { biography: text(4001) }),
      verdict: ["biography", "validation.tooLong"],
    },
    {
      say: "a career started in 1949",
      schema: DoctorUpdate,
      input: changed(SAMPLES.doctorUpdate, { careerStartYear: 1949 }),
      verdict: ["careerStartYear", "validation.careerStartYearInvalid"],
    },
    { say: "a career started in 1950", schema: DoctorUpdate, input: changed(SAMPLES.doctorUpdate, { careerStartYear: 1950 }), verdict: "ok" },
    {
      say: "a negative fee",
      schema: DoctorUpdate,
      input: changed(SAMPLES.doctorUpdate, { providedServices: [{ id: ID, code: "CLINIC", price: -1 }] }),
      verdict: ["providedServices.0.price", "validation.priceInvalid"],
    },
    {
      say: "a new password of 129",
      schema: ChangePasswordRequest,
      input: changed(SAMPLES.changePassword, { newPassword: `Abcdef1!${text(121)}` }),
      verdict: ["newPassword", "validation.tooLong"],
    },
    {
      say: "a current password of 129 (change)",
      schema: ChangePasswordRequest,
      input: changed(SAMPLES.changePassword, { oldPassword: text(129) }),
      verdict: ["oldPassword", "validation.tooLong"],
    },
    { say: "a slot of 480 minutes", schema: AvailabilityInput, input: changed(SAMPLES.availability, { slotDurationMinutes: 480 }), verdict: "ok" },
    {
      say: "a slot of 485 minutes",
      schema: AvailabilityInput,
      input: changed(SAMPLES.availability, { slotDurationMinutes: 485 }),
      verdict: ["slotDurationMinutes", "validation.slotDurationMax"],
    },
    { say: "a half star", schema: ReviewInput, input: changed(SAMPLES.review, { rating: 4.5 }), verdict: ["rating", "validation.ratingMin"] },
    {
      say: "a facility keyword of 101",
      schema: FacilitySearchRequest,
      input: changed(SAMPLES.facilitySearch, { query: { keyword: text(101) } }),
      verdict: ["query.keyword", "validation.tooLong"],
    },
    { say: "a contact first name of 50 inside spaces", schema: ContactMessage, input: changed(contactMessage, { firstName: ` ${text(50)} ` }), verdict: "ok" },
    { say: "an email with more after it", schema: Email, input: "awa@example.sn x", verdict: ["", "validation.emailInvalid"] },
    {
      say: "an emergency phone with more after it",
      schema: EmergencyContactInput,
      input: changed(SAMPLES.emergencyContact, { phoneNumber: "+33612345678 p2" }),
      verdict: ["phoneNumber", "validation.invalidPhoneNumber"],
    },
    { say: "the first day of 1900", schema: IsoDate, input: "1900-01-01", verdict: "ok" },
    { say: "the last day of 1899", schema: IsoDate, input: "1899-12-31", verdict: ["", "validation.dateInvalid"] },
    { say: "the last day of 2100", schema: IsoDate, input: "2100-12-31", verdict: "ok" },
    { say: "the first day of 2101", schema: IsoDate, input: "2101-01-01", verdict: ["", "validation.dateInvalid"] },
    { say: "an instant on 30 February", schema: UtcInstant, input: "2026-02-30T09:00:00Z", verdict: ["", "validation.dateInvalid"] },
    { say: "an instant at 24:00", schema: UtcInstant, input: "2026-11-23T24:00:00Z", verdict: ["", "validation.dateInvalid"] },
    { say: "an instant at 23:59:59", schema: UtcInstant, input: "2026-11-23T23:59:59Z", verdict: "ok" },
  ],
  "Search: at least 2 characters, or empty": [
    {
      say: "doctor keyword of 1",
      schema: DoctorSearchRequest,
      input: changed(SAMPLES.doctorSearch, { query: { keyword: "c" } }),
      verdict: ["query.keyword", "validation.searchMin"],
    },
    {
      say: "doctor keyword of 1 inside spaces",
      schema: DoctorSearchRequest,
      input: changed(SAMPLES.doctorSearch, { query: { keyword: " c " } }),
      verdict: ["query.keyword", "validation.searchMin"],
    },
    { say: "doctor keyword of 2", schema: DoctorSearchRequest, input: changed(SAMPLES.doctorSearch, { query: { keyword: "ca" } }), verdict: "ok" },
    { say: "facility keyword empty", schema: FacilitySearchRequest, input: changed(SAMPLES.facilitySearch, { query: { keyword: "" } }), verdict: "ok" },
    {
      say: "facility keyword of 1",
      schema: FacilitySearchRequest,
      input: changed(SAMPLES.facilitySearch, { query: { keyword: "d" } }),
      verdict: ["query.keyword", "validation.searchMin"],
    },
    {
      say: "facility keyword of 1 inside spaces",
      schema: FacilitySearchRequest,
      input: changed(SAMPLES.facilitySearch, { query: { keyword: "  d " } }),
      verdict: ["query.keyword", "validation.searchMin"],
    },
    { say: "facility keyword of 2", schema: FacilitySearchRequest, input: changed(SAMPLES.facilitySearch, { query: { keyword: "da" } }), verdict: "ok" },
  ],
}

describe("SPEC §5, rule by rule, at its bounds", () => {
  for (const [bullet, rules] of Object.entries(RULES)) {
    describe(bullet, () => {
      for (const rule of rules) {
        it(`${rule.say}: ${rule.verdict === "ok" ? "accepted" : `refused (${rule.verdict.join(": ")})`}`, () => {
          expect(judge(rule.schema, rule.input)).toEqual(rule.verdict)
        })
      }
    })
  }

  it("an email is kept in one form: trimmed, NFC, lower case", () => {
    const decoded = decodeWithFields(Email, " Awa.Diop@Example.SN ")
    expect(decoded).toEqual({ ok: true, value: "awa.diop@example.sn" })
    expect(decodeWithFields(Email, "Adelai\u0308de@Demo.sn")).toEqual({ ok: true, value: "adela\u00efde@demo.sn" })
  })

  it("a review's comment reaches the gateway as typed; its bounds are read trimmed", () => {
    expect(decodeWithFields(ReviewInput, changed(SAMPLES.review, { comment: ` ${reviewComment} ` }))).toMatchObject({ ok: true })
  })
})

describe("SPEC §9's numbers are the limits the rules use", () => {
  it("uploads, phone, password, search, biography, review, settings, contact, locations, services, slots", () => {
    expect(LIMITS).toMatchObject({
      photoMaxBytes: 3 * 1024 * 1024,
      recordMaxBytes: 10 * 1024 * 1024,
      phoneMax: 18,
      passwordMin: 8,
      searchMin: 2,
      biographyMin: 20,
      commentMin: 20,
      commentMax: 512,
      ratingMin: 1,
      ratingMax: 5,
      maxDailyAppointmentMin: 1,
      maxDailyAppointmentMax: 50,
      consultationDurationMin: 1,
      consultationDurationMax: 240,
      bufferTimeMin: 5,
      bufferTimeMax: 240,
      contactFirstNameMin: 2,
      contactFirstNameMax: 50,
      contactLastNameMin: 2,
      contactLastNameMax: 20,
      contactEmailMin: 4,
      contactEmailMax: 100,
      contactMessageMin: 10,
      contactMessageMax: 1000,
      locationsMax: 3,
      servicesMax: 3,
      slotDurationMin: 15,
      slotDurationStep: 5,
    })
    expect(REASON_MAX).toBe(500)
  })

  it("a booking deposit is 500 to 50,000 FCFA, 5,000 unless the doctor says otherwise; a payment lives 15 minutes (issue 40)", () => {
    expect(LIMITS).toMatchObject({ bookingDepositMin: 500, bookingDepositMax: 50000 })
    expect(DEPOSIT_DEFAULT).toBe(5000)
    expect(PAYMENT_LIFE_MINUTES).toBe(15)
  })

  it("cancel or change up to 24 hours before (SPEC §1 FAQ, §9); a waitlist range reaches 62 days ahead (issue 14)", () => {
    expect(CHANGE_NOTICE_HOURS).toBe(24)
    expect(WAITLIST_RANGE_MAX_DAYS).toBe(62)
  })

  it("the cancellation policy is read as SPEC says: exactly 24 hours before still may, one second less may not", () => {
    const now = Date.parse("2026-11-23T08:00:00Z")
    expect(changeAllowed(Date.parse("2026-11-24T08:00:00Z"), now)).toBe(true)
    expect(changeAllowed(Date.parse("2026-11-24T07:59:59Z"), now)).toBe(false)
    expect(changeAllowed(Date.parse("2026-11-30T08:00:00Z"), now)).toBe(true)
    expect(changeAllowed(Date.parse("2026-11-20T08:00:00Z"), now)).toBe(false)
  })
})

/*
 * Issue 40's deposit settings, apart from RULES: their message keys (validation.bookingDepositMin,
 * validation.bookingDepositMax) come to the locales with the settings screen that shows them.
 */
describe("Doctor settings: a deposit of 500 to 50,000 whole FCFA, for NONE, AFTER_NO_SHOW or ALL (issue 40)", () => {
  const cases: ReadonlyArray<readonly [string, Record<string, unknown>, Verdict]> = [
    ["bookingDeposit 499", { bookingDeposit: 499 }, ["bookingDeposit", "validation.bookingDepositMin"]],
    ["bookingDeposit 500", { bookingDeposit: 500 }, "ok"],
    ["bookingDeposit 50000", { bookingDeposit: 50000 }, "ok"],
    ["bookingDeposit 50001", { bookingDeposit: 50001 }, ["bookingDeposit", "validation.bookingDepositMax"]],
    ["bookingDeposit 5000.5 (francs have no cents)", { bookingDeposit: 5000.5 }, ["bookingDeposit", "validation.invalid"]],
    ["depositFor ALL", { depositFor: "ALL" }, "ok"],
    ["depositFor AFTER_NO_SHOW", { depositFor: "AFTER_NO_SHOW" }, "ok"],
    ["depositFor SOMETIMES", { depositFor: "SOMETIMES" }, ["depositFor", "validation.invalid"]],
  ]
  for (const [say, change, verdict] of cases) {
    it(say, () => {
      expect(judge(DoctorSettingsUpdate, changed(SAMPLES.doctorSettings, change))).toEqual(verdict)
    })
  }
})

describe("every message these rules give is said in French, English and Arabic", () => {
  const keys = new Set(
    Object.values(RULES)
      .flat()
      .flatMap((rule) => (rule.verdict === "ok" ? [] : [rule.verdict[1]])),
  )
  for (const [language, messages] of Object.entries({ fr, en, ar })) {
    it(language, () => {
      // A key names its section (validation, or the one screen that gives it: slotWaitlist) and its text.
      const textOf = (key: string): unknown => key.split(".").reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], messages)
      const missing = [...keys].filter((key) => {
        const text = textOf(key)
        return !(typeof text === "string" && text.trim() !== "")
      })
      expect(missing).toEqual([])
    })
  }
})
