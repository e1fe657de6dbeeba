import * as Schema from "effect/Schema"
import { Country, Residency } from "./enums.ts"
import { boundedLine, requiredText } from "./fields.ts"

export { PAGE_SIZES } from "./valueLists.ts"

/** A point on Earth: latitude -90 to 90, longitude -180 to 180 (finite numbers only). */
export const Coordinates = Schema.Struct({
  lat: Schema.Finite.check(Schema.isBetween({ minimum: -90, maximum: 90 }, { message: "validation.coordinatesInvalid" })),
  lng: Schema.Finite.check(Schema.isBetween({ minimum: -180, maximum: 180 }, { message: "validation.coordinatesInvalid" })),
})
export type Coordinates = typeof Coordinates.Type

/** A postal location of a patient or a doctor (SPEC §3); at most 3, exactly one primary. */
export const Location = Schema.Struct({
  id: Schema.optionalKey(boundedLine(100)),
  address: requiredText("validation.addressRequired", 200),
  city: requiredText("validation.cityRequired", 100),
  state: Schema.optionalKey(Schema.NullOr(boundedLine(100))),
  zip: Schema.optionalKey(Schema.NullOr(boundedLine(20))),
  country: Country,
  isPrimary: Schema.Boolean,
  residency: Schema.optionalKey(Schema.NullOr(Residency)),
  coordinates: Schema.optionalKey(Schema.NullOr(Coordinates)),
})
export type Location = typeof Location.Type

export const PaginationRequest = Schema.Struct({
  offset: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0), Schema.isLessThanOrEqualTo(1_000_000)),
  limit: Schema.Int.check(Schema.isGreaterThanOrEqualTo(1), Schema.isLessThanOrEqualTo(100)),
})
export type PaginationRequest = typeof PaginationRequest.Type

export const PaginationResponse = Schema.Struct({
  offset: Schema.Number,
  limit: Schema.Number,
  totalCount: Schema.Number,
  /** Present (true) when there are more matches than totalCount: the count stopped there. */
  totalCountCapped: Schema.optionalKey(Schema.Literal(true)),
})
export type PaginationResponse = typeof PaginationResponse.Type

export const SortOrder = Schema.Literals(["asc", "desc"])
export type SortOrder = typeof SortOrder.Type
