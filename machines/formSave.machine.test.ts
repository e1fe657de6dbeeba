import { afterAll, describe, expect, it } from "vitest"
import { createActor, fromPromise, SimulatedClock } from "xstate"
import { createFormSaveMachine } from "./formSave.machine.ts"
import { FORM_SAVE_PROBES, formSaveOracle } from "./formSave.oracle.ts"
import { enabledOf } from "./testing/enabled.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedBy } from "./testing/specOracle.ts"

const FIRST = { firstName: "Awa" }
const SECOND = { firstName: "Awa-Marie" }

/** The gateway's answer to a save: the screen is given it on success and when it goes back. */
const ANSWER = { saved: true }
const answered = (result: unknown) => JSON.stringify(result) === JSON.stringify(ANSWER)

const EVENTS = [
  { type: "form.submit", values: FIRST },
  { type: "form.submit", values: SECOND },
  { type: "form.edit" },
  { type: "xstate.done.actor.save", output: ANSWER },
  {
    type: "xstate.error.actor.save",
    error: { code: "VALIDATION_ERROR", message: "Bad", fields: [{ name: "phoneNumber", message: "validation.phoneInvalid" }] },
  },
  // No response at all (the network failed): no code, no fields.
  { type: "xstate.error.actor.save", error: { message: "fetch failed" } },
  { type: "xstate.after.returnDelay.formSave.saved" },
] as const

/** The machine the paths are generated from; each path runs one whose save the test settles. */
const formSaveMachine = createFormSaveMachine(
  fromPromise<unknown, unknown>(async () => {
    throw new Error("save not provided")
  }),
)

const coverage = trackCoverage("formSave", formSaveMachine)

describe("form save machine (model-based)", () => {
  const model = createFlowModel(formSaveMachine, {
    events: EVENTS as never,
    serializeState: (s) => JSON.stringify([s.value, s.context.values, s.context.error]),
  })

  for (const { name, test } of modelPaths(model)) {
    it(name, async () => {
      const api = deferredActors(["save"] as const)
      const effects: string[] = []
      const clock = new SimulatedClock()
      const actor = createActor(
        createFormSaveMachine(api.actors.save).provide({
          actions: {
            onSaved: (_, { result }) => effects.push(answered(result) ? "saved" : "saved without the answer"),
            onFailed: (_, { error }) => effects.push(`failed:${error.code}:${error.fields?.[0]?.message ?? "-"}`),
            goBack: (_, { result }) => effects.push(answered(result) ? "back" : "back without the answer"),
          },
        }),
        { clock, inspect: coverage.inspect },
      ).start()
      coverage.pathRan()
      // What a save screen reads (useFormSave): the loading button and the error with its fields.
      const observed = () => ({
        busy: actor.getSnapshot().matches("saving") || actor.getSnapshot().matches("saved"),
        error: actor.getSnapshot().context.error,
        sent: api.calls.map((call) => call.input),
        effects,
        enabled: enabledOf(actor.getSnapshot(), FORM_SAVE_PROBES),
      })
      await test(
        judgedBy(formSaveOracle, observed, {
          events: {
            "form.submit": async ({ event }) => {
              actor.send(event as never)
              await flush()
            },
            "form.edit": () => actor.send({ type: "form.edit" }),
            "xstate.done.actor.save": ({ event }) => api.resolve("save", event.output),
            "xstate.error.actor.save": ({ event }) => api.reject("save", event.error),
            "xstate.after.returnDelay.formSave.saved": () => {
              // Not a moment before the 500 ms.
              clock.increment(499)
              expect(effects).not.toContain("back")
              clock.increment(1)
              expect(actor.getSnapshot().status).toBe("done")
            },
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
