import { afterAll, describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { mapSelectionMachine } from "./mapSelection.machine.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"

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
      let clicked: string | null = null
      coverage.pathRan()
      await test({
        states: {
          "*": (expected) => {
            expect(actor.getSnapshot().value).toEqual(expected.value)
            expect(actor.getSnapshot().context).toEqual(expected.context)
          },
          // A click selects what was clicked, unless it was already selected.
          selected: () => {
            const { selectedId } = actor.getSnapshot().context
            expect(selectedId).not.toBeNull()
            if (clicked) expect(selectedId).toBe(clicked)
          },
          none: () => expect(actor.getSnapshot().context.selectedId).toBeNull(),
        },
        events: Object.fromEntries(
          EVENTS.map((e) => [
            e.type,
            ({ event }: { event: { type: string; id?: string } }) => {
              clicked = event.type === "map.select" ? (event.id ?? null) : null
              actor.send(event as never)
            },
          ]),
        ),
      })
    })
  }

  it("a second click on the selected facility deselects it", () => {
    const actor = createActor(mapSelectionMachine).start()
    actor.send({ type: "map.select", id: "hospital" })
    actor.send({ type: "map.select", id: "hospital" })
    expect(actor.getSnapshot().value).toBe("none")
  })

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
