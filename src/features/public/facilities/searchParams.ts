import type { Coordinates } from "../../../../schemas/common.ts"
import type { FacilityType } from "../../../../schemas/enums.ts"
import type { FacilitySearchParams } from "../../../api/facilities.ts"
import type { PAGE_SIZES } from "../../../../schemas/valueLists.ts"
import { fieldOf, oneOf, PageNumber, PageSize, searchOf, textOf } from "../common/searchParams.ts"

// Spelled out rather than imported, to keep the facility schemas out of the entry chunk.
export const FACILITY_TYPE_VALUES = ["HOSPITAL", "CLINIC", "PHARMACY", "LABORATORY"] as const satisfies ReadonlyArray<FacilityType>
export const FACILITY_SORT_VALUES = ["name", "rating", "distance"] as const
export const FACILITY_VIEWS = ["list", "map", "both"] as const

/** The /facilities address (SPEC §2): keyword, type, page, limit, sort, order, view; `state=emergency` from links. */
export interface FacilitySearch {
  keyword?: string
  type?: FacilityType
  page?: number
  limit?: (typeof PAGE_SIZES)[number]
  sort?: (typeof FACILITY_SORT_VALUES)[number]
  order?: "asc" | "desc"
  view?: (typeof FACILITY_VIEWS)[number]
  state?: "emergency"
}

export const FACILITY_SEARCH_DEFAULTS = { page: 1, limit: 10, sort: "name", order: "asc", view: "list" } as const

const typeOf = fieldOf(oneOf(FACILITY_TYPE_VALUES))
const sortOf = fieldOf(oneOf(FACILITY_SORT_VALUES))
const orderOf = fieldOf(oneOf(["asc", "desc"]))
const viewOf = fieldOf(oneOf(FACILITY_VIEWS))
const stateOf = fieldOf(oneOf(["emergency"]))
const pageOf = fieldOf(PageNumber)
const limitOf = fieldOf(PageSize)

export function parseFacilitySearch(raw: Record<string, unknown>): FacilitySearch {
  return searchOf(
    {
      // A one-letter keyword is not searched (SPEC §5): such an address lists everything.
      keyword: textOf(raw.keyword, 2),
      type: typeOf(raw.type),
      page: pageOf(raw.page),
      limit: limitOf(raw.limit),
      sort: sortOf(raw.sort),
      order: orderOf(raw.order),
      view: viewOf(raw.view),
      state: stateOf(raw.state),
    },
    FACILITY_SEARCH_DEFAULTS,
  )
}

/** What the gateway is asked for an address and the searcher's position: the route's loader and the page ask with the same key. */
export const facilitySearchParamsOf = (search: FacilitySearch, near: Coordinates | null): FacilitySearchParams => ({
  ...(search.keyword ? { keyword: search.keyword } : {}),
  ...(search.type ? { type: search.type } : {}),
  emergency: search.state === "emergency",
  page: search.page ?? FACILITY_SEARCH_DEFAULTS.page,
  limit: search.limit ?? FACILITY_SEARCH_DEFAULTS.limit,
  sort: search.sort ?? FACILITY_SEARCH_DEFAULTS.sort,
  order: search.order ?? FACILITY_SEARCH_DEFAULTS.order,
  near,
})
