import { afterAll, describe, expect, it } from "vitest"
import { createActor } from "xstate"
import type { Availability } from "../schemas/availability.ts"
import { mondayOfDate, scheduleMachine, type ScheduleInput, weekdayOf } from "./schedule.machine.ts"
import { createdAvailability } from "./testing/availabilityFixtures.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"

// Tuesday 24 November 2026.
const input: ScheduleInput = { doctorId: "d-1", today: "2026-11-24", facilityId: "f-1" }

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
        notifyFailed: (_, params) => effects.push(`failed:${params.code}`),
      },
    }),
    { input, inspect: coverage.inspect },
  ).start()
  return { actor, api, effects }
}

type Sut = ReturnType<typeof start>

const daysBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000

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
      /** Sends a navigation event and checks the selected day moved by the view's step. */
      const navigate = async (type: "schedule.previous" | "schedule.next") => {
        const before = sut.actor.getSnapshot()
        await send({ type })
        const after = sut.actor.getSnapshot()
        const step = before.matches({ view: "week" }) ? 7 : 1
        expect(daysBetween(before.context.selectedDay, after.context.selectedDay)).toBe(type === "schedule.next" ? step : -step)
      }
      await test({
        states: {
          "*": (expected) => {
            const actual = sut.actor.getSnapshot()
            expect(actual.value).toEqual(expected.value)
            // The selected day itself is checked by the navigation steps: states that differ only
            // by it share one node of the model.
            expect(actual.context.selectedDay === actual.context.today).toBe(expected.context.selectedDay === expected.context.today)
            expect(actual.context.pendingDelete).toBe(expected.context.pendingDelete)
          },
          "view.week": () => {
            const { selectedDay } = sut.actor.getSnapshot().context
            // The week shown starts on the Monday of the selected day.
            expect(weekdayOf(mondayOfDate(selectedDay))).toBe("MONDAY")
            expect(daysBetween(mondayOfDate(selectedDay), selectedDay)).toBeLessThan(7)
          },
          "overlay.adding": () => {
            expect(sut.api.isWaiting("availabilityForm")).toBe(true)
            const { selectedDay } = sut.actor.getSnapshot().context
            expect(sut.api.calls.at(-1)?.input).toEqual({ doctorId: "d-1", dayOfWeek: weekdayOf(selectedDay), healthcareFacilityId: "f-1" })
          },
          "overlay.confirmingDelete": () => {
            expect(sut.actor.getSnapshot().context.pendingDelete).toBe("a-1")
            expect(sut.api.isWaiting("deleteAvailability")).toBe(false)
          },
          "overlay.deleting": () => {
            expect(sut.api.isWaiting("deleteAvailability")).toBe(true)
            expect(sut.api.calls.at(-1)?.input).toEqual({ doctorId: "d-1", availabilityId: "a-1" })
          },
          "overlay.idle": () => {
            expect(sut.actor.getSnapshot().context.pendingDelete).toBeNull()
          },
        },
        events: {
          "schedule.showWeek": () => send({ type: "schedule.showWeek" }),
          "schedule.showDay": () => send({ type: "schedule.showDay" }),
          "schedule.showRecurring": () => send({ type: "schedule.showRecurring" }),
          "schedule.previous": () => navigate("schedule.previous"),
          "schedule.next": () => navigate("schedule.next"),
          "schedule.today": async () => {
            await send({ type: "schedule.today", today: "2026-11-24" })
            expect(sut.actor.getSnapshot().context.selectedDay).toBe("2026-11-24")
          },
          "schedule.selectDay": () => send({ type: "schedule.selectDay", date: "2026-11-26" }),
          "schedule.openDay": async () => {
            await send({ type: "schedule.openDay", date: "2026-11-27" })
            expect(sut.actor.getSnapshot().matches({ view: "day" })).toBe(true)
          },
          "schedule.refresh": async () => {
            const before = sut.effects.length
            await send({ type: "schedule.refresh" })
            expect(sut.effects.slice(before)).toEqual(["refetch"])
          },
          "schedule.add": () => send({ type: "schedule.add" }),
          "schedule.delete": () => send({ type: "schedule.delete", availabilityId: "a-1" }),
          "schedule.confirmDelete": () => send({ type: "schedule.confirmDelete" }),
          "schedule.cancelDelete": () => send({ type: "schedule.cancelDelete" }),
          "xstate.done.actor.availabilityForm": async ({ event }) => {
            const before = sut.effects.length
            const output = (event as unknown as { output: Availability | null }).output
            await sut.api.resolve("availabilityForm", output)
            expect(sut.effects.slice(before)).toEqual(output ? ["added", "refetch"] : [])
          },
          "xstate.error.actor.availabilityForm": async () => {
            await sut.api.reject("availabilityForm", { code: "UNHANDLED_ERROR" })
            expect(sut.effects.at(-1)).toBe("failed:UNHANDLED_ERROR")
          },
          "xstate.done.actor.deleteAvailability": async () => {
            const before = sut.effects.length
            await sut.api.resolve("deleteAvailability", undefined)
            expect(sut.effects.slice(before)).toEqual(["deleted", "refetch"])
          },
          "xstate.error.actor.deleteAvailability": async () => {
            const before = sut.effects.length
            await sut.api.reject("deleteAvailability", booked)
            expect(sut.effects.slice(before)).toEqual(["failed:BUSINESS_ERROR", "refetch"])
          },
        },
      })
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
