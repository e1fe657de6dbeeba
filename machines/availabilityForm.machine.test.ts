import { afterAll, describe, expect, it } from "vitest"
import { createActor } from "xstate"
import {
  AVAILABILITY_DEFAULTS,
  availabilityFormErrors,
  availabilityFormMachine,
  type AvailabilityFormInput,
} from "./availabilityForm.machine.ts"
import { createdAvailability } from "./testing/availabilityFixtures.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"

const FACILITY_ID = "5b0c8a34-6f1d-4c2e-9a57-2d3e4f5a6b7c"
const input: AvailabilityFormInput = { doctorId: "d-1", dayOfWeek: "TUESDAY", healthcareFacilityId: FACILITY_ID }

const created = createdAvailability
const overlap = { code: "AVAILABILITY_ALREADY_EXISTS", message: "overlap" }

const EVENTS = [
  { type: "availability.change", values: { endTime: "12:00" } },
  { type: "availability.change", values: { endTime: "08:00" } },
  { type: "availability.change", values: { slotDurationMinutes: 10 } },
  { type: "availability.change", values: { slotDurationMinutes: 30 } },
  { type: "availability.submit" },
  { type: "availability.cancel" },
  { type: "xstate.done.actor.createAvailability", output: created },
  { type: "xstate.error.actor.createAvailability", error: overlap },
] as const

const coverage = trackCoverage("availabilityForm", availabilityFormMachine)

function start() {
  const api = deferredActors(["createAvailability"] as const)
  const failures: string[] = []
  const actor = createActor(
    availabilityFormMachine.provide({
      actors: api.actors as never,
      actions: { notifyFailure: (_, params) => failures.push(params.code) },
    }),
    { input, inspect: coverage.inspect },
  ).start()
  return { actor, api, failures }
}

describe("availability form machine (model-based)", () => {
  const model = createFlowModel(availabilityFormMachine, {
    input,
    events: EVENTS as never,
    serializeState: (s) => JSON.stringify([s.value, s.context.values.endTime, s.context.values.slotDurationMinutes, s.context.refusal]),
  })

  for (const { name, test } of modelPaths(model)) {
    it(name, async () => {
      const sut = start()
      coverage.pathRan()
      await test({
        states: {
          "*": (expected) => {
            const actual = sut.actor.getSnapshot()
            expect(actual.value).toEqual(expected.value)
            expect(actual.context.values).toEqual(expected.context.values)
          },
          "editing.pristine": () => {
            const snap = sut.actor.getSnapshot()
            expect(snap.context.values).toEqual({ ...AVAILABILITY_DEFAULTS, dayOfWeek: "TUESDAY", healthcareFacilityId: FACILITY_ID })
            // The defaults are valid: the submit button is enabled from the start.
            expect(snap.can({ type: "availability.submit" })).toBe(true)
          },
          "editing.dirty": () => {
            const snap = sut.actor.getSnapshot()
            const errors = availabilityFormErrors(snap.context.values)
            // Submit is enabled exactly when there is no field error to show.
            expect(snap.can({ type: "availability.submit" })).toBe(Object.keys(errors).length === 0)
            if (snap.context.values.endTime === "08:00") expect(errors.endTime).toBe("validation.endAfterStart")
            if (snap.context.values.slotDurationMinutes === 10) expect(errors.slotDurationMinutes).toBe("validation.slotDurationMin")
            expect(snap.context.refusal).toBeNull()
          },
          "editing.refused": () => {
            expect(sut.actor.getSnapshot().context.refusal).toBe("AVAILABILITY_ALREADY_EXISTS")
            expect(sut.failures.at(-1)).toBe("AVAILABILITY_ALREADY_EXISTS")
          },
          submitting: () => {
            expect(sut.api.isWaiting("createAvailability")).toBe(true)
            expect(sut.api.calls.at(-1)?.input).toEqual({ doctorId: "d-1", values: sut.actor.getSnapshot().context.values })
          },
          saved: () => {
            const snap = sut.actor.getSnapshot()
            expect(snap.status).toBe("done")
            expect(snap.output).toEqual(created)
          },
          cancelled: () => {
            const snap = sut.actor.getSnapshot()
            expect(snap.status).toBe("done")
            expect(snap.output).toBeNull()
          },
        },
        events: {
          "availability.change": async ({ event }) => {
            sut.actor.send(event as never)
            await flush()
          },
          "availability.submit": async () => {
            sut.actor.send({ type: "availability.submit" })
            await flush()
          },
          "availability.cancel": async () => {
            sut.actor.send({ type: "availability.cancel" })
            await flush()
          },
          "xstate.done.actor.createAvailability": () => sut.api.resolve("createAvailability", created),
          "xstate.error.actor.createAvailability": () => sut.api.reject("createAvailability", overlap),
        },
      })
    })
  }

  it("refuses to submit an invalid form: nothing is sent", async () => {
    const sut = start()
    sut.actor.send({ type: "availability.change", values: { slotDurationMinutes: Number.NaN } })
    sut.actor.send({ type: "availability.submit" })
    await flush()
    expect(sut.actor.getSnapshot().value).toEqual({ editing: "dirty" })
    expect(sut.api.calls).toHaveLength(0)
    expect(availabilityFormErrors(sut.actor.getSnapshot().context.values).slotDurationMinutes).toBe("validation.invalid")
  })

  it("accepts only durations in steps of 5", () => {
    const values = { ...AVAILABILITY_DEFAULTS, dayOfWeek: "MONDAY" as const, healthcareFacilityId: null }
    expect(availabilityFormErrors({ ...values, slotDurationMinutes: 25 })).toEqual({})
    expect(availabilityFormErrors({ ...values, slotDurationMinutes: 22 })).toEqual({ slotDurationMinutes: "validation.slotDurationStep" })
  })

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
