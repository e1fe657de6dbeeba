import { Temporal } from "temporal-polyfill"
import { afterAll, describe, expect, it } from "vitest"
import { createActor } from "xstate"
import type { Appointment } from "../schemas/appointment.ts"
import { cancelAppointmentMachine, insideNotice, type CancelAppointmentInput } from "./cancelAppointment.machine.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"

const canceled = { id: "appt-1", status: "CANCELED" } as unknown as Appointment

const EVENTS = [
  { type: "cancel.request" },
  { type: "cancel.confirm" },
  { type: "cancel.dismiss" },
  { type: "xstate.done.actor.cancelAppointment", output: canceled },
  { type: "xstate.error.actor.cancelAppointment", error: { code: "CANCELLATION_RESTRICTED", message: "Too late" } },
  { type: "xstate.error.actor.cancelAppointment", error: { code: "NETWORK_ERROR", message: "Offline" } },
] as const

const coverage = trackCoverage("cancelAppointment", cancelAppointmentMachine)

function runPaths(label: string, input: CancelAppointmentInput) {
  const model = createFlowModel(cancelAppointmentMachine, {
    input,
    events: EVENTS as never,
    serializeState: (s) => JSON.stringify([s.value, s.context.error?.code ?? null]),
  })
  describe(label, () => {
    for (const { name, test } of modelPaths(model)) {
      it(name, async () => {
        const api = deferredActors(["cancelAppointment"] as const)
        const effects: string[] = []
        const actor = createActor(
          cancelAppointmentMachine.provide({
            actors: api.actors as never,
            actions: {
              onCanceled: (_, params) => effects.push(`canceled:${params.appointment.status}`),
              logFailure: (_, params) => effects.push(`log:${params.error.code}`),
            },
          }),
          { input, inspect: coverage.inspect },
        ).start()
        coverage.pathRan()
        await test({
          states: {
            "*": (expected) => {
              expect(actor.getSnapshot().value).toEqual(expected.value)
              expect(actor.getSnapshot().context.error).toEqual(expected.context.error)
            },
            confirming: () => expect(insideNotice(input.appointmentTime)).toBe(false),
            canceling: () => expect(api.calls.at(-1)?.input).toEqual({ appointmentId: input.appointmentId }),
            failed: () => expect(effects.at(-1)).toBe("log:NETWORK_ERROR"),
            canceled: () => {
              expect(effects).toEqual(["canceled:CANCELED"])
              expect(actor.getSnapshot().status).toBe("done")
            },
          },
          events: {
            "cancel.request": () => actor.send({ type: "cancel.request" }),
            "cancel.confirm": async () => {
              actor.send({ type: "cancel.confirm" })
              await flush()
            },
            "cancel.dismiss": () => actor.send({ type: "cancel.dismiss" }),
            "xstate.done.actor.cancelAppointment": ({ event }) => api.resolve("cancelAppointment", event.output),
            "xstate.error.actor.cancelAppointment": ({ event }) => api.reject("cancelAppointment", event.error),
          },
        })
        // Nothing but the cancel call ever reached the server.
        expect(api.calls.every((c) => c.name === "cancelAppointment")).toBe(true)
      })
    }
  })
}

describe("cancel appointment machine (model-based)", () => {
  runPaths("more than 24 hours ahead", { appointmentId: "appt-1", appointmentTime: "2099-01-05T09:00:00Z" })
  runPaths("less than 24 hours ahead", { appointmentId: "appt-2", appointmentTime: "2020-01-05T09:00:00Z" })

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})

describe("the 24-hour notice", () => {
  const now = Temporal.Instant.from("2026-11-23T08:00:00Z")
  it("is respected exactly at 24 hours and refused one second later", () => {
    expect(insideNotice("2026-11-24T08:00:00Z", now)).toBe(false)
    expect(insideNotice("2026-11-24T07:59:59Z", now)).toBe(true)
    expect(insideNotice("2026-11-20T08:00:00Z", now)).toBe(true)
  })
})
