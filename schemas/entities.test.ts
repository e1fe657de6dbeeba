import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { Appointment, AppointmentLocation, AppointmentPatient, AppointmentPerson, chosenDependant } from "./appointment.ts"
import { Availability, SlotHold, TimeSlot } from "./availability.ts"
import { CalendarFeedLink, CalendarFeedStatus, FeedFileName } from "./calendarFeed.ts"
import { Coordinates, PaginationRequest, PaginationResponse, SortOrder } from "./common.ts"
import { EmailFunctionRequest, EmailFunctionResponse, EmailLangQuery } from "./contact.ts"
import { Award, Doctor, DoctorFacility, DoctorSearchRequest, DoctorSearchResponse, DoctorSortProperty, Publication, Specialty } from "./doctor.ts"
import { DoctorPatient, DoctorPatientDetail } from "./doctorPatients.ts"
import { DoctorRequest, DoctorRequestCreated, DoctorRequestList, DoctorRequestReviewed } from "./doctorRequest.ts"
import { DependantRelationship, EmergencyRelationship, Gender, ReactionType, Residency, Severity } from "./enums.ts"
import { ApiErrorBody, FieldError, isSessionErrorCode } from "./errors.ts"
import { FacilityAddress, FacilitySearchResponse, HealthcareFacility, OpeningHours } from "./facility.ts"
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_REPLAYED_HEADER, IdempotencyKey } from "./idempotency.ts"
import { idAmong } from "./ids.ts"
import { NotificationEntry } from "./notification.ts"
import { Attachment, EmergencyContact, MedicalRecord, Patient, PatientUpdateResponse, primaryHomeLocation } from "./patient.ts"
import { Review, ReviewListResponse, ReviewSummary } from "./review.ts"
import { ManagerMetadata, OkResponse, SessionResponse, TokenRequest, TokenResponse, ValidateSessionResponse } from "./session.ts"
import { TimeZoneSetting } from "./settings.ts"
import { SlotOffer, SlotWaitlistCount, SlotWaitlistEntry } from "./slotWaitlist.ts"
import { zoneOfCountry } from "./timeZone.ts"

// SPEC §3's entities as the client reads them from the gateway: every answer is decoded with its
// schema (src/api/client.ts), so a body that is not the entity must be refused, and SPEC's
// enumerations must be the values taken.

const takes = (schema: Schema.Codec<unknown, unknown, never, never>, value: unknown) => Schema.decodeUnknownExit(schema)(value)._tag === "Success"

describe("SPEC §3's enumerations, value by value", () => {
  const cases = [
    ["Location residency", Residency, ["HOME", "SECOND_HOME", "OTHER"]],
    ["Dependant relationship", DependantRelationship, ["CHILD", "SPOUSE", "PARENT", "OTHER"]],
    ["Emergency contact relationship", EmergencyRelationship, ["HUSBAND", "WIFE", "SPOUSE", "PARENT", "SIBLING", "FRIEND"]],
    ["Dependant gender", Gender, ["MALE", "FEMALE"]],
    ["Medical alert severity", Severity, ["LOW", "MEDIUM", "HIGH"]],
    ["Reaction type", ReactionType, ["LIKE", "DISLIKE"]],
    ["Time zone (spelled SPEC's way)", TimeZoneSetting, ["UTC", "EASTERN_TIME", "CENTERAL_TIME", "MONTAIN_TIME", "PACIFIC_TIME"]],
    ["Sort order", SortOrder, ["asc", "desc"]],
    ["Doctor search sort property (SPEC §7's mapping)", DoctorSortProperty, ["user.firstName", "rating", "experience", "price"]],
  ] as const
  for (const [name, schema, values] of cases) {
    it(`${name}: ${values.join(", ")}, and not a blank`, () => {
      for (const value of values) expect(takes(schema, value), value).toBe(true)
      expect(takes(schema, "")).toBe(false)
      expect(takes(schema, values[0].toLowerCase() === values[0] ? values[0].toUpperCase() : values[0].toLowerCase())).toBe(false)
    })
  }
})

describe("requests in SPEC §7's words", () => {
  it("a doctor search sorts by each of SPEC §7's properties, either way", () => {
    for (const property of ["user.firstName", "rating", "experience", "price"])
      for (const order of ["asc", "desc"])
        expect(takes(DoctorSearchRequest, { paginationSettings: { offset: 0, limit: 10 }, sortBy: { property, order } }), `${property} ${order}`).toBe(true)
    expect(takes(DoctorSearchRequest, { paginationSettings: { offset: 0, limit: 10 }, sortBy: { property: "rating", order: "" } })).toBe(false)
  })

  it("the email function writes in the app's three languages, and no other", () => {
    for (const lang of ["fr", "en", "ar"]) expect(takes(EmailLangQuery, { lang }), lang).toBe(true)
    expect(takes(EmailLangQuery, {})).toBe(true)
    for (const lang of ["", "FR", "wo"]) expect(takes(EmailLangQuery, { lang }), lang).toBe(false)
  })
})

describe("an answer that is not the entity is refused", () => {
  const answers = {
    Appointment,
    AppointmentPerson,
    AppointmentPatient,
    AppointmentLocation,
    TimeSlot,
    Availability,
    SlotHold,
    CalendarFeedStatus,
    CalendarFeedLink,
    Coordinates,
    PaginationRequest,
    PaginationResponse,
    EmailFunctionRequest,
    EmailFunctionResponse,
    Specialty,
    Award,
    Publication,
    DoctorFacility,
    Doctor,
    DoctorSearchResponse,
    DoctorPatient,
    DoctorPatientDetail,
    DoctorRequest,
    DoctorRequestCreated,
    DoctorRequestReviewed,
    DoctorRequestList,
    FieldError,
    ApiErrorBody,
    OpeningHours,
    FacilityAddress,
    HealthcareFacility,
    FacilitySearchResponse,
    NotificationEntry,
    Attachment,
    EmergencyContact,
    MedicalRecord,
    Patient,
    PatientUpdateResponse,
    Review,
    ReviewSummary,
    ReviewListResponse,
    ValidateSessionResponse,
    ManagerMetadata,
    SessionResponse,
    OkResponse,
    TokenRequest,
    TokenResponse,
    SlotOffer,
    SlotWaitlistEntry,
    SlotWaitlistCount,
  } as Record<string, Schema.Codec<unknown, unknown, never, never>>
  for (const [name, schema] of Object.entries(answers)) {
    it(`${name}: an empty object is not one`, () => {
      expect(takes(schema, {})).toBe(false)
    })
  }
  it("the gateway's error body: a known code and a message, fields optional", () => {
    expect(takes(ApiErrorBody, { code: "TIME_SLOT_ALREADY_BOOKED", message: "Taken" })).toBe(true)
    expect(takes(ApiErrorBody, { code: "VALIDATION_ERROR", message: "Bad", fields: [{ name: "reason", message: "validation.reasonRequired" }] })).toBe(true)
    expect(takes(ApiErrorBody, { code: "NOT_A_CODE", message: "?" })).toBe(false)
  })
  it("OkResponse is ok: true only", () => {
    expect(takes(OkResponse, { ok: true })).toBe(true)
    expect(takes(OkResponse, { ok: false })).toBe(false)
  })
  it("a page's count is exact unless it says it stopped counting (capped: true)", () => {
    expect(takes(PaginationResponse, { offset: 0, limit: 10, totalCount: 1000, totalCountCapped: true })).toBe(true)
    expect(takes(PaginationResponse, { offset: 0, limit: 10, totalCount: 1000, totalCountCapped: false })).toBe(false)
  })
  it("a point on Earth: latitude -90 to 90, longitude -180 to 180", () => {
    expect(takes(Coordinates, { lat: 14.7167, lng: -17.4677 })).toBe(true)
    expect(takes(Coordinates, { lat: 90.1, lng: 0 })).toBe(false)
    expect(takes(Coordinates, { lat: 0, lng: -180.1 })).toBe(false)
  })
  it("a calendar feed file is its 43-character secret and .ics, nothing around it", () => {
    const secret = "a".repeat(43)
    expect(takes(FeedFileName, `${secret}.ics`)).toBe(true)
    expect(takes(FeedFileName, `../${secret}.ics`)).toBe(false)
    expect(takes(FeedFileName, `${secret}.ics.exe`)).toBe(false)
  })
})

describe("small rules beside the entities", () => {
  it("a session error code is one of the session's", () => {
    expect(isSessionErrorCode("SESSION_EXPIRED")).toBe(true)
    expect(isSessionErrorCode("TIME_SLOT_ALREADY_BOOKED")).toBe(false)
  })
  it("a booking's person, when not the patient, is the dependant chosen", () => {
    expect(chosenDependant("3f2a0000-0000-4000-8000-0000000000d1")).toBe("3f2a0000-0000-4000-8000-0000000000d1")
  })
  it("a reviewed doctor request says REVIEWED", () => {
    const id = "0a5e0000-0000-4000-8000-000000000011"
    expect(takes(DoctorRequestReviewed, { id, status: "REVIEWED" })).toBe(true)
    expect(takes(DoctorRequestReviewed, { id, status: "PENDING" })).toBe(false)
  })
  it("a select's text names an id only among the records offered", () => {
    const offered = [{ id: "d1" }, { id: "d2" }]
    expect(idAmong(offered, "d2")).toBe("d2")
    expect(idAmong(offered, "d3")).toBeUndefined()
  })
  it("a place with no facility takes its country's zone: Chad's N'Djamena, else Dakar", () => {
    expect(zoneOfCountry("CHAD")).toBe("Africa/Ndjamena")
    expect(zoneOfCountry("SENEGAL")).toBe("Africa/Dakar")
    expect(zoneOfCountry(null)).toBe("Africa/Dakar")
  })
  it("a home visit goes to the primary location when it has an address and is a home (SPEC §5)", () => {
    const home = { isPrimary: true, address: "Villa 112, Mermoz", residency: "HOME" as const }
    expect(primaryHomeLocation([{ ...home, isPrimary: false }, home])).toBe(home)
    expect(primaryHomeLocation([{ ...home, residency: null }])).toEqual({ ...home, residency: null })
    expect(primaryHomeLocation([{ ...home, address: "  " }])).toBeUndefined()
    expect(primaryHomeLocation([{ ...home, residency: "OTHER" as const }])).toBeUndefined()
    expect(primaryHomeLocation([{ ...home, isPrimary: false }])).toBeUndefined()
  })
  it("a repeated request carries its Idempotency-Key: 1 to 255 visible ASCII characters", () => {
    expect(IDEMPOTENCY_KEY_HEADER).toBe("Idempotency-Key")
    expect(IDEMPOTENCY_REPLAYED_HEADER).toBe("Idempotency-Replayed")
    expect(takes(IdempotencyKey, "3f2b8c1e-7a4d-4e2b-9c3a-1d2e3f4a5b6c")).toBe(true)
    expect(takes(IdempotencyKey, "")).toBe(false)
    expect(takes(IdempotencyKey, "a".repeat(256))).toBe(false)
    expect(takes(IdempotencyKey, "key with spaces")).toBe(false)
    expect(takes(IdempotencyKey, "\u00e9t\u00e9")).toBe(false)
  })
})
