import type { Actor, AnyEventObject } from "xstate"
import type { patientFilterMachine } from "./patientFilter.machine.ts"
import { enabledOf, enabledWhen } from "./testing/enabled.ts"
import type { SpecOracle } from "./testing/specOracle.ts"

/** What the doctor sees of the patient list's filter panel: shown or not. */
export interface PatientFilterView {
  readonly panelOpen: boolean
  /** What the doctor can do: the filter button always toggles; an open panel can also be closed. */
  readonly enabled: ReadonlyArray<string>
}

const PROBES = [{ type: "patientFilter.toggle" }, { type: "patientFilter.close" }]
const viewOf = (panelOpen: boolean): PatientFilterView => ({
  panelOpen,
  enabled: enabledWhen({ "patientFilter.toggle": true, "patientFilter.close": panelOpen }),
})

/**
 * SPEC §2 "a collapsible filter", §4 "Patient list filter panel: toggled open or closed". A status
 * filter already in the address opens the panel at once, so the doctor sees why the list is short.
 */
export function patientFilterOracle(filterInAddress: boolean): SpecOracle<PatientFilterView, Actor<typeof patientFilterMachine>> {
  return {
    initial: viewOf(filterInAddress),
    after(view: PatientFilterView, event: AnyEventObject): PatientFilterView {
      if (event.type === "patientFilter.toggle") return viewOf(!view.panelOpen)
      if (event.type === "patientFilter.close") return viewOf(false)
      return view
    },
    // What PatientsPage reads for aria-expanded and the panel.
    observe: (actor) => ({ panelOpen: actor.getSnapshot().matches("open"), enabled: enabledOf(actor.getSnapshot(), PROBES) }),
  }
}
