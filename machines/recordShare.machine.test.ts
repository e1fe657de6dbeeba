import { afterAll, describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { recordShareMachine } from "./recordShare.machine.ts"
import { recordShareModel } from "./recordShare.oracle.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedByModel } from "./testing/specModel.ts"
import { testIds } from "../schemas/testIds.ts"

const EVENTS = [
  { type: "share.open", recordId: "r-3" },
  { type: "share.send", email: "dr.fall@hopital.sn" },
  { type: "share.close" },
  { type: "xstate.done.actor.shareRecord", output: undefined },
  { type: "xstate.error.actor.shareRecord", error: new Error("simulated failure") },
] as const

const coverage = trackCoverage("recordShare", recordShareMachine)

describe("record share machine (model-based)", () => {
  const model = createFlowModel(recordShareMachine, { events: EVENTS as never, serializeState: (s) => JSON.stringify([s.value, s.context.recordId]) })

  for (const { name, test } of modelPaths(model)) {
    it(name, async () => {
      const api = deferredActors(["shareRecord"] as const)
      const actor = createActor(recordShareMachine.provide({ actors: api.actors as never }), { inspect: coverage.inspect }).start()
      coverage.pathRan()
      const sent = () => api.calls.map((call) => call.input as { recordId: string; email: string })
      await test(
        judgedByModel(recordShareModel, () => ({ actor, sent: sent() }), {
          events: {
            "share.open": () => actor.send({ type: "share.open", recordId: testIds.medicalRecord("r-3") }),
            "share.send": async () => {
              actor.send({ type: "share.send", email: "dr.fall@hopital.sn" })
              await flush()
            },
            "share.close": () => actor.send({ type: "share.close" }),
            "xstate.done.actor.shareRecord": () => api.resolve("shareRecord", undefined),
            "xstate.error.actor.shareRecord": () => api.reject("shareRecord", new Error("simulated failure")),
          },
        }),
      )
    })
  }

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
