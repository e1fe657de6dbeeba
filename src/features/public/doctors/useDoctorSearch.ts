import { useMatch, useNavigate, useSearch } from "@tanstack/react-router"
import { useCallback } from "react"
import type { BookingStep } from "../../../../machines/bookingWizard.machine.ts"
import { NO_FILTERS, type DoctorFilters } from "../../../../machines/doctorSearch.machine.ts"
import { withoutDefaults } from "../common/searchParams.ts"
import { DOCTOR_SEARCH_DEFAULTS, doctorSearchParamsOf, type DoctorSearch } from "./searchParams.ts"
import type { DoctorId } from "../../../../schemas/ids.ts"

/** The two addresses of the doctor search (SPEC §2); both read and write the same search. */
export type DoctorSearchPath = "/doctors" | "/doctors/search"

/**
 * The doctor search's state, which lives in the address (SPEC §2), and the one way to change it:
 * replace the address in place; a change of keyword, sort or filters goes back to page 1.
 */
export function useDoctorSearch() {
  // The page serves both addresses: the nearest match says which one this is.
  const from = useMatch({ strict: false, select: (match): DoctorSearchPath => (match.routeId === "/doctors/search" ? "/doctors/search" : "/doctors") })
  // Checked by the route's validateSearch (parseDoctorSearch): typed here, not read again.
  const search = useSearch({ from })
  const navigate = useNavigate({ from })

  const update = useCallback(
    (patch: Partial<DoctorSearch>, keepPage = false) => {
      void navigate({
        to: ".",
        replace: true,
        search: (previous) => {
          const next = { ...previous, ...patch }
          return withoutDefaults(keepPage ? next : { ...next, page: undefined }, DOCTOR_SEARCH_DEFAULTS)
        },
      })
    },
    [navigate],
  )

  /** Opens the booking wizard on a doctor, moves it to a step (a new history entry unless `replace`), or closes it. */
  const showBooking = useCallback(
    (book: DoctorId | undefined, step: BookingStep | undefined, replace: boolean) => {
      void navigate({
        to: ".",
        replace,
        search: ({ book: _, booking: __, ...previous }) => (book === undefined || step === undefined ? previous : { ...previous, book, booking: step }),
      })
    },
    [navigate],
  )

  const params = doctorSearchParamsOf(search)
  const filters: DoctorFilters = {
    specialties: params.specialties ?? [],
    location: search.location ?? NO_FILTERS.location,
    rating: search.rating ?? null,
    language: search.language ?? null,
  }
  return { search, params, filters, update, showBooking }
}

/** The address fields of a set of filters (empty ones removed). */
export const filtersToSearch = (filters: DoctorFilters): Partial<DoctorSearch> => ({
  specialties: filters.specialties.length > 0 ? filters.specialties.join(",") : undefined,
  location: filters.location || undefined,
  rating: (filters.rating ?? undefined) as DoctorSearch["rating"],
  language: filters.language ?? undefined,
})
