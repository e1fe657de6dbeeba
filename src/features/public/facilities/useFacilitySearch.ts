import { useLocation, useNavigate, useSearch } from "@tanstack/react-router"
import { useCallback } from "react"
import { withoutDefaults } from "../common/searchParams.ts"
import { FACILITY_SEARCH_DEFAULTS, parseFacilitySearch, type FacilitySearch } from "./searchParams.ts"

/**
 * The directory's state, in the address (SPEC §2): a change of keyword, type or sort goes back
 * to page 1 (SPEC §4); page, page size and view keep the rest.
 */
export function useFacilitySearch() {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the cast around the router goes with the typed route tree (issue 10 item 3)
  const search = parseFacilitySearch(useSearch({ strict: false }) as Record<string, unknown>)
  const pathname = useLocation({ select: (l) => l.pathname })
  const navigate = useNavigate()
  const update = useCallback(
    (patch: Partial<FacilitySearch>, keepPage = false) => {
      void navigate({
        to: pathname,
        replace: true,
        search: (previous: Record<string, unknown>) => {
          const next = { ...parseFacilitySearch(previous), ...patch }
          return withoutDefaults(keepPage ? next : { ...next, page: undefined }, FACILITY_SEARCH_DEFAULTS)
        },
      } as never)
    },
    [navigate, pathname],
  )
  return {
    search,
    update,
    page: search.page ?? FACILITY_SEARCH_DEFAULTS.page,
    limit: search.limit ?? FACILITY_SEARCH_DEFAULTS.limit,
    sort: search.sort ?? FACILITY_SEARCH_DEFAULTS.sort,
    order: search.order ?? FACILITY_SEARCH_DEFAULTS.order,
    view: search.view ?? FACILITY_SEARCH_DEFAULTS.view,
  }
}

/** The page that keeps the first facility of the current page in view after a page size change (SPEC §4). */
export const pageKeeping = (page: number, limit: number, nextLimit: number): number => Math.floor(((page - 1) * limit) / nextLimit) + 1
