import { afterAll, describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { facilitySearchMachine, GEOLOCATION_OPTIONS } from "./facilitySearch.machine.ts"
import { FACILITY_LOCATION_PROBES, facilityLocationModel } from "./facilitySearch.oracle.ts"
import { enabledOf } from "./testing/enabled.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedByModel } from "./testing/specModel.ts"

const DAKAR = { lat: 14.7167, lng: -17.4677 }
const denied = { code: 1, message: "User denied Geolocation" }

const EVENTS = [
  { type: "facilities.locate" },
  { type: "facilities.sortByDistance" },
  { type: "xstate.done.actor.locate", output: DAKAR },
  { type: "xstate.error.actor.locate", error: denied },
] as const

const coverage = trackCoverage("facilitySearch", facilitySearchMachine)

describe("facility search location machine (model-based)", () => {
  const model = createFlowModel(facilitySearchMachine, {
    events: EVENTS as never,
    serializeState: (s) => JSON.stringify([s.value, s.context.position]),
  })

  for (const { name, test } of modelPaths(model)) {
    it(name, async () => {
      const api = deferredActors(["locate"] as const)
      const effects: string[] = []
      const actor = createActor(
        facilitySearchMachine.provide({
          actors: api.actors as never,
          actions: {
            sortByDistance: () => effects.push("sort"),
            logFailure: (_, { error }) => effects.push(error === denied ? "logged" : "logged another error"),
          },
        }),
        { inspect: coverage.inspect },
      ).start()
      coverage.pathRan()
      // What FacilitiesPage reads: the button's loading state and the position the search sends.
      const observed = () => ({
        locating: actor.getSnapshot().matches("locating"),
        position: actor.getSnapshot().context.position,
        requests: api.calls.length,
        sorts: effects.filter((e) => e === "sort").length,
        // What is logged is the browser's own refusal, not something in its place.
        logged: effects.filter((e) => e === "logged").length,
        enabled: enabledOf(actor.getSnapshot(), FACILITY_LOCATION_PROBES),
      })
      await test(
        judgedByModel(facilityLocationModel, observed, {
          events: {
            "facilities.locate": async () => {
              actor.send({ type: "facilities.locate" })
              await flush()
            },
            "facilities.sortByDistance": async () => {
              actor.send({ type: "facilities.sortByDistance" })
              await flush()
            },
            "xstate.done.actor.locate": () => api.resolve("locate", DAKAR),
            "xstate.error.actor.locate": () => api.reject("locate", denied),
          },
        }),
      )
    })
  }

  it("asks the browser with high accuracy and gives up after 5 seconds (SPEC §7)", () => {
    expect(GEOLOCATION_OPTIONS).toMatchObject({ enableHighAccuracy: true, timeout: 5000 })
  })

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
