import { afterAll, describe, expect, it } from "vitest"
import { createActor, SimulatedClock } from "xstate"
import { formSaveMachine } from "./formSave.machine.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"

const FIRST = { firstName: "Awa" }
const SECOND = { firstName: "Awa-Marie" }

const EVENTS = [
  { type: "form.submit", values: FIRST },
  { type: "form.submit", values: SECOND },
  { type: "form.edit" },
  { type: "xstate.done.actor.save", output: { saved: true } },
  { type: "xstate.error.actor.save", error: { code: "VALIDATION_ERROR", message: "Bad", fields: [{ name: "phoneNumber", message: "validation.phoneInvalid" }] } },
  { type: "xstate.after.returnDelay.formSave.saved" },
] as const

const coverage = trackCoverage("formSave", formSaveMachine)

describe("form save machine (model-based)", () => {
  const model = createFlowModel(formSaveMachine, {
    events: EVENTS as never,
    serializeState: (s) => JSON.stringify([s.value, s.context.values, s.context.error?.code ?? null]),
  })

  for (const { name, test } of modelPaths(model)) {
    it(name, async () => {
      const api = deferredActors(["save"] as const)
      const effects: string[] = []
      const clock = new SimulatedClock()
      const actor = createActor(
        formSaveMachine.provide({
          actors: api.actors,
          actions: {
            onSaved: () => effects.push("saved"),
            onFailed: (_, params) => effects.push(`failed:${params.error.fields?.[0]?.message}`),
            goBack: () => effects.push("back"),
          },
        }),
        { clock, inspect: coverage.inspect },
      ).start()
      coverage.pathRan()
      await test({
        states: {
          "*": (expected) => {
            expect(actor.getSnapshot().value).toEqual(expected.value)
            expect(actor.getSnapshot().context.values).toEqual(expected.context.values)
          },
          saving: () => expect(api.calls.at(-1)?.input).toEqual(actor.getSnapshot().context.values),
          failed: () => {
            expect(effects.at(-1)).toBe("failed:validation.phoneInvalid")
            // The values typed are kept for a retry.
            expect(actor.getSnapshot().context.values).not.toBeNull()
          },
          saved: () => {
            expect(effects.at(-1)).toBe("saved")
            expect(effects).not.toContain("back")
          },
          done: () => {
            expect(effects.at(-1)).toBe("back")
            expect(actor.getSnapshot().status).toBe("done")
          },
        },
        events: {
          "form.submit": async ({ event }) => {
            actor.send(event as never)
            await flush()
          },
          "form.edit": () => actor.send({ type: "form.edit" }),
          "xstate.done.actor.save": ({ event }) => api.resolve("save", event.output),
          "xstate.error.actor.save": ({ event }) => api.reject("save", event.error),
          "xstate.after.returnDelay.formSave.saved": () => {
            clock.increment(499)
            expect(actor.getSnapshot().value).toBe("saved")
            clock.increment(1)
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
