import { Temporal } from "temporal-polyfill"
import { afterAll, describe, expect, it } from "vitest"
import { createActor } from "xstate"
import type { Appointment } from "../schemas/appointment.ts"
import { cancelAppointmentMachine, insideNotice, type CancelAppointmentInput } from "./cancelAppointment.machine.ts"
import { keyNamer } from "./testing/idempotencyKeys.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { cancelAppointmentOracle, type CancelScreen, type CancelView } from "./cancelAppointment.oracle.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedBy, refusalsOf } from "./testing/specOracle.ts"
import { testIds } from "../schemas/testIds.ts"

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
        const keyName = keyNamer()
        const observe = (): CancelView => {
          const snapshot = actor.getSnapshot()
          const screens: Record<string, CancelScreen> = {
            idle: "detail",
            confirming: "confirm",
            canceling: "sending",
            restricted: "policy",
            failed: "failed",
            canceled: "canceled",
          }
          return {
            screen: screens[snapshot.value]!,
            requests: api.calls.map((c) => {
              const { appointmentId, idempotencyKey } = c.input as { appointmentId: unknown; idempotencyKey: unknown }
              return { appointmentId, key: keyName(idempotencyKey) }
            }),
            failure: snapshot.context.error?.code ?? null,
            effects: [...effects],
          }
        }
        const oracle = { ...cancelAppointmentOracle({ ...input, now: () => Date.now() }), observe }
        await test(
          judgedBy(
            oracle,
            () => undefined,
            {
              states: {
                canceled: () => expect(actor.getSnapshot().status).toBe("done"),
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
            },
            refusalsOf(actor, EVENTS),
          ),
        )
        // Nothing but the cancel call ever reached the server.
        expect(api.calls.every((c) => c.name === "cancelAppointment")).toBe(true)
      })
    }
  })
}

describe("cancel appointment machine (model-based)", () => {
  runPaths("more than 24 hours ahead", { appointmentId: testIds.appointment("appt-1"), appointmentTime: "2099-01-05T09:00:00Z" })
  runPaths("already past", { appointmentId: testIds.appointment("appt-2"), appointmentTime: "2020-01-05T09:00:00Z" })
  // Near the 24-hour line, on both sides, so a wrong notice (12 h, 48 h) shows too.
  const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString()
  runPaths("30 hours ahead", { appointmentId: testIds.appointment("appt-3"), appointmentTime: inHours(30) })
  runPaths("20 hours ahead", { appointmentId: testIds.appointment("appt-4"), appointmentTime: inHours(20) })

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
