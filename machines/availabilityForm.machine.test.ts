import { afterAll, describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { AVAILABILITY_DEFAULTS, availabilityFormErrors, availabilityFormMachine, type AvailabilityFormInput } from "./availabilityForm.machine.ts"
import { createdAvailability } from "./testing/availabilityFixtures.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { availabilityFormOracle, type AvailabilityScreen, type AvailabilityView } from "./availabilityForm.oracle.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedBy, refusalsOf } from "./testing/specOracle.ts"
import { testIds } from "../schemas/testIds.ts"

const FACILITY_ID = "5b0c8a34-6f1d-4c2e-9a57-2d3e4f5a6b7c"
const input: AvailabilityFormInput = { doctorId: testIds.doctor("d-1"), dayOfWeek: "TUESDAY", healthcareFacilityId: testIds.facility(FACILITY_ID) }

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
      actions: { notifyFailure: (_, params) => failures.push(params.error.code) },
    }),
    { input, inspect: coverage.inspect },
  ).start()
  return { actor, api, failures }
}

type Sut = ReturnType<typeof start>

/** What the dialog shows and did: the fields, Submit, the messages, the calls and toasts, its result. */
function observe(sut: Sut): AvailabilityView {
  const snapshot = sut.actor.getSnapshot()
  const editing = snapshot.matches("editing")
  const invalid = Object.keys(availabilityFormErrors(snapshot.context.values)).length > 0
  const screens: Record<string, AvailabilityScreen> = { submitting: "sending", saved: "saved", cancelled: "cancelled" }
  return {
    screen: editing ? "form" : screens[snapshot.value as string]!,
    values: snapshot.context.values,
    submitEnabled: snapshot.can({ type: "availability.submit" }),
    formErrorShown: editing && !snapshot.matches({ editing: "pristine" }) && invalid,
    refusal: snapshot.context.refusal,
    requests: sut.api.calls.map((c) => c.input),
    effects: sut.failures.map((code) => `toast:${code}`),
    result: snapshot.status === "done" ? snapshot.output : null,
    ended: snapshot.status === "done",
  }
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
      await test(
        judgedBy(
          { ...availabilityFormOracle(input), observe },
          () => sut,
          {
            states: {
              submitting: () => expect(sut.api.isWaiting("createAvailability")).toBe(true),
              "editing.dirty": () => {
                // The messages of the fields the paths break (SPEC §5), besides the generic one.
                const { values } = sut.actor.getSnapshot().context
                const errors = availabilityFormErrors(values)
                if (values.endTime === "08:00") expect(errors.endTime).toBe("validation.endAfterStart")
                if (values.slotDurationMinutes === 10) expect(errors.slotDurationMinutes).toBe("validation.slotDurationMin")
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
          },
          refusalsOf(sut.actor, EVENTS),
        ),
      )
    })
  }

  it("refuses to submit an invalid form: nothing is sent", async () => {
    const sut = start()
    sut.actor.send({ type: "availability.change", values: { slotDurationMinutes: Number.NaN } })
    sut.actor.send({ type: "availability.submit" })
    await flush()
    expect(sut.actor.getSnapshot().value).toEqual({ editing: "dirty" })
    expect(sut.api.calls).toHaveLength(0)
    expect(availabilityFormErrors(sut.actor.getSnapshot().context.values).slotDurationMinutes).toBe("validation.durationRequired")
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
