import { useLocation, useNavigate, useSearch } from "@tanstack/react-router"
import { useCallback } from "react"
import { NO_FILTERS, type DoctorFilters } from "../../../../machines/doctorSearch.machine.ts"
import { withoutDefaults } from "../common/searchParams.ts"
import { DOCTOR_SEARCH_DEFAULTS, doctorSearchParamsOf, parseDoctorSearch, type DoctorSearch } from "./searchParams.ts"

/**
 * The doctor search's state, which lives in the address (SPEC §2), and the one way to change it:
 * replace the address in place; a change of keyword, sort or filters goes back to page 1.
 */
export function useDoctorSearch() {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the cast around the router goes with the typed route tree (issue 10 item 3)
  const search = parseDoctorSearch(useSearch({ strict: false }) as Record<string, unknown>)
  const pathname = useLocation({ select: (l) => l.pathname })
  const navigate = useNavigate()

  const update = useCallback(
    (patch: Partial<DoctorSearch>, keepPage = false) => {
      void navigate({
        to: pathname,
        replace: true,
        search: (previous: Record<string, unknown>) => {
          const next = { ...parseDoctorSearch(previous), ...patch }
          return withoutDefaults(keepPage ? next : { ...next, page: undefined }, DOCTOR_SEARCH_DEFAULTS)
        },
      } as never)
    },
    [navigate, pathname],
  )

  const params = doctorSearchParamsOf(search)
  const filters: DoctorFilters = {
    specialties: params.specialties ?? [],
    location: search.location ?? NO_FILTERS.location,
    rating: search.rating ?? null,
    language: search.language ?? null,
  }
  return { search, params, filters, update }
}

/** The address fields of a set of filters (empty ones removed). */
export const filtersToSearch = (filters: DoctorFilters): Partial<DoctorSearch> => ({
  specialties: filters.specialties.length > 0 ? filters.specialties.join(",") : undefined,
  location: filters.location || undefined,
  rating: (filters.rating ?? undefined) as DoctorSearch["rating"],
  language: filters.language ?? undefined,
})
