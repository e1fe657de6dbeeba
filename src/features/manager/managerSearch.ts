import { PAGE_SIZES } from "../../../schemas/valueLists.ts"
import { either, isNumber, isText } from "../../routes/search/checks.ts"
import type { LenientSearch } from "../../routes/search/lenient.ts"

/** The address of the manager's facility list: q, page, limit (TanStack parses numbers itself). */
export const FacilitiesListSearch = { q: either(isText, isNumber), page: either(isNumber, isText), limit: either(isNumber, isText) }
export type FacilitiesListSearch = LenientSearch<typeof FacilitiesListSearch>

export function facilitiesListOf(search: FacilitiesListSearch): { q: string; page: number; limit: number } {
  const page = Math.max(1, Math.floor(Number(search.page ?? 1)) || 1)
  const limit = Number(search.limit ?? 10)
  return { q: search.q === undefined ? "" : String(search.q), page, limit: (PAGE_SIZES as ReadonlyArray<number>).includes(limit) ? limit : 10 }
}
