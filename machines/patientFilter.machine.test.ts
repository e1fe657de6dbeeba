import { afterAll, describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { patientFilterMachine } from "./patientFilter.machine.ts"
import { patientFilterOracle } from "./patientFilter.oracle.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedBy } from "./testing/specOracle.ts"

const EVENTS = [{ type: "patientFilter.toggle" }, { type: "patientFilter.close" }] as const
const coverage = trackCoverage("patientFilter", patientFilterMachine)

describe("patient filter panel machine (model-based)", () => {
  for (const open of [false, true]) {
    const model = createFlowModel(patientFilterMachine, { input: { open }, events: EVENTS, serializeState: (s) => JSON.stringify(s.value) })
    for (const { name, test } of modelPaths(model)) {
      it(`${open ? "a filter in the address" : "no filter"}: ${name}`, async () => {
        const actor = createActor(patientFilterMachine, { input: { open }, inspect: coverage.inspect }).start()
        coverage.pathRan()
        await test(
          judgedBy(patientFilterOracle(open), () => actor, {
            events: {
              "patientFilter.toggle": () => actor.send({ type: "patientFilter.toggle" }),
              "patientFilter.close": () => actor.send({ type: "patientFilter.close" }),
            },
          }),
        )
      })
    }
  }

  it("opens at once when a filter is already set, stays closed otherwise", () => {
    expect(
      createActor(patientFilterMachine, { input: { open: true } })
        .start()
        .getSnapshot().value,
    ).toBe("open")
    expect(
      createActor(patientFilterMachine, { input: { open: false } })
        .start()
        .getSnapshot().value,
    ).toBe("closed")
  })

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
