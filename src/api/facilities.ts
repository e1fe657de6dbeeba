import { queryOptions } from "@tanstack/react-query"
import type { Coordinates } from "../../schemas/common.ts"
import type { FacilityType } from "../../schemas/enums.ts"
import { searchFacilities } from "../../schemas/contracts/facilities.ts"
import type { FacilitySearchRequest } from "../../schemas/facility.ts"
import { callApi } from "./client.ts"

export interface FacilitySearchParams {
  readonly keyword?: string
  readonly type?: FacilityType
  readonly emergency?: boolean
  readonly page: number
  readonly limit: number
  readonly sort: "name" | "rating" | "distance"
  readonly order: "asc" | "desc"
  /** The searcher's position: each facility then gets its distance. */
  readonly near?: Coordinates | null
}

/** SPEC §7: name ascending or descending, rating descending, distance ascending. */
export function facilitySearchRequestOf(params: FacilitySearchParams): FacilitySearchRequest {
  const sortBy =
    params.sort === "rating"
      ? ({ property: "rating", order: "desc" } as const)
      : params.sort === "distance" && params.near
        ? ({ property: "distance", order: "asc" } as const)
        : ({ property: "name", order: params.sort === "name" ? params.order : "asc" } as const)
  return {
    paginationSettings: { offset: (params.page - 1) * params.limit, limit: params.limit },
    sortBy,
    query: {
      ...(params.keyword ? { keyword: params.keyword } : {}),
      ...(params.type ? { facilityType: params.type } : {}),
      ...(params.emergency ? { emergency: true } : {}),
      ...(params.near ? { near: params.near } : {}),
    },
  }
}

/** POST /healthcare-facilities/search for the directory. */
export const facilitySearchQuery = (params: FacilitySearchParams) =>
  queryOptions({
    queryKey: ["facilities", "search", params] as const,
    queryFn: ({ signal }) => callApi(searchFacilities, { body: facilitySearchRequestOf(params), signal }),
    placeholderData: (previous) => previous,
  })
