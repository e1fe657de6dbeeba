import type { AnyEventObject } from "xstate"
import type { Coordinates } from "../schemas/common.ts"
import { enabledWhen } from "./testing/enabled.ts"
import type { SpecModel } from "./testing/specModel.ts"

/** What the visitor sees of the facility directory's location, and what it asked and did. */
export interface FacilityLocationView {
  /** Enable Location shows it is waiting for the browser. */
  readonly locating: boolean
  /** Where the visitor is, once the browser said (facilities then get their distance). */
  readonly position: Coordinates | null
  /** Questions put to the browser's geolocation. */
  readonly requests: number
  /** Times the distance sort was written to the address. */
  readonly sorts: number
  /** Failures logged (SPEC §8: a geolocation error is logged only). */
  readonly logged: number
  /** Enable Location works unless the browser is already asked; the distance sort unless it already waits; the answer is awaited while asking. */
  readonly enabled: ReadonlyArray<string>
}

/** One event of each kind, to ask the machine which it reacts to. */
export const FACILITY_LOCATION_PROBES = [
  { type: "facilities.locate" },
  { type: "facilities.sortByDistance" },
  { type: "xstate.done.actor.locate", output: { lat: 0, lng: 0 } },
  { type: "xstate.error.actor.locate", error: {} },
]

interface FacilityLocationState extends Omit<FacilityLocationView, "enabled"> {
  /** The distance sort was chosen while the position was not known yet. */
  readonly sortWaits: boolean
  /** The last question to the browser was answered (after a refusal, sorting asks again). */
  readonly answered: boolean
}

export type FacilityLocationSut = FacilityLocationView

const ask = (state: FacilityLocationState): FacilityLocationState => (state.locating ? state : { ...state, locating: true, requests: state.requests + 1 })

/**
 * SPEC §4 "Location is requested on demand. Once known, each facility gets a distance", §7 high
 * accuracy, 5 s time-out, §8 a geolocation error is logged only, §9 distance sort ascending: Enable
 * Location asks the browser (once at a time); choosing the distance sort asks first when the
 * position is not known (or the last question failed) and sorts when it arrives, or sorts at once.
 */
export const facilityLocationModel: SpecModel<FacilityLocationState, FacilityLocationView, FacilityLocationSut> = {
  initial: { locating: false, position: null, requests: 0, sorts: 0, logged: 0, sortWaits: false, answered: false },
  after(state, event: AnyEventObject) {
    switch (event.type) {
      case "facilities.locate":
        return { ...ask(state), answered: false }
      case "facilities.sortByDistance":
        if (state.answered && !state.locating) return { ...state, sorts: state.sorts + 1 }
        return { ...ask(state), sortWaits: true }
      case "xstate.done.actor.locate":
        return {
          ...state,
          locating: false,
          position: event.output as Coordinates,
          sorts: state.sortWaits ? state.sorts + 1 : state.sorts,
          sortWaits: false,
          answered: true,
        }
      case "xstate.error.actor.locate":
        // The position found earlier, if any, stays on screen.
        return { ...state, locating: false, logged: state.logged + 1, sortWaits: false, answered: false }
      default:
        return state
    }
  },
  view: ({ locating, position, requests, sorts, logged, sortWaits }) => ({
    locating,
    position,
    requests,
    sorts,
    logged,
    enabled: enabledWhen({
      "facilities.locate": !locating,
      "facilities.sortByDistance": !sortWaits,
      "xstate.done.actor.locate": locating,
      "xstate.error.actor.locate": locating,
    }),
  }),
  observe: (sut) => sut,
}
