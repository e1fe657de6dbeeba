import { afterAll, describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { mapSelectionMachine } from "./mapSelection.machine.ts"
import { mapSelectionOracle } from "./mapSelection.oracle.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedBy } from "./testing/specOracle.ts"

const EVENTS = [
  { type: "map.select", id: "hospital" },
  { type: "map.select", id: "clinic" },
  { type: "map.deselect" },
  { type: "map.show", ids: ["hospital", "clinic"] },
  { type: "map.show", ids: ["pharmacy"] },
] as const

const coverage = trackCoverage("mapSelection", mapSelectionMachine)

describe("map selection machine (model-based)", () => {
  const model = createFlowModel(mapSelectionMachine, {
    events: EVENTS,
    serializeState: (s) => JSON.stringify([s.value, s.context.selectedId]),
  })

  for (const { name, test } of modelPaths(model)) {
    it(name, async () => {
      const actor = createActor(mapSelectionMachine, { inspect: coverage.inspect }).start()
      coverage.pathRan()
      await test(
        judgedBy(mapSelectionOracle, () => actor, {
          events: Object.fromEntries(EVENTS.map((e) => [e.type, ({ event }: { event: { type: string } }) => actor.send(event as never)])),
        }),
      )
    })
  }

  it("a second click on the selected facility deselects it", () => {
    const actor = createActor(mapSelectionMachine).start()
    actor.send({ type: "map.select", id: "hospital" })
    actor.send({ type: "map.select", id: "hospital" })
    expect(actor.getSnapshot().context.selectedId).toBeNull()
  })

  it("a facility no longer shown is deselected; one still shown stays selected (SPEC §4, §9)", () => {
    const actor = createActor(mapSelectionMachine).start()
    actor.send({ type: "map.select", id: "hospital" })
    actor.send({ type: "map.show", ids: ["clinic", "hospital"] })
    expect(actor.getSnapshot().context.selectedId).toBe("hospital")
    actor.send({ type: "map.show", ids: ["pharmacy"] })
    expect(actor.getSnapshot().context.selectedId).toBeNull()
    // Nothing selected, nothing to lose: the next page is shown as it is.
    actor.send({ type: "map.show", ids: ["hospital"] })
    expect(actor.getSnapshot().context.selectedId).toBeNull()
  })

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
