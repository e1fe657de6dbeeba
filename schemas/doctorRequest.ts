import * as Schema from "effect/Schema"
import { SPECIALTY_CODES } from "../src/features/public/doctors/specialtyCodes.ts"
import { boundedText, Email, personName, requiredText, UtcInstant } from "./fields.ts"
import { ProfilePhone } from "./phone.ts"
import { DoctorRequestId, FacilityId, uuid } from "./ids.ts"

/** Bounds of the "Compte professionnel" request form (issue 11). */
export const DOCTOR_REQUEST_LIMITS = { refNumberMax: 40, messageMax: 500 } as const

/** The specialties a doctor may say they practise: the codes of the search page's filter. */
export const DoctorRequestSpecialty = Schema.Literals(SPECIALTY_CODES)
export type DoctorRequestSpecialty = typeof DoctorRequestSpecialty.Type

/**
 * A doctor's request for a professional account (POST /doctor-requests), checked by the form and
 * again by the gateway: names, a professional address (canonical, as at sign-up), an E.164 phone of
 * the right length, a specialty of the search page, the order (licence) number, the facility to join
 * (optional), a short message (optional) and the terms accepted. Texts are trimmed on decode.
 */
export const DoctorRequestInput = Schema.Struct({
  firstName: personName("validation.firstNameRequired"),
  lastName: personName("validation.lastNameRequired"),
  email: Email,
  phoneNumber: ProfilePhone,
  specialtyCode: DoctorRequestSpecialty,
  refNumber: requiredText("validation.refNumberRequired", DOCTOR_REQUEST_LIMITS.refNumberMax),
  facilityId: Schema.optionalKey(uuid(FacilityId)),
  message: Schema.optionalKey(boundedText(DOCTOR_REQUEST_LIMITS.messageMax)),
  acceptTerms: Schema.Boolean.check(Schema.makeFilter((accepted: boolean) => accepted, { message: "validation.termsRequired" })),
})
export type DoctorRequestInput = typeof DoctorRequestInput.Type

export const DOCTOR_REQUEST_STATUSES = ["PENDING", "REVIEWED"] as const
export const DoctorRequestStatus = Schema.Literals(DOCTOR_REQUEST_STATUSES)

/** What the gateway answers once a request is stored. */
export const DoctorRequestCreated = Schema.Struct({ id: DoctorRequestId, status: DoctorRequestStatus })
export type DoctorRequestCreated = typeof DoctorRequestCreated.Type

/** What the gateway answers once a manager has marked a request as reviewed. */
export const DoctorRequestReviewed = Schema.Struct({ id: DoctorRequestId, status: Schema.Literal("REVIEWED") })
export type DoctorRequestReviewed = typeof DoctorRequestReviewed.Type

/** A request as a manager reads it. */
export const DoctorRequest = Schema.Struct({
  id: DoctorRequestId,
  firstName: Schema.String,
  lastName: Schema.String,
  email: Schema.String,
  phoneNumber: Schema.String,
  specialtyCode: Schema.String,
  refNumber: Schema.String,
  facility: Schema.NullOr(Schema.Struct({ id: FacilityId, name: Schema.String })),
  message: Schema.NullOr(Schema.String),
  status: DoctorRequestStatus,
  createdAt: UtcInstant,
})
export type DoctorRequest = typeof DoctorRequest.Type

export const DoctorRequestList = Schema.Struct({ data: Schema.Array(DoctorRequest) })
export type DoctorRequestList = typeof DoctorRequestList.Type
