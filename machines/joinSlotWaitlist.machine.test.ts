import { afterAll, describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { testIds } from "../schemas/testIds.ts"
import { joinSlotWaitlistMachine, type JoinSlotWaitlistInput } from "./joinSlotWaitlist.machine.ts"
import { joinSlotWaitlistOracle, type JoinScreen, type JoinView } from "./joinSlotWaitlist.oracle.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedBy, refusalsOf } from "./testing/specOracle.ts"

const DOCTOR = testIds.doctor("3f2b8c1e-7a4d-4e2b-9c3a-1d2e3f4a5b6c")
const APPOINTMENT = "9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d"
// Saturday 5 December where the doctor works; 62 days on is 5 February 2027.
const TODAY = "2026-12-05"

const EVENTS = [
  { type: "waitlist.edit", change: { fromDate: "2026-12-04" } },
  { type: "waitlist.edit", change: { fromDate: TODAY } },
  { type: "waitlist.edit", change: { toDate: "2027-02-05" } },
  { type: "waitlist.edit", change: { toDate: "2027-02-06" } },
  { type: "waitlist.edit", change: { toDate: "2026-12-03" } },
  { type: "waitlist.edit", change: { mode: "EARLIER_THAN_APPOINTMENT", appointmentId: APPOINTMENT } },
  { type: "waitlist.edit", change: { mode: "BETWEEN_DATES" } },
  { type: "waitlist.submit" },
  { type: "waitlist.close" },
  { type: "xstate.done.actor.joinWaitlist", output: { id: "entry-1" } },
  {
    type: "xstate.error.actor.joinWaitlist",
    error: { code: "DUPLICATE_ENTRY", message: "Already waiting", fields: [{ name: "doctorId", message: "slotWaitlist.waitlistDuplicate" }] },
  },
  { type: "xstate.error.actor.joinWaitlist", error: { code: "NETWORK_ERROR", message: "Offline" } },
] as const

const coverage = trackCoverage("joinSlotWaitlist", joinSlotWaitlistMachine)

function runPaths(label: string, input: JoinSlotWaitlistInput) {
  const model = createFlowModel(joinSlotWaitlistMachine, {
    input,
    events: EVENTS as never,
    serializeState: (s) => JSON.stringify([s.value, s.context.form, s.context.errors, s.context.failure?.code ?? null]),
  })
  describe(label, () => {
    for (const { name, test } of modelPaths(model)) {
      it(name, async () => {
        const api = deferredActors(["joinWaitlist"] as const)
        const effects: string[] = []
        const actor = createActor(
          joinSlotWaitlistMachine.provide({
            actors: api.actors as never,
            actions: { onJoined: () => effects.push("joined"), onClosed: () => effects.push("closed") },
          }),
          { input, inspect: coverage.inspect },
        ).start()
        coverage.pathRan()
        const observe = (): JoinView => {
          const snapshot = actor.getSnapshot()
          const screen: JoinScreen = snapshot.matches("editing")
            ? "form"
            : snapshot.matches("submitting")
              ? "sending"
              : snapshot.matches("joined")
                ? "joined"
                : "closed"
          return {
            screen,
            form: { ...snapshot.context.form },
            errors: snapshot.context.errors.map((e) => `${e.name}: ${e.message}`).sort(),
            failure: snapshot.context.failure?.code ?? null,
            requests: api.calls.map((c) => c.input),
            effects: [...effects],
          }
        }
        const oracle = { ...joinSlotWaitlistOracle({ doctorId: DOCTOR, today: TODAY, form: input.form }), observe }
        await test(
          judgedBy(
            oracle,
            () => undefined,
            {
              events: {
                "waitlist.edit": ({ event }) => actor.send(event as never),
                "waitlist.submit": async () => {
                  actor.send({ type: "waitlist.submit" })
                  await flush()
                },
                "waitlist.close": () => actor.send({ type: "waitlist.close" }),
                "xstate.done.actor.joinWaitlist": ({ event }) => api.resolve("joinWaitlist", event.output),
                "xstate.error.actor.joinWaitlist": ({ event }) => api.reject("joinWaitlist", event.error),
              },
            },
            refusalsOf(actor, EVENTS),
          ),
        )
      })
    }
  })
}

describe("join a freed-slot waitlist (model-based)", () => {
  runPaths("between today and two weeks on, for oneself", {
    doctorId: DOCTOR,
    today: TODAY,
    form: { forWhom: "self", mode: "BETWEEN_DATES", appointmentId: "", fromDate: TODAY, toDate: "2026-12-19" },
  })

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
