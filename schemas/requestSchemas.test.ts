import type * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import {
  controlVariants,
  IMPOSSIBLE_DATES,
  IMPOSSIBLE_INSTANTS,
  isDateShaped,
  isInstantShaped,
  lineBreakVariants,
  pathName,
  pathPattern,
  stringLeaves,
  withLeaf,
  visible,
  type Json,
} from "../tests/security/hostileInput.ts"
import { BookingDetails, CreateAppointmentRequest, UpdateAppointmentRequest } from "./appointment.ts"
import { AvailabilityInput, AvailableSlotsQuery, PublicDaySlotsQuery, PublicSlotsQuery } from "./availability.ts"
import { ContactEmailRequest, ContactMessage, EmailLangQuery } from "./contact.ts"
import { decodeWithFields } from "./decode.ts"
import { DoctorSearchRequest, DoctorUpdate } from "./doctor.ts"
import { FacilitySearchRequest } from "./facility.ts"
import { Email, IsoDate } from "./fields.ts"
import { Dependant, EmergencyContactInput, MedicalRecordInput, PatientUpdate } from "./patient.ts"
import { PrescriptionDraft } from "./prescription.ts"
import { ReactionInput, ReviewInput } from "./review.ts"
import { ChangePasswordRequest, TokenRequest } from "./session.ts"
import { DoctorSettingsUpdate, PatientSettings } from "./settings.ts"
import { WaitlistEntry } from "./waitlist.ts"
import { contactMessage, dependant, ID, ID2, SAMPLES } from "./testing/requestSamples.ts"

// Issue 9, item 5, on the form side: the rules live in the shared schemas, so a form says what the
// gateway says. For each request schema a form or the gateway decodes, a valid sample has each of
// its strings replaced, one at a time, by control-character variants and impossible dates; the
// free text a person types must name its field with validation.controlCharacters. The samples and
// the list of free-text fields come from SPEC §3/§5 and the forms (textareas are multi-line).

type AnySchema = Schema.Codec<unknown, unknown, never, never>
type Kind = "line" | "multiline"

interface RequestCase {
  /** The schema, and who decodes it. */
  readonly name: string
  readonly schema: AnySchema
  readonly sample: Json
  /** Free text a person types, by field pattern (array indices as `*`). */
  readonly text: Readonly<Record<string, Kind>>
  /** Whole samples on the calendar's edges that must be accepted (date ranges change both ends at once). */
  readonly edges?: ReadonlyArray<Json>
  /**
   * Credentials compared with what is stored rather than judged by their shape: a control character
   * can only make them wrong, which the gateway says (badCredentials, currentPasswordWrong) and the
   * gateway suite checks (a 4xx). The schema may leave them to that comparison.
   */
  readonly compared?: ReadonlyArray<string>
}

const locationText: Record<string, Kind> = { "locations.*.address": "line", "locations.*.city": "line", "locations.*.state": "line", "locations.*.zip": "line" }
const rangeEdges: ReadonlyArray<Json> = [
  { startDate: "2024-02-29", endDate: "2024-03-01" },
  { startDate: "2026-12-31", endDate: "2027-01-01" },
  { startDate: "2028-02-28", endDate: "2028-02-29" },
]

/** Every request schema decoded by the gateway (server/routes, server/auth) or by a form (src/, machines/). */
const CASES: ReadonlyArray<RequestCase> = [
  {
    name: "CreateAppointmentRequest (POST /appointments, the booking wizard)",
    schema: CreateAppointmentRequest,
    sample: SAMPLES.createAppointment,
    text: { reason: "multiline" },
  },
  {
    name: "UpdateAppointmentRequest (PUT /appointments/{id})",
    schema: UpdateAppointmentRequest,
    sample: { timeSlotId: ID, appointmentTime: "2026-12-03T09:00:00Z", reason: "Contrôle" },
    text: { reason: "multiline" },
  },
  {
    name: "BookingDetails (booking wizard step 1)",
    schema: BookingDetails,
    sample: SAMPLES.bookingDetails,
    text: { reason: "multiline" },
  },
  {
    name: "AvailabilityInput (POST /doctor-availability/{id}, the availability form)",
    schema: AvailabilityInput,
    sample: SAMPLES.availability,
    text: {},
  },
  {
    name: "AvailableSlotsQuery (GET …/time-slots)",
    schema: AvailableSlotsQuery,
    sample: { startDate: "2026-12-01", endDate: "2026-12-07" },
    text: {},
    edges: rangeEdges,
  },
  {
    name: "PublicSlotsQuery (GET …/available-time-slots)",
    schema: PublicSlotsQuery,
    sample: { startDate: "2026-12-01", endDate: "2026-12-07", include: "booked" },
    text: {},
    edges: rangeEdges,
  },
  { name: "PublicDaySlotsQuery (GET …/available-time-slots/date/{date})", schema: PublicDaySlotsQuery, sample: { include: "booked" }, text: {} },
  { name: "IsoDate (the {date} of …/available-time-slots/date/{date})", schema: IsoDate, sample: "2026-12-01", text: {} },
  {
    name: "DoctorUpdate (PUT /doctors/{id}, the doctor form)",
    schema: DoctorUpdate,
    sample: SAMPLES.doctorUpdate,
    text: { firstName: "line", lastName: "line", refNumber: "line", biography: "multiline", "insuranceAccepted.*": "line", ...locationText },
  },
  {
    name: "DoctorSettingsUpdate (PUT /doctors/{id}/settings, doctor settings)",
    schema: DoctorSettingsUpdate,
    sample: SAMPLES.doctorSettings,
    text: {},
  },
  {
    name: "DoctorSearchRequest (POST /doctors/search, doctor search)",
    schema: DoctorSearchRequest,
    sample: SAMPLES.doctorSearch,
    text: { "query.keyword": "line" },
  },
  {
    name: "FacilitySearchRequest (POST /healthcare-facilities/search, facility search)",
    schema: FacilitySearchRequest,
    sample: SAMPLES.facilitySearch,
    text: { "query.keyword": "line", "query.healthcare_facility_name": "line" },
  },
  {
    name: "ContactMessage (the contact form)",
    schema: ContactMessage,
    sample: contactMessage,
    text: { firstName: "line", lastName: "line", message: "multiline" },
  },
  {
    name: "ContactEmailRequest (POST /email/send)",
    schema: ContactEmailRequest,
    sample: { data: { template: "contact-form", smtpConfigId: "default", context: { ...contactMessage, name: "Khady Sarr (PATIENT)", subject: "Contact" } } },
    text: { "data.context.firstName": "line", "data.context.lastName": "line", "data.context.message": "multiline" },
  },
  { name: "EmailLangQuery (POST /email/send?lang)", schema: EmailLangQuery, sample: { lang: "fr" }, text: {} },
  {
    name: "WaitlistEntry (the waitlist form)",
    schema: WaitlistEntry,
    sample: SAMPLES.waitlistEntry,
    text: { name: "line", organization: "line", speciality: "line" },
  },
  {
    name: "PatientUpdate (PUT /patients/{id}, the patient form)",
    schema: PatientUpdate,
    sample: SAMPLES.patientUpdate,
    text: {
      firstName: "line",
      lastName: "line",
      "allergies.*": "line",
      "chronicConditions.*": "line",
      ...locationText,
      "dependants.*.firstName": "line",
      "dependants.*.lastName": "line",
      "dependants.*.allergies.*": "line",
      "dependants.*.conditions.*": "line",
      "medicalAlerts.*.type": "line",
      "medicalAlerts.*.description": "multiline",
    },
  },
  {
    name: "Dependant (the dependants editor)",
    schema: Dependant,
    sample: dependant,
    text: { firstName: "line", lastName: "line", "allergies.*": "line", "conditions.*": "line" },
  },
  {
    name: "PatientSettings (PUT /patients/{id}/settings, patient settings)",
    schema: PatientSettings,
    sample: SAMPLES.patientSettings,
    text: {},
  },
  {
    name: "EmergencyContactInput (emergency contacts, both routes and the form)",
    schema: EmergencyContactInput,
    sample: SAMPLES.emergencyContact,
    text: { firstName: "line", lastName: "line" },
  },
  {
    name: "MedicalRecordInput (POST /patients/{id}/medical-records, the record upload)",
    schema: MedicalRecordInput,
    sample: SAMPLES.medicalRecord,
    text: { title: "line", description: "multiline", "attachments.*.name": "line" },
  },
  {
    name: "ReviewInput (POST and PUT /reviews, the review card)",
    schema: ReviewInput,
    sample: SAMPLES.review,
    text: { comment: "multiline" },
  },
  { name: "ReactionInput (POST /reviews/reactions)", schema: ReactionInput, sample: { reviewId: ID, patientId: ID2, reactionType: "LIKE" }, text: {} },
  {
    name: "ChangePasswordRequest (POST /account/change-password, the form)",
    schema: ChangePasswordRequest,
    sample: SAMPLES.changePassword,
    text: {},
    compared: ["oldPassword"],
  },
  {
    name: "TokenRequest (POST /auth/token)",
    schema: TokenRequest,
    sample: { email: "patient@demo.sn", password: "Passw0rd!" },
    text: {},
    compared: ["email", "password"],
  },
  {
    name: "PrescriptionDraft (the prescription form)",
    schema: PrescriptionDraft,
    sample: SAMPLES.prescription,
    text: {
      diagnosis: "multiline",
      notes: "multiline",
      "medications.*.name": "line",
      "medications.*.dosage": "line",
      "medications.*.frequency": "line",
      "medications.*.duration": "line",
      "medications.*.instructions": "multiline",
    },
  },
  { name: "Email (the record share dialog)", schema: Email, sample: "awa.diop@example.sn", text: {} },
]

const decode = (schema: AnySchema, input: Json) => decodeWithFields(schema, input)
const fieldsOf = (result: ReturnType<typeof decode>) => (result.ok ? [] : result.fields.map((f) => `${f.name}: ${f.message}`))

describe("the shared request schemas refuse control characters and impossible dates, field by field", () => {
  for (const c of CASES) {
    describe(c.name, () => {
      const leaves = stringLeaves(c.sample)

      it("takes its valid sample, and names every free-text field the sample has", () => {
        const result = decode(c.schema, c.sample)
        expect(fieldsOf(result), "the sample is refused").toEqual([])
        const patterns = new Set(leaves.map((l) => pathPattern(l.path)))
        for (const pattern of Object.keys(c.text)) expect(patterns).toContain(pattern)
      })

      it("refuses control characters in each string with an error on that field (validation.controlCharacters on free text)", () => {
        const failures: string[] = []
        for (const leaf of leaves) {
          if (c.compared?.includes(pathPattern(leaf.path))) continue
          const kind = c.text[pathPattern(leaf.path)]
          const field = pathName(leaf.path)
          for (const variant of controlVariants(leaf.value, kind === "multiline")) {
            const result = decode(c.schema, withLeaf(c.sample, leaf.path, variant.value))
            const fields = fieldsOf(result)
            const named = kind ? fields.includes(`${field}: validation.controlCharacters`) : fields.some((f) => f.startsWith(`${field}: `))
            if (!named) failures.push(`${field || "(the value)"} | ${variant.label} ${visible(variant.value)} | ${result.ok ? "accepted" : fields.join(", ")}`)
          }
        }
        expect(failures, `${failures.length} not refused as they should be:\n${failures.join("\n")}\n`).toEqual([])
      })

      const multiline = leaves.filter((l) => c.text[pathPattern(l.path)] === "multiline")
      if (multiline.length > 0) {
        it("keeps line breaks in its multi-line texts", () => {
          const failures: string[] = []
          for (const leaf of multiline) {
            for (const variant of lineBreakVariants(leaf.value)) {
              const result = decode(c.schema, withLeaf(c.sample, leaf.path, variant.value))
              if (!result.ok) failures.push(`${pathName(leaf.path)} | ${variant.label} | ${fieldsOf(result).join(", ")}`)
            }
          }
          expect(failures, failures.join("\n")).toEqual([])
        })
      }

      const dates = leaves.filter((l) => isDateShaped(l.value) || isInstantShaped(l.value))
      if (dates.length > 0) {
        it(`takes only real calendar dates: ${dates.map((d) => pathName(d.path) || "the value").join(", ")}`, () => {
          const failures: string[] = []
          for (const leaf of dates) {
            const field = pathName(leaf.path)
            const instant = isInstantShaped(leaf.value)
            for (const value of instant ? IMPOSSIBLE_INSTANTS : IMPOSSIBLE_DATES) {
              const result = decode(c.schema, withLeaf(c.sample, leaf.path, value))
              if (!fieldsOf(result).some((f) => f.startsWith(`${field}: `)))
                failures.push(`${field || "(the value)"} = ${visible(value)} | ${result.ok ? "accepted" : fieldsOf(result).join(", ")}`)
            }
            // Leap days and a year's last day are dates (a birth date has to be in the past: 2024-02-29 is).
            // The ends of a date range are changed together, in `edges`.
            if (c.edges) continue
            for (const value of instant
              ? ["2024-02-29T09:00:00Z", "2026-12-31T23:59:59Z"]
              : field.endsWith("dateOfBirth")
                ? ["2024-02-29", "2000-02-29"]
                : ["2024-02-29", "2026-12-31"]) {
              const result = decode(c.schema, withLeaf(c.sample, leaf.path, value))
              if (!result.ok) failures.push(`${field || "(the value)"} = ${value} refused | ${fieldsOf(result).join(", ")}`)
            }
          }
          for (const edge of c.edges ?? []) {
            const result = decode(c.schema, { ...(c.sample as object), ...(edge as object) })
            if (!result.ok) failures.push(`${JSON.stringify(edge)} refused | ${fieldsOf(result).join(", ")}`)
          }
          expect(failures, `${failures.length} wrong:\n${failures.join("\n")}\n`).toEqual([])
        })
      }
    })
  }
})
