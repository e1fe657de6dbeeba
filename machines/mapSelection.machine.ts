import { assign, setup } from "xstate"

export interface MapSelectionContext {
  selectedId: string | null
}

export type MapSelectionEvent =
  | { type: "map.select"; id: string }
  | { type: "map.deselect" }
  /** The facilities shown changed (new page, search or filter). */
  | { type: "map.show"; ids: ReadonlyArray<string> }

/**
 * The facility selected on the map or in the list (SPEC §4, §9): selecting it again deselects
 * it, and a facility no longer shown (new page, search or filter) is deselected. The map draws
 * from the selection: zoom 15 on the selected facility, else every facility in view.
 */
export const mapSelectionMachine = setup({
  types: { context: {} as MapSelectionContext, events: {} as MapSelectionEvent },
  guards: {
    isSelected: ({ context }, params: { id: string }) => context.selectedId === params.id,
    selectedGone: ({ context }, params: { ids: ReadonlyArray<string> }) => !params.ids.includes(context.selectedId ?? ""),
  },
}).createMachine({
  id: "mapSelection",
  context: { selectedId: null },
  initial: "none",
  states: {
    none: {
      on: {
        "map.select": { target: "selected", actions: assign({ selectedId: ({ event }) => event.id }) },
      },
    },
    selected: {
      on: {
        "map.select": [
          { guard: { type: "isSelected", params: ({ event }) => ({ id: event.id }) }, target: "none", actions: assign({ selectedId: null }) },
          { target: "selected", actions: assign({ selectedId: ({ event }) => event.id }) },
        ],
        "map.deselect": { target: "none", actions: assign({ selectedId: null }) },
        "map.show": {
          guard: { type: "selectedGone", params: ({ event }) => ({ ids: event.ids }) },
          target: "none",
          actions: assign({ selectedId: null }),
        },
      },
    },
  },
})
