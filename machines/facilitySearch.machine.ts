import { assign, fromPromise, setup, stateIn } from "xstate"
import type { Coordinates } from "../schemas/common.ts"

export interface FacilitySearchContext {
  /** Where the user is, once they let us know. */
  position: Coordinates | null
}

export type FacilitySearchEvent = { type: "facilities.locate" } | { type: "facilities.sortByDistance" }

/**
 * The facility directory's location (SPEC §4, §7): asked for on demand only (Enable Location, or
 * choosing the distance sort), high accuracy with a 5 s time-out. Once known, the search sends it
 * so each facility gets its distance; choosing the distance sort before it is known asks for it
 * first and sorts once it arrives. A refusal or a time-out is only logged (SPEC §8).
 */
export const facilitySearchMachine = setup({
  types: { context: {} as FacilitySearchContext, events: {} as FacilitySearchEvent },
  actors: {
    locate: fromPromise<Coordinates>(async () => {
      throw new Error("locate not provided")
    }),
  },
  actions: {
    /** Writes the distance sort to the address; provided by the page. */
    sortByDistance: () => {},
    logFailure: (_, _params: { error: unknown }) => {},
    remember: assign({ position: (_, params: { position: Coordinates }) => params.position }),
  },
  guards: {
    sortAsked: stateIn({ locating: "thenSort" }),
  },
}).createMachine({
  id: "facilitySearch",
  context: { position: null },
  initial: "unknown",
  states: {
    unknown: {
      on: { "facilities.locate": "locating", "facilities.sortByDistance": "locating.thenSort" },
    },
    locating: {
      // One request to the browser, whatever is asked meanwhile.
      invoke: {
        id: "locate",
        src: "locate",
        onDone: [
          {
            guard: "sortAsked",
            target: "known",
            actions: [{ type: "remember", params: ({ event }) => ({ position: event.output }) }, "sortByDistance"],
          },
          { target: "known", actions: { type: "remember", params: ({ event }) => ({ position: event.output }) } },
        ],
        onError: { target: "unavailable", actions: { type: "logFailure", params: ({ event }) => ({ error: event.error }) } },
      },
      initial: "plain",
      states: {
        plain: { on: { "facilities.sortByDistance": "thenSort" } },
        thenSort: {},
      },
    },
    known: {
      on: { "facilities.locate": "locating", "facilities.sortByDistance": { actions: "sortByDistance" } },
    },
    unavailable: {
      on: { "facilities.locate": "locating", "facilities.sortByDistance": "locating.thenSort" },
    },
  },
})

/** The browser's position, high accuracy, given up after 5 s (SPEC §7). */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 5000, maximumAge: 60_000 }
