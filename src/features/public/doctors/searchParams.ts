import type { DoctorSort } from "../../../../schemas/doctor.ts"
import type { DoctorSearchParams } from "../../../api/doctors.ts"
import type { SpokenLanguage } from "../../../../schemas/enums.ts"
import type { BookingStep } from "../../../../machines/bookingWizard.machine.ts"
import { searchId } from "../../../routes/params.ts"
import type { PAGE_SIZES } from "../../../../schemas/valueLists.ts"
import { bookingStepOf, fieldOf, oneOf, PageNumber, PageSize, searchOf, textOf } from "../common/searchParams.ts"
import type { DoctorId } from "../../../../schemas/ids.ts"

// Spelled out here rather than imported: the route's search check runs in the entry chunk, which
// must not pull in every doctor schema. The `satisfies` keeps the lists in step with the schemas.
export const DOCTOR_SORT_VALUES = ["relevance", "rating", "experience", "fee"] as const satisfies ReadonlyArray<DoctorSort>
export const RATING_FILTERS = [3.5, 4, 4.5] as const
export const LANGUAGE_FILTERS = ["FR", "EN", "AR", "WO"] as const satisfies ReadonlyArray<SpokenLanguage>

/**
 * The /doctors address (SPEC §2): location, specialties (comma-separated), keyword, rating,
 * insurance, language, page, limit, sort; and the booking wizard open on a doctor of the results
 * (`book`, the doctor's id, and `booking`, its step: issue 11).
 */
export interface DoctorSearch {
  location?: string
  specialties?: string
  keyword?: string
  rating?: (typeof RATING_FILTERS)[number]
  insurance?: string
  language?: SpokenLanguage
  page?: number
  limit?: (typeof PAGE_SIZES)[number]
  sort?: DoctorSort
  book?: DoctorId
  booking?: BookingStep
}

export const DOCTOR_SEARCH_DEFAULTS = { page: 1, limit: 10, sort: "relevance" } as const

const sortOf = fieldOf(oneOf(DOCTOR_SORT_VALUES))
const ratingOf = fieldOf(oneOf(RATING_FILTERS))
const languageOf = fieldOf(oneOf(LANGUAGE_FILTERS))
const pageOf = fieldOf(PageNumber)
const limitOf = fieldOf(PageSize)
const CODE = /^[A-Z][A-Z_]{1,59}$/

/** Specialty codes from `specialties` (comma-separated) and the single `specialty` that links may carry. */
function specialtiesOf(raw: Record<string, unknown>): string | undefined {
  const codes = [textOf(raw.specialties), textOf(raw.specialty)]
    .flatMap((value) => (value ?? "").split(","))
    .map((code) => code.trim().toUpperCase())
    .filter((code) => CODE.test(code))
  return codes.length > 0 ? [...new Set(codes)].join(",") : undefined
}

export function parseDoctorSearch(raw: Record<string, unknown>): DoctorSearch {
  // The wizard needs both its doctor and its step; either alone opens nothing.
  const book = searchId<DoctorId>(raw.book)
  const booking = book === undefined ? undefined : bookingStepOf(raw.booking)
  return searchOf(
    {
      location: textOf(raw.location),
      specialties: specialtiesOf(raw),
      // A one-letter keyword is refused by the search (SPEC §5): such an address shows everyone.
      keyword: textOf(raw.keyword, 2),
      rating: ratingOf(raw.rating),
      insurance: textOf(raw.insurance),
      language: languageOf(raw.language),
      page: pageOf(raw.page),
      limit: limitOf(raw.limit),
      sort: sortOf(raw.sort),
      book: booking === undefined ? undefined : book,
      booking,
      // Read into `specialties` above: cleared so that removing that filter removes it.
      specialty: undefined,
    },
    DOCTOR_SEARCH_DEFAULTS,
  )
}

/** The specialty codes of the address as a list. */
export const specialtyList = (search: DoctorSearch): string[] => (search.specialties ? search.specialties.split(",") : [])

/** What the gateway is asked for an address: the route's loader and the page ask with the same key. */
export const doctorSearchParamsOf = (search: DoctorSearch): DoctorSearchParams => ({
  ...(search.keyword ? { keyword: search.keyword } : {}),
  specialties: specialtyList(search),
  ...(search.location ? { location: search.location } : {}),
  ...(search.rating ? { rating: search.rating } : {}),
  ...(search.insurance ? { insurance: search.insurance } : {}),
  ...(search.language ? { language: search.language } : {}),
  page: search.page ?? DOCTOR_SEARCH_DEFAULTS.page,
  limit: search.limit ?? DOCTOR_SEARCH_DEFAULTS.limit,
  sort: search.sort ?? DOCTOR_SEARCH_DEFAULTS.sort,
})
