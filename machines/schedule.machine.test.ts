import { afterAll, describe, expect, it } from "vitest"
import { createActor } from "xstate"
import type { Availability } from "../schemas/availability.ts"
import { mondayOfDate, scheduleMachine, type ScheduleInput, weekdayOf } from "./schedule.machine.ts"
import { createdAvailability } from "./testing/availabilityFixtures.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { scheduleOracle, type ScheduleDialog, type ScheduleMode, type ScheduleView } from "./schedule.oracle.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedBy, refusalsOf } from "./testing/specOracle.ts"
import { testIds } from "../schemas/testIds.ts"

// Tuesday 24 November 2026.
const input: ScheduleInput = { doctorId: testIds.doctor("d-1"), today: "2026-11-24", facilityId: testIds.facility("f-1") }

const created = createdAvailability
const booked = { code: "BUSINESS_ERROR", message: "cannot delete booked slots" }

const EVENTS = [
  { type: "schedule.showWeek" },
  { type: "schedule.showDay" },
  { type: "schedule.showRecurring" },
  { type: "schedule.previous" },
  { type: "schedule.next" },
  { type: "schedule.today", today: "2026-11-24" },
  { type: "schedule.selectDay", date: "2026-11-26" },
  { type: "schedule.openDay", date: "2026-11-27" },
  { type: "schedule.refresh" },
  { type: "schedule.add" },
  { type: "schedule.delete", availabilityId: "a-1" },
  { type: "schedule.confirmDelete" },
  { type: "schedule.cancelDelete" },
  { type: "xstate.done.actor.availabilityForm", output: created },
  { type: "xstate.done.actor.availabilityForm", output: null },
  { type: "xstate.error.actor.availabilityForm", error: { code: "UNHANDLED_ERROR", message: "boom" } },
  { type: "xstate.done.actor.deleteAvailability", output: undefined },
  { type: "xstate.error.actor.deleteAvailability", error: booked },
] as const

const coverage = trackCoverage("schedule", scheduleMachine)

function start() {
  const api = deferredActors(["availabilityForm", "deleteAvailability"] as const)
  const effects: string[] = []
  const actor = createActor(
    scheduleMachine.provide({
      actors: api.actors as never,
      actions: {
        refetch: () => effects.push("refetch"),
        notifyAdded: () => effects.push("added"),
        notifyDeleted: () => effects.push("deleted"),
        notifyFailed: (_, params) => effects.push(`failed:${params.error.code}`),
      },
    }),
    { input, inspect: coverage.inspect },
  ).start()
  return { actor, api, effects }
}

type Sut = ReturnType<typeof start>

/** What the schedule shows and did, read from the actor, the fake gateway and the screen's effects. */
function observe(sut: Sut): ScheduleView {
  const snapshot = sut.actor.getSnapshot()
  const { view, overlay } = snapshot.value as { view: ScheduleMode; overlay: string }
  const dialogs: Record<string, ScheduleDialog> = { idle: "none", adding: "add", confirmingDelete: "confirmDelete", deleting: "deleting" }
  return {
    mode: view,
    selectedDay: snapshot.context.selectedDay,
    weekStart: mondayOfDate(snapshot.context.selectedDay),
    dialog: dialogs[overlay]!,
    pendingDelete: snapshot.context.pendingDelete,
    requests: sut.api.calls.map((c) => c.input),
    effects: [...sut.effects],
  }
}

describe("schedule machine (model-based)", () => {
  const model = createFlowModel(scheduleMachine, {
    input,
    events: EVENTS as never,
    serializeState: (s) => JSON.stringify([s.value, s.context.selectedDay === s.context.today, s.context.pendingDelete]),
  })

  for (const { name, test } of modelPaths(model)) {
    it(name, async () => {
      const sut: Sut = start()
      coverage.pathRan()
      const send = async (event: Parameters<Sut["actor"]["send"]>[0]) => {
        sut.actor.send(event)
        await flush()
      }
      const oracle = { ...scheduleOracle(input), observe }
      await test(
        judgedBy(
          oracle,
          () => sut,
          {
            states: {
              "overlay.adding": () => expect(sut.api.isWaiting("availabilityForm")).toBe(true),
              "overlay.confirmingDelete": () => expect(sut.api.isWaiting("deleteAvailability")).toBe(false),
              "overlay.deleting": () => expect(sut.api.isWaiting("deleteAvailability")).toBe(true),
            },
            events: {
              "schedule.showWeek": () => send({ type: "schedule.showWeek" }),
              "schedule.showDay": () => send({ type: "schedule.showDay" }),
              "schedule.showRecurring": () => send({ type: "schedule.showRecurring" }),
              "schedule.previous": () => send({ type: "schedule.previous" }),
              "schedule.next": () => send({ type: "schedule.next" }),
              "schedule.today": ({ event }) => send(event as never),
              "schedule.selectDay": ({ event }) => send(event as never),
              "schedule.openDay": ({ event }) => send(event as never),
              "schedule.refresh": () => send({ type: "schedule.refresh" }),
              "schedule.add": () => send({ type: "schedule.add" }),
              "schedule.delete": ({ event }) => send(event as never),
              "schedule.confirmDelete": () => send({ type: "schedule.confirmDelete" }),
              "schedule.cancelDelete": () => send({ type: "schedule.cancelDelete" }),
              "xstate.done.actor.availabilityForm": ({ event }) =>
                sut.api.resolve("availabilityForm", (event as unknown as { output: Availability | null }).output),
              "xstate.error.actor.availabilityForm": ({ event }) => sut.api.reject("availabilityForm", event.error),
              "xstate.done.actor.deleteAvailability": () => sut.api.resolve("deleteAvailability", undefined),
              "xstate.error.actor.deleteAvailability": ({ event }) => sut.api.reject("deleteAvailability", event.error),
            },
          },
          refusalsOf(sut.actor, EVENTS),
        ),
      )
    })
  }

  it("names the weekday of a date and the Monday of its week", () => {
    expect(weekdayOf("2026-11-24")).toBe("TUESDAY")
    expect(mondayOfDate("2026-11-24")).toBe("2026-11-23")
    expect(mondayOfDate("2026-11-29")).toBe("2026-11-23")
    expect(mondayOfDate("2027-01-03")).toBe("2026-12-28")
  })

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
