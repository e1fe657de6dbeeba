import { queryOptions, type QueryClient } from "@tanstack/react-query"
import * as doctors from "../../schemas/contracts/doctors.ts"
import type { DoctorSearchRequest, DoctorSearchResponse, DoctorSort, DoctorSortProperty } from "../../schemas/doctor.ts"
import type { SpokenLanguage } from "../../schemas/enums.ts"
import { ApiRequestError, callApi } from "./client.ts"
import type { DoctorId } from "../../schemas/ids.ts"

/** What a doctor search asks for, as the /doctors address holds it (SPEC §2). */
export interface DoctorSearchParams {
  readonly keyword?: string
  readonly specialties?: ReadonlyArray<string>
  readonly location?: string
  readonly rating?: number
  readonly insurance?: string
  readonly language?: SpokenLanguage
  readonly page: number
  readonly limit: number
  readonly sort: DoctorSort
}

/** SPEC §7: rating → rating, experience → experience, fee → price ascending, else user.firstName; non-fee sorts descend. */
export function sortByOf(sort: DoctorSort): { property: DoctorSortProperty; order: "asc" | "desc" } {
  switch (sort) {
    case "rating":
      return { property: "rating", order: "desc" }
    case "experience":
      return { property: "experience", order: "desc" }
    case "fee":
      return { property: "price", order: "asc" }
    case "relevance":
      return { property: "user.firstName", order: "desc" }
  }
}

/** The gateway body of a search; only doctors seen in clinic are listed (providedServiceCodes CLINIC). */
export function searchRequestOf(params: DoctorSearchParams): DoctorSearchRequest {
  return {
    paginationSettings: { offset: (params.page - 1) * params.limit, limit: params.limit },
    sortBy: sortByOf(params.sort),
    query: {
      ...(params.keyword ? { keyword: params.keyword } : {}),
      ...(params.specialties?.length ? { specialtyCodes: [...params.specialties] } : {}),
      ...(params.location ? { location: params.location } : {}),
      ...(params.rating ? { rating: params.rating } : {}),
      ...(params.insurance ? { insurance: params.insurance } : {}),
      ...(params.language ? { language: params.language } : {}),
      providedServiceCodes: ["CLINIC"],
    },
  }
}

export const searchDoctors = (request: DoctorSearchRequest, signal?: AbortSignal) => callApi(doctors.searchDoctors, { body: request, signal })

/** A page of results, live from the gateway or, when it cannot answer, the bundled sample doctors. */
export interface DoctorResults {
  readonly source: "live" | "sample"
  readonly response: DoctorSearchResponse
}

/** The gateway is unreachable or broken (not a refusal of the request itself). */
const isOutage = (error: unknown) => error instanceof ApiRequestError && (error.status === null || error.status >= 500 || error.code === "UNEXPECTED_ERROR")

/**
 * POST /doctors/search for the search page. SPEC §8: a failure is logged and the page falls back
 * to the built-in sample list, loaded only then.
 */
export const doctorSearchQuery = (params: DoctorSearchParams) =>
  queryOptions({
    queryKey: ["doctors", "search", params] as const,
    queryFn: async ({ signal }): Promise<DoctorResults> => {
      try {
        return { source: "live", response: await searchDoctors(searchRequestOf(params), signal) }
      } catch (error) {
        if (!isOutage(error)) throw error
        console.warn("[promed] doctor search failed, showing sample doctors", error)
        const { sampleResults } = await import("../features/public/doctors/sampleDoctors.ts")
        return { source: "sample", response: sampleResults(params) }
      }
    },
    placeholderData: (previous) => previous,
  })

/**
 * GET /doctors/{id}: the public profile. A missing doctor is final, never retried. A failure
 * already known is shown as it is when the page mounts (the route's loader asks again): so the
 * server draws the not-found page, and the browser hydrates that same page.
 */
export const doctorQuery = (doctorId: DoctorId) =>
  queryOptions({
    queryKey: ["doctors", "detail", doctorId] as const,
    queryFn: ({ signal }) => callApi(doctors.getDoctor, { params: { id: doctorId }, signal }),
    retry: (count, error) => count < 2 && (error.status === null || error.status >= 500),
    retryOnMount: false,
  })

/**
 * The profile route's warm-up. A doctor already known to be missing (the server drew that page and
 * carried the failure, src/ssr/queryCache.ts) is not asked again: asking would put the query back
 * to pending, and the browser's first render (loading) would differ from the server's (not found).
 */
export function prefetchDoctor(queryClient: QueryClient, doctorId: DoctorId): Promise<void> {
  const known = queryClient.getQueryState(doctorQuery(doctorId).queryKey)
  const missing = known?.status === "error" && known.error !== null && known.error.status !== null && known.error.status < 500
  return missing ? Promise.resolve() : queryClient.prefetchQuery(doctorQuery(doctorId))
}
