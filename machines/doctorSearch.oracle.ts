import type { Actor, AnyEventObject } from "xstate"
import type { DoctorFilters, doctorSearchMachine } from "./doctorSearch.machine.ts"
import { enabledOf, enabledWhen } from "./testing/enabled.ts"
import type { SpecOracle } from "./testing/specOracle.ts"

/** What the visitor sees of the doctor search's filter panel, and what it wrote to the address. */
export interface DoctorSearchView {
  /** The panel's choices while it is open; nothing is shown while it is collapsed. */
  readonly panel: DoctorFilters | null
  /** Every set of filters written to the address (each write also sends the page back to 1). */
  readonly applied: ReadonlyArray<DoctorFilters>
  /** What the visitor can do: open a collapsed panel; choose, apply or close an open one; clear always. */
  readonly enabled: ReadonlyArray<string>
}

const PROBES = [
  { type: "filters.open", current: { specialties: [], location: "", rating: null, language: null } },
  { type: "filters.close" },
  { type: "filters.toggleSpecialty", code: "CARDIOLOGY" },
  { type: "filters.setLocation", location: "Dakar" },
  { type: "filters.setRating", rating: 4 },
  { type: "filters.setLanguage", language: "FR" },
  { type: "filters.apply" },
  { type: "filters.clear" },
]

function withEnabled(view: Omit<DoctorSearchView, "enabled">): DoctorSearchView {
  const open = view.panel !== null
  return {
    ...view,
    enabled: enabledWhen({
      "filters.open": !open,
      "filters.close": open,
      "filters.toggleSpecialty": open,
      "filters.setLocation": open,
      "filters.setRating": open,
      "filters.setLanguage": open,
      "filters.apply": open,
      "filters.clear": true,
    }),
  }
}

const NONE: DoctorFilters = { specialties: [], location: "", rating: null, language: null }

/** The panel's actor, and the filters its `applyFilters` wrote to the address. */
export interface DoctorSearchSut {
  readonly actor: Actor<typeof doctorSearchMachine>
  readonly applied: ReadonlyArray<DoctorFilters>
}

/**
 * SPEC §2 "collapsible filters (specialties multi-select, location, minimum rating, language) with
 * apply and clear buttons", §4 "a keyword, sort or filter change resets to page 1": opening shows
 * the filters of the address; choices stay in the panel until Apply writes them (and collapses
 * it); closing forgets them; Clear writes no filters at all, panel open or not.
 */
export const doctorSearchOracle: SpecOracle<DoctorSearchView, DoctorSearchSut> = {
  initial: withEnabled({ panel: null, applied: [] }),
  after: (view, event) => withEnabled(step(view, event)),
  // What FiltersPanel reads: aria-expanded and the checked boxes and fields of the open panel.
  observe: ({ actor, applied }) => {
    const snapshot = actor.getSnapshot()
    return { panel: snapshot.matches("open") ? snapshot.context.draft : null, applied, enabled: enabledOf(snapshot, PROBES) }
  },
}

function step(view: DoctorSearchView, event: AnyEventObject): Omit<DoctorSearchView, "enabled"> {
  const panel = view.panel
  switch (event.type) {
    case "filters.open":
      return { ...view, panel: event.current as DoctorFilters }
    case "filters.close":
      return { ...view, panel: null }
    case "filters.apply":
      return panel ? { panel: null, applied: [...view.applied, panel] } : view
    case "filters.clear":
      return { panel: null, applied: [...view.applied, NONE] }
  }
  if (!panel) return view
  switch (event.type) {
    case "filters.toggleSpecialty": {
      const code = event.code as string
      const specialties = panel.specialties.includes(code) ? panel.specialties.filter((c) => c !== code) : [...panel.specialties, code]
      return { ...view, panel: { ...panel, specialties } }
    }
    case "filters.setLocation":
      return { ...view, panel: { ...panel, location: event.location as string } }
    case "filters.setRating":
      return { ...view, panel: { ...panel, rating: event.rating as number | null } }
    case "filters.setLanguage":
      return { ...view, panel: { ...panel, language: event.language as DoctorFilters["language"] } }
    default:
      return view
  }
}
