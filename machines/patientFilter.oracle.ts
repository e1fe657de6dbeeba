import type { Actor, AnyEventObject } from "xstate"
import type { patientFilterMachine } from "./patientFilter.machine.ts"
import type { SpecOracle } from "./testing/specOracle.ts"

/** What the doctor sees of the patient list's filter panel: shown or not. */
export interface PatientFilterView {
  readonly panelOpen: boolean
}

/**
 * SPEC §2 "a collapsible filter", §4 "Patient list filter panel: toggled open or closed". A status
 * filter already in the address opens the panel at once, so the doctor sees why the list is short.
 */
export function patientFilterOracle(filterInAddress: boolean): SpecOracle<PatientFilterView, Actor<typeof patientFilterMachine>> {
  return {
    initial: { panelOpen: filterInAddress },
    after(view: PatientFilterView, event: AnyEventObject): PatientFilterView {
      if (event.type === "patientFilter.toggle") return { panelOpen: !view.panelOpen }
      if (event.type === "patientFilter.close") return { panelOpen: false }
      return view
    },
    // What PatientsPage reads for aria-expanded and the panel.
    observe: (actor) => ({ panelOpen: actor.getSnapshot().matches("open") }),
  }
}
