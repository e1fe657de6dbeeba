import * as Schema from "effect/Schema"
import { Country, Residency } from "./enums.ts"
import { requiredText } from "./fields.ts"

export const Coordinates = Schema.Struct({ lat: Schema.Number, lng: Schema.Number })
export type Coordinates = typeof Coordinates.Type

/** A postal location of a patient or a doctor (SPEC §3); at most 3, exactly one primary. */
export const Location = Schema.Struct({
  id: Schema.optionalKey(Schema.String),
  address: requiredText("validation.addressRequired", 200),
  city: requiredText("validation.cityRequired", 100),
  state: Schema.optionalKey(Schema.NullOr(Schema.String.check(Schema.isMaxLength(100)))),
  zip: Schema.optionalKey(Schema.NullOr(Schema.String.check(Schema.isMaxLength(20)))),
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
})
export type PaginationResponse = typeof PaginationResponse.Type

export const SortOrder = Schema.Literals(["asc", "desc"])
export type SortOrder = typeof SortOrder.Type

/** Page sizes offered by every paginated list (SPEC §9). */
export const PAGE_SIZES = [5, 10, 25, 50, 100] as const
