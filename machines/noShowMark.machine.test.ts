import { afterAll, describe, expect, it } from "vitest"
import { createActor } from "xstate"
import type { Appointment } from "../schemas/appointment.ts"
import { testIds } from "../schemas/testIds.ts"
import { noShowMarkMachine, type NoShowMarkInput } from "./noShowMark.machine.ts"
import { noShowMarkOracle, type NoShowScreen, type NoShowView } from "./noShowMark.oracle.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedBy, refusalsOf } from "./testing/specOracle.ts"

const marked = { id: "appt-1", status: "COMPLETE", noShow: true } as unknown as Appointment

const EVENTS = [
  { type: "noShow.request" },
  { type: "noShow.confirm" },
  { type: "noShow.dismiss" },
  { type: "xstate.done.actor.markNoShow", output: marked },
  // Too early (the appointment's time has not passed) and an outage: both stay in the dialog.
  { type: "xstate.error.actor.markNoShow", error: { code: "BUSINESS_ERROR", message: "Not yet" } },
  { type: "xstate.error.actor.markNoShow", error: { code: "SERVER_ERROR", message: "Briefly unavailable", status: 503 } },
] as const

const coverage = trackCoverage("noShowMark", noShowMarkMachine)

describe("no-show mark machine (model-based)", () => {
  const input: NoShowMarkInput = { appointmentId: testIds.appointment("appt-1") }
  const model = createFlowModel(noShowMarkMachine, {
    input,
    events: EVENTS as never,
    serializeState: (s) => JSON.stringify([s.value, s.context.error?.code ?? null]),
  })
  for (const { name, test } of modelPaths(model)) {
    it(name, async () => {
      const api = deferredActors(["markNoShow"] as const)
      const effects: string[] = []
      const actor = createActor(
        noShowMarkMachine.provide({
          actors: api.actors as never,
          actions: {
            onMarked: (_, params) => effects.push(`marked:${params.appointment.noShow}`),
            logFailure: (_, params) => effects.push(`log:${params.error.code}`),
          },
        }),
        { input, inspect: coverage.inspect },
      ).start()
      coverage.pathRan()
      const screens: Record<string, NoShowScreen> = { idle: "detail", confirming: "confirm", marking: "sending", failed: "failed", marked: "absent" }
      const observe = (): NoShowView => {
        const snapshot = actor.getSnapshot()
        return {
          screen: screens[snapshot.value]!,
          requests: api.calls.map((c) => (c.input as { appointmentId: NoShowMarkInput["appointmentId"] }).appointmentId),
          failure: snapshot.context.error?.code ?? null,
          effects: [...effects],
        }
      }
      await test(
        judgedBy(
          { ...noShowMarkOracle(input.appointmentId), observe },
          () => undefined,
          {
            states: { marked: () => expect(actor.getSnapshot().status).toBe("done") },
            events: {
              "noShow.request": () => actor.send({ type: "noShow.request" }),
              "noShow.confirm": async () => {
                actor.send({ type: "noShow.confirm" })
                await flush()
              },
              "noShow.dismiss": () => actor.send({ type: "noShow.dismiss" }),
              "xstate.done.actor.markNoShow": ({ event }) => api.resolve("markNoShow", event.output),
              "xstate.error.actor.markNoShow": ({ event }) => api.reject("markNoShow", event.error),
            },
          },
          refusalsOf(actor, EVENTS),
        ),
      )
      expect(api.calls.every((c) => c.name === "markNoShow")).toBe(true)
    })
  }

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
