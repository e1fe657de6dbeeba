import { afterAll, describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { facilitySearchMachine } from "./facilitySearch.machine.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"

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
          actions: { sortByDistance: () => effects.push("sort"), logFailure: () => effects.push("logged") },
        }),
        { inspect: coverage.inspect },
      ).start()
      let settled = 0
      let sortAsked = false
      let expectedSorts = 0
      coverage.pathRan()
      await test({
        states: {
          "*": (expected) => {
            expect(actor.getSnapshot().value).toEqual(expected.value)
            expect(actor.getSnapshot().context).toEqual(expected.context)
          },
          locating: () => {
            // One question to the browser at a time.
            expect(api.calls.length - settled).toBe(1)
            expect(effects.at(-1)).not.toBe("sort")
          },
          known: () => {
            expect(actor.getSnapshot().context.position).toEqual(DAKAR)
            // The distance sort is applied once the position is there, only when it was asked for.
            const sorts = effects.filter((e) => e === "sort").length
            expect(sorts).toBe(expectedSorts)
          },
          unavailable: () => {
            expect(effects.at(-1)).toBe("logged")
            expect(effects).not.toContain("sort")
          },
        },
        events: {
          "facilities.locate": async () => {
            sortAsked = false
            actor.send({ type: "facilities.locate" })
            await flush()
          },
          "facilities.sortByDistance": async () => {
            if (actor.getSnapshot().matches("known")) expectedSorts++
            else sortAsked = true
            actor.send({ type: "facilities.sortByDistance" })
            await flush()
          },
          "xstate.done.actor.locate": async () => {
            settled++
            if (sortAsked) expectedSorts++
            await api.resolve("locate", DAKAR)
            sortAsked = false
          },
          "xstate.error.actor.locate": async () => {
            settled++
            await api.reject("locate", denied)
            sortAsked = false
          },
        },
      })
    })
  }

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
