import * as Schema from "effect/Schema"
import { PAGE_SIZES } from "../../../schemas/common.ts"

/** The address of the manager's facility list: q, page, limit (TanStack parses numbers itself). */
export const FacilitiesListSearch = Schema.Struct({
  q: Schema.optionalKey(Schema.Union([Schema.String, Schema.Number])),
  page: Schema.optionalKey(Schema.Union([Schema.Number, Schema.String])),
  limit: Schema.optionalKey(Schema.Union([Schema.Number, Schema.String])),
})
export type FacilitiesListSearch = typeof FacilitiesListSearch.Type

export function facilitiesListOf(search: FacilitiesListSearch): { q: string; page: number; limit: number } {
  const page = Math.max(1, Math.floor(Number(search.page ?? 1)) || 1)
  const limit = Number(search.limit ?? 10)
  return { q: search.q === undefined ? "" : String(search.q), page, limit: (PAGE_SIZES as ReadonlyArray<number>).includes(limit) ? limit : 10 }
}
