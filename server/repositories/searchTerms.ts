import type { DoctorSearchRequest } from "../../schemas/doctor.ts"

/* What a doctor search asks for, as the statement on the listings reads it (./doctorSearch.ts). */

export type SearchQuery = NonNullable<DoctorSearchRequest["query"]>
export type SortBy = NonNullable<DoctorSearchRequest["sortBy"]>

/** The specialty codes asked for, upper case (the search page's address reads them in any case and so does the gateway), once each. */
export const specialtyCodesOf = (query: SearchQuery): string[] => [...new Set((query.specialtyCodes ?? []).map((code) => code.trim().toUpperCase()))]

/** The keyword's words, lower case: a doctor matches when their search text contains every one. */
export const wordsOf = (query: SearchQuery): string[] => (query.keyword ?? "").trim().toLowerCase().split(/\s+/).filter(Boolean)

/** The city asked for, as the listings keep it (lower case), or none. */
export const cityOf = (query: SearchQuery): string | undefined => query.location?.trim().toLowerCase() || undefined

/** The part of an insurer's name asked for, lower case, or none. */
export const insurerOf = (query: SearchQuery): string | undefined => query.insurance?.trim().toLowerCase() || undefined

/** The lowest average rating asked for, or none (0 asks for nothing). */
export const ratingOf = (query: SearchQuery): number | undefined => (query.rating !== undefined && query.rating > 0 ? query.rating : undefined)

/** The services asked for (a doctor offering any of them matches), or none. */
export const serviceCodesOf = (query: SearchQuery): ReadonlyArray<string> | undefined =>
  query.providedServiceCodes && query.providedServiceCodes.length > 0 ? query.providedServiceCodes : undefined

/** The listing column a search is sorted by: the names (first, then last), the rating, the career's start, the lowest fee. */
export type SortKey = "name" | "rating" | "experience" | "price"

/**
 * The order of a search's results: by `key`, ascending or not, the doctor's id breaking ties in the
 * same direction (so pages never overlap or skip a doctor), and missing values (a career's start, a
 * fee) last whatever the direction.
 */
export interface SortOrder {
  readonly key: SortKey
  readonly ascending: boolean
}

/**
 * SPEC §7's sort properties. Without an order, the fee goes up and the others down; "experience
 * desc" means the longest careers first, i.e. the earliest careerStartYear.
 */
export function sortOrderOf(sortBy: SortBy | undefined): SortOrder {
  const property = sortBy?.property ?? "user.firstName"
  const direction = sortBy?.order ?? (property === "price" ? "asc" : "desc")
  switch (property) {
    case "rating":
      return { key: "rating", ascending: direction === "asc" }
    case "experience":
      return { key: "experience", ascending: direction === "desc" }
    case "price":
      return { key: "price", ascending: direction === "asc" }
    case "user.firstName":
      return { key: "name", ascending: direction === "asc" }
  }
}
