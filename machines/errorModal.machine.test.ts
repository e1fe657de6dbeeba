import { afterAll, describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { errorModalMachine } from "./errorModal.machine.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"

const EVENTS = [
  { type: "errorModal.show", error: { code: "TIME_SLOT_ALREADY_BOOKED", message: "Slot taken" } },
  { type: "errorModal.show", error: { code: "VALIDATION_ERROR", message: "Bad", fields: [{ name: "email", message: "validation.emailInvalid" }] } },
  { type: "errorModal.show", error: { code: "SESSION_EXPIRED", message: "Expired" } },
  { type: "errorModal.close" },
] as const

const coverage = trackCoverage("errorModal", errorModalMachine)

describe("error modal machine (model-based)", () => {
  const model = createFlowModel(errorModalMachine, {
    events: EVENTS,
    serializeState: (s) => JSON.stringify([s.value, s.context.error?.code ?? null]),
  })

  for (const { name, test } of modelPaths(model)) {
    it(name, async () => {
      const ended: string[] = []
      const actor = createActor(
        errorModalMachine.provide({ actions: { endSession: (_, params) => ended.push(params.code) } }),
        { inspect: coverage.inspect },
      ).start()
      coverage.pathRan()
      let last: (typeof EVENTS)[number] | undefined
      await test({
        states: {
          "*": (expected) => {
            expect(actor.getSnapshot().value).toEqual(expected.value)
            expect(actor.getSnapshot().context.error).toEqual(expected.context.error)
          },
          open: () => expect(actor.getSnapshot().context.error?.code).not.toBe("SESSION_EXPIRED"),
          closed: () => {
            if (last?.type === "errorModal.show") {
              // A session code closed the modal and ended the session instead of showing it.
              expect(last.error.code).toBe("SESSION_EXPIRED")
              expect(ended.at(-1)).toBe("SESSION_EXPIRED")
            }
          },
        },
        events: {
          "errorModal.show": ({ event }) => {
            last = event as (typeof EVENTS)[number]
            actor.send(event as never)
          },
          "errorModal.close": ({ event }) => {
            last = event as (typeof EVENTS)[number]
            actor.send(event as never)
          },
        },
      })
      expect(ended.every((code) => code === "SESSION_EXPIRED")).toBe(true)
    })
  }

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
