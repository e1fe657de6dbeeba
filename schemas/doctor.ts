import * as Schema from "effect/Schema"
import { Location, PaginationRequest, PaginationResponse } from "./common.ts"
import { Civility, ServiceCode, SpokenLanguage } from "./enums.ts"
import { boundedLine, LIMITS, MultilineText, personName, requiredText, Website } from "./fields.ts"
import { ProfilePhone } from "./phone.ts"
import { FacilityAddress, SearchKeyword } from "./facility.ts"
import { DoctorId, FacilityId, UserId } from "./ids.ts"

export const Specialty = Schema.Struct({ id: Schema.String, code: Schema.String, label: Schema.String })
export type Specialty = typeof Specialty.Type

export const ProvidedService = Schema.Struct({
  id: Schema.optionalKey(boundedLine(100)),
  code: ServiceCode,
  price: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 10_000_000 }, { message: "validation.priceInvalid" })),
})
export type ProvidedService = typeof ProvidedService.Type

export const Award = Schema.Struct({ title: Schema.String, issuer: Schema.String, year: Schema.Int })
export type Award = typeof Award.Type

export const Publication = Schema.Struct({
  title: Schema.String,
  journal: Schema.String,
  year: Schema.Int,
  url: Schema.optionalKey(Schema.NullOr(Schema.String)),
})
export type Publication = typeof Publication.Type

/** A facility as shown on a doctor's profile. */
export const DoctorFacility = Schema.Struct({
  id: FacilityId,
  name: Schema.String,
  photoUrl: Schema.NullOr(Schema.String),
  isPartner: Schema.Boolean,
  location: FacilityAddress,
  phoneNumber: Schema.NullOr(Schema.String),
  website: Schema.NullOr(Schema.String),
  careTypes: Schema.Array(Schema.String),
})
export type DoctorFacility = typeof DoctorFacility.Type

export const Doctor = Schema.Struct({
  id: DoctorId,
  userId: UserId,
  firstName: Schema.String,
  lastName: Schema.String,
  email: Schema.String,
  phoneNumber: Schema.NullOr(Schema.String),
  civility: Schema.NullOr(Civility),
  refNumber: Schema.NullOr(Schema.String),
  photoUrl: Schema.NullOr(Schema.String),
  biography: Schema.NullOr(Schema.String),
  website: Schema.NullOr(Schema.String),
  careerStartYear: Schema.NullOr(Schema.Int),
  consultationFee: Schema.NullOr(Schema.Number),
  averageRate: Schema.Number,
  reviewCount: Schema.Number,
  /** Instant of the next AVAILABLE slot, null when none. */
  nextAvailability: Schema.NullOr(Schema.String),
  specialties: Schema.Array(Specialty),
  doctorSpokenLanguages: Schema.Array(SpokenLanguage),
  insuranceAccepted: Schema.Array(Schema.String),
  providedServices: Schema.Array(ProvidedService),
  locations: Schema.Array(Location),
  healthcareFacilities: Schema.Array(DoctorFacility),
  awards: Schema.Array(Award),
  publications: Schema.Array(Publication),
  clinicPhotos: Schema.Array(Schema.String),
  education: Schema.Array(Schema.String),
})
export type Doctor = typeof Doctor.Type

/** PUT /doctors/{id}: the doctor form of SPEC §5 (email is read-only and not accepted). */
export const DoctorUpdate = Schema.Struct({
  firstName: personName("validation.firstNameRequired"),
  lastName: personName("validation.lastNameRequired"),
  refNumber: requiredText("validation.refNumberRequired", 50),
  careerStartYear: Schema.Int.check(Schema.isBetween({ minimum: 1950, maximum: 2100 }, { message: "validation.careerStartYearInvalid" })),
  biography: Schema.optionalKey(
    Schema.NullOr(
      MultilineText.check(
        Schema.isMinLength(LIMITS.biographyMin, { message: "validation.biographyMin" }),
        Schema.isMaxLength(4000, { message: "validation.tooLong" }),
      ),
    ),
  ),
  website: Schema.optionalKey(Schema.NullOr(Website)),
  phoneNumber: Schema.optionalKey(Schema.NullOr(ProfilePhone)),
  civility: Schema.optionalKey(Schema.NullOr(Civility)),
  locations: Schema.Array(Location).check(
    Schema.isMinLength(1, { message: "validation.locationRequired" }),
    Schema.isMaxLength(LIMITS.locationsMax, { message: "validation.maxLocations" }),
    Schema.makeFilter((ls: ReadonlyArray<Location>) => ls.filter((l) => l.isPrimary).length === 1, {
      message: "validation.onePrimaryLocation",
    }),
  ),
  providedServices: Schema.Array(ProvidedService).check(
    Schema.isMinLength(1, { message: "validation.serviceRequired" }),
    Schema.isMaxLength(LIMITS.servicesMax, { message: "validation.maxServices" }),
    Schema.makeFilter((ss: ReadonlyArray<ProvidedService>) => new Set(ss.map((s) => s.code)).size === ss.length, { message: "validation.duplicateService" }),
  ),
  doctorSpokenLanguages: Schema.Array(SpokenLanguage),
  insuranceAccepted: Schema.Array(boundedLine(100)).check(Schema.isMaxLength(30)),
  photoUrl: Schema.optionalKey(Schema.NullOr(boundedLine(1000))),
})
export type DoctorUpdate = typeof DoctorUpdate.Type

export const DOCTOR_SORTS = ["relevance", "rating", "experience", "fee"] as const
export const DoctorSort = Schema.Literals(DOCTOR_SORTS)
export type DoctorSort = typeof DoctorSort.Type

/** Gateway sort properties of SPEC §7's mapping. */
export const DoctorSortProperty = Schema.Literals(["user.firstName", "rating", "experience", "price"])
export type DoctorSortProperty = typeof DoctorSortProperty.Type

export const DoctorSearchRequest = Schema.Struct({
  paginationSettings: PaginationRequest,
  sortBy: Schema.optionalKey(Schema.Struct({ property: DoctorSortProperty, order: Schema.Literals(["asc", "desc"]) })),
  query: Schema.optionalKey(
    Schema.Struct({
      keyword: Schema.optionalKey(SearchKeyword),
      specialtyCodes: Schema.optionalKey(Schema.Array(boundedLine(60)).check(Schema.isMaxLength(50))),
      location: Schema.optionalKey(boundedLine(100)),
      rating: Schema.optionalKey(Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 5 }))),
      language: Schema.optionalKey(SpokenLanguage),
      insurance: Schema.optionalKey(boundedLine(100)),
      providedServiceCodes: Schema.optionalKey(Schema.Array(ServiceCode).check(Schema.isMaxLength(3))),
    }),
  ),
})
export type DoctorSearchRequest = typeof DoctorSearchRequest.Type

export const DoctorSearchResponse = Schema.Struct({
  data: Schema.Array(Doctor),
  paginationSettings: PaginationResponse,
})
export type DoctorSearchResponse = typeof DoctorSearchResponse.Type
