import * as Schema from "effect/Schema"
import { Coordinates, PaginationRequest, PaginationResponse, SortOrder } from "./common.ts"
import { DayOfWeek, FacilityTimeZone, FacilityType } from "./enums.ts"
import { boundedLine, HourMinute, Line, LIMITS } from "./fields.ts"
import { FacilityId } from "./ids.ts"

/** A search box's text: empty, or 2 characters at least (SPEC §5), at most 100. */
export const SearchKeyword = Line.check(
  Schema.makeFilter((s: string) => s.trim().length === 0 || s.trim().length >= LIMITS.searchMin, {
    message: "validation.searchMin",
  }),
  Schema.isMaxLength(100, { message: "validation.tooLong" }),
)

export const OpeningHours = Schema.Struct({ open: HourMinute, close: HourMinute })
export type OpeningHours = typeof OpeningHours.Type

/** Opening hours per weekday; a missing or null day is closed. */
export const WeeklyHours = Schema.Record(DayOfWeek, Schema.NullOr(OpeningHours))
export type WeeklyHours = typeof WeeklyHours.Type

export const FacilityAddress = Schema.Struct({
  address: Schema.String,
  city: Schema.String,
  state: Schema.NullOr(Schema.String),
})

export const HealthcareFacility = Schema.Struct({
  id: FacilityId,
  name: Schema.String,
  facilityType: FacilityType,
  photoUrl: Schema.NullOr(Schema.String),
  isPartner: Schema.Boolean,
  rating: Schema.Number,
  reviews: Schema.Number,
  coordinates: Schema.NullOr(Coordinates),
  location: FacilityAddress,
  phoneNumber: Schema.NullOr(Schema.String),
  website: Schema.NullOr(Schema.String),
  hours: WeeklyHours,
  careTypes: Schema.Array(Schema.String),
  emergency: Schema.Boolean,
  timeZone: FacilityTimeZone,
  /** Kilometres from the searcher, when the search sent its position and the facility has coordinates. */
  distance: Schema.optionalKey(Schema.NullOr(Schema.Number)),
})
export type HealthcareFacility = typeof HealthcareFacility.Type

export const FACILITY_SORT_PROPERTIES = ["name", "rating", "distance"] as const
export const FacilitySortProperty = Schema.Literals(FACILITY_SORT_PROPERTIES)

/** POST /healthcare-facilities/search (SPEC §7), with the type and emergency filters of the directory. */
export const FacilitySearchRequest = Schema.Struct({
  paginationSettings: PaginationRequest,
  sortBy: Schema.optionalKey(Schema.Struct({ property: FacilitySortProperty, order: SortOrder })),
  query: Schema.optionalKey(
    Schema.Struct({
      /** Name or city. */
      keyword: Schema.optionalKey(SearchKeyword),
      healthcare_facility_name: Schema.optionalKey(boundedLine(100)),
      facilityType: Schema.optionalKey(FacilityType),
      emergency: Schema.optionalKey(Schema.Boolean),
      near: Schema.optionalKey(Coordinates),
    }),
  ),
})
export type FacilitySearchRequest = typeof FacilitySearchRequest.Type

export const FacilitySearchResponse = Schema.Struct({
  data: Schema.Array(HealthcareFacility),
  paginationSettings: PaginationResponse,
})
export type FacilitySearchResponse = typeof FacilitySearchResponse.Type

/** Earth radius of the facility map's distances (SPEC §9). */
export const EARTH_RADIUS_KM = 6371
