import { afterAll, describe, expect, it } from "vitest"
import { createActor } from "xstate"
import type { SlotOffer } from "../schemas/slotWaitlist.ts"
import { testIds } from "../schemas/testIds.ts"
import { slotWaitlistEntryMachine } from "./slotWaitlistEntry.machine.ts"
import { slotWaitlistEntryOracle, type EntryView } from "./slotWaitlistEntry.oracle.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedBy, refusalsOf } from "./testing/specOracle.ts"

const OFFER: SlotOffer = {
  id: "offer-1",
  timeSlotId: testIds.timeSlot("slot-1"),
  startsAt: "2026-12-08T09:00:00Z",
  timeZone: "Africa/Dakar",
  expiresAt: "2026-12-04T18:15:00Z",
}
const input = { entryId: "entry-1" }

const EVENTS = [
  { type: "waitlist.take", offer: OFFER },
  { type: "waitlist.decline", offer: OFFER },
  { type: "waitlist.leave" },
  { type: "waitlist.stay" },
  { type: "waitlist.confirmLeave" },
  { type: "xstate.done.actor.takeOffer" },
  { type: "xstate.done.actor.declineOffer" },
  { type: "xstate.done.actor.leaveWaitlist" },
  { type: "xstate.error.actor.takeOffer", error: { code: "NETWORK_ERROR", message: "Offline" } },
  { type: "xstate.error.actor.declineOffer", error: { code: "NOT_FOUND", message: "Gone" } },
  { type: "xstate.error.actor.leaveWaitlist", error: { code: "NETWORK_ERROR", message: "Offline" } },
] as const

const ACTORS = ["takeOffer", "declineOffer", "leaveWaitlist"] as const
const coverage = trackCoverage("slotWaitlistEntry", slotWaitlistEntryMachine)

describe("one waitlist entry: take, decline, leave (model-based)", () => {
  const model = createFlowModel(slotWaitlistEntryMachine, { input, events: EVENTS as never, serializeState: (s) => JSON.stringify(s.value) })
  for (const { name, test } of modelPaths(model)) {
    it(name, async () => {
      const api = deferredActors(ACTORS)
      const effects: string[] = []
      const actor = createActor(
        slotWaitlistEntryMachine.provide({
          actors: api.actors as never,
          actions: {
            onDeclined: () => effects.push("declined"),
            onLeft: () => effects.push("left"),
            onFailed: (_, params) => effects.push(`failed:${params.error.code}`),
          },
        }),
        { input, inspect: coverage.inspect },
      ).start()
      coverage.pathRan()
      const KIND = { takeOffer: "take", declineOffer: "decline", leaveWaitlist: "leave" } as const
      const observe = (): EntryView => {
        const s = actor.getSnapshot()
        return {
          busy: s.matches("taking") ? "take" : s.matches("declining") ? "decline" : s.matches("leaving") ? "leave" : null,
          asking: s.matches("confirmingLeave") || s.matches("leaving"),
          left: s.status === "done",
          calls: api.calls.map((c) => {
            const given = c.input as { offer?: { id: string }; entryId?: string }
            return `${KIND[c.name]}:${given.offer?.id ?? given.entryId}`
          }),
          effects: [...effects],
        }
      }
      const oracle = { ...slotWaitlistEntryOracle(input), observe }
      const send = async (event: unknown) => {
        actor.send(event as never)
        await flush()
      }
      const settle = Object.fromEntries(
        ACTORS.flatMap((name) => [
          [`xstate.done.actor.${name}`, () => api.resolve(name, {})],
          [`xstate.error.actor.${name}`, ({ event }: { event: { error?: unknown } }) => api.reject(name, event.error)],
        ]),
      )
      await test(
        judgedBy(
          oracle,
          () => undefined,
          {
            events: {
              "waitlist.take": ({ event }) => send(event),
              "waitlist.decline": ({ event }) => send(event),
              "waitlist.leave": ({ event }) => send(event),
              "waitlist.stay": ({ event }) => send(event),
              "waitlist.confirmLeave": ({ event }) => send(event),
              ...settle,
            },
          },
          refusalsOf(actor, EVENTS),
        ),
      )
    })
  }

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
