import { assign, setup } from "xstate"
import type { SpokenLanguage } from "../schemas/enums.ts"

/** The filters of the doctor search panel (SPEC §2): specialties, location, minimum rating, language. */
export interface DoctorFilters {
  readonly specialties: ReadonlyArray<string>
  readonly location: string
  readonly rating: number | null
  readonly language: SpokenLanguage | null
}

export const NO_FILTERS: DoctorFilters = { specialties: [], location: "", rating: null, language: null }

/** How many filters are set, for the panel's badge. */
export const activeFilterCount = (filters: DoctorFilters): number =>
  (filters.specialties.length > 0 ? 1 : 0) + (filters.location ? 1 : 0) + (filters.rating ? 1 : 0) + (filters.language ? 1 : 0)

export interface DoctorSearchContext {
  /** The panel's choices, applied to the address only by Apply. */
  draft: DoctorFilters
}

export type DoctorSearchEvent =
  | { type: "filters.open"; current: DoctorFilters }
  | { type: "filters.close" }
  | { type: "filters.toggleSpecialty"; code: string }
  | { type: "filters.setLocation"; location: string }
  | { type: "filters.setRating"; rating: number | null }
  | { type: "filters.setLanguage"; language: SpokenLanguage | null }
  | { type: "filters.apply" }
  | { type: "filters.clear" }

/**
 * The collapsible filter panel of the doctor search: opening it copies the address's filters into
 * a draft, Apply writes the draft to the address and closes, Clear empties the filters (open or
 * not). The page resets to 1 whenever filters change (done by `applyFilters`).
 */
export const doctorSearchMachine = setup({
  types: { context: {} as DoctorSearchContext, events: {} as DoctorSearchEvent },
  actions: {
    /** Writes filters to the address, page back to 1; provided by the page. */
    applyFilters: (_, _params: { filters: DoctorFilters }) => {},
  },
}).createMachine({
  id: "doctorSearch",
  context: { draft: NO_FILTERS },
  initial: "closed",
  on: {
    "filters.clear": {
      target: ".closed",
      actions: [assign({ draft: NO_FILTERS }), { type: "applyFilters", params: { filters: NO_FILTERS } }],
    },
  },
  states: {
    closed: {
      on: { "filters.open": { target: "open", actions: assign({ draft: ({ event }) => event.current }) } },
    },
    open: {
      on: {
        "filters.close": "closed",
        "filters.toggleSpecialty": {
          actions: assign({
            draft: ({ context, event }) => ({
              ...context.draft,
              specialties: context.draft.specialties.includes(event.code)
                ? context.draft.specialties.filter((c) => c !== event.code)
                : [...context.draft.specialties, event.code],
            }),
          }),
        },
        "filters.setLocation": { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, location: event.location }) }) },
        "filters.setRating": { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, rating: event.rating }) }) },
        "filters.setLanguage": { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, language: event.language }) }) },
        "filters.apply": { target: "closed", actions: { type: "applyFilters", params: ({ context }) => ({ filters: context.draft }) } },
      },
    },
  },
})
