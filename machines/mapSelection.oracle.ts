import type { Actor, AnyEventObject } from "xstate"
import type { mapSelectionMachine } from "./mapSelection.machine.ts"
import { enabledOf, enabledWhen } from "./testing/enabled.ts"
import type { SpecOracle } from "./testing/specOracle.ts"

/** Which facility is highlighted in the list and zoomed on in the map (none: the map fits them all). */
export interface MapSelectionView {
  readonly selected: string | null
  /** A facility can always be clicked; the selection can be closed when there is one. */
  readonly enabled: ReadonlyArray<string>
}

const PROBES = [{ type: "map.select", id: "any" }, { type: "map.deselect" }]
const viewOf = (selected: string | null): MapSelectionView => ({ selected, enabled: enabledWhen({ "map.select": true, "map.deselect": selected !== null }) })

/**
 * SPEC §4 "A second click on the selected facility deselects it", §9 "Selected facility zoom 15":
 * a click selects a facility (another one replaces it), a second click or the map's close
 * deselects, and a facility that is no longer shown (another page, search or filter) cannot stay
 * selected.
 */
export const mapSelectionOracle: SpecOracle<MapSelectionView, Actor<typeof mapSelectionMachine>> = {
  initial: viewOf(null),
  after(view, event: AnyEventObject) {
    switch (event.type) {
      case "map.select":
        return viewOf(view.selected === event.id ? null : (event.id as string))
      case "map.deselect":
        return viewOf(null)
      case "map.show":
        return (event.ids as ReadonlyArray<string>).includes(view.selected ?? "") ? view : viewOf(null)
      default:
        return view
    }
  },
  // What FacilitiesPage reads to highlight the card and centre the map.
  observe: (actor) => ({ selected: actor.getSnapshot().context.selectedId, enabled: enabledOf(actor.getSnapshot(), PROBES) }),
}
