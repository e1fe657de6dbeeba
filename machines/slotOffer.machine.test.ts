import { afterAll, describe, expect, it } from "vitest"
import { createActor, initialTransition, SimulatedClock, transition } from "xstate"
import { OFFER_MINUTES } from "../schemas/slotWaitlist.ts"
import { testIds } from "../schemas/testIds.ts"
import { slotOfferMachine, type WaitingEntry } from "./slotOffer.machine.ts"
import { slotOfferOracle, type SlotOfferView } from "./slotOffer.oracle.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { enabledOf } from "./testing/enabled.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedBy } from "./testing/specOracle.ts"

const LINE: ReadonlyArray<WaitingEntry> = [
  { entryId: "first", patientId: testIds.patient("p-1") },
  { entryId: "second", patientId: testIds.patient("p-2") },
  { entryId: "third", patientId: testIds.patient("p-3") },
]
const OFFER_MS = OFFER_MINUTES * 60_000

const EVENTS = [{ type: "offer.accept" }, { type: "offer.decline" }, { type: "offer.expire" }, { type: "xstate.after.offerTime.slotOffer.offered" }] as const

const coverage = trackCoverage("slotOffer", slotOfferMachine)

const viewOf = (snapshot: ReturnType<typeof initialTransition<typeof slotOfferMachine>>[0]): SlotOfferView => ({
  heldFor: snapshot.matches("offered") ? (snapshot.context.current?.entryId ?? null) : null,
  offeredTo: snapshot.context.offeredTo,
  bookedBy: snapshot.context.bookedBy,
  openToAll: snapshot.matches("open"),
  enabled: enabledOf(snapshot, EVENTS),
  finished: snapshot.status === "done",
})

describe("slot offer machine (model-based)", () => {
  const model = createFlowModel(slotOfferMachine, {
    events: EVENTS as never,
    input: { line: LINE },
    serializeState: (s) => JSON.stringify([s.value, s.context.current?.entryId ?? null, s.context.bookedBy]),
  })

  for (const { name, test } of modelPaths(model)) {
    it(name, async () => {
      const clock = new SimulatedClock()
      const actor = createActor(slotOfferMachine, { input: { line: LINE }, clock, inspect: coverage.inspect }).start()
      coverage.pathRan()
      const oracle = slotOfferOracle(LINE)
      await test(
        judgedBy({ ...oracle, observe: () => viewOf(actor.getSnapshot()) }, () => undefined, {
          events: {
            "offer.accept": () => actor.send({ type: "offer.accept" }),
            "offer.decline": () => actor.send({ type: "offer.decline" }),
            "offer.expire": () => actor.send({ type: "offer.expire" }),
            "xstate.after.offerTime.slotOffer.offered": () => {
              // The slot stays held for the whole 15 minutes, not a millisecond less.
              const holder = actor.getSnapshot().context.current
              clock.increment(OFFER_MS - 1)
              expect(actor.getSnapshot().context.current).toEqual(holder)
              clock.increment(1)
            },
          },
        }),
      )
    })
  }

  it("as the gateway runs it: a freed slot with no one waiting is open, and an offer passes along the line", () => {
    expect(initialTransition(slotOfferMachine, { line: [] })[0].value).toBe("open")
    const [offered] = initialTransition(slotOfferMachine, { line: LINE })
    expect(viewOf(offered)).toMatchObject({ heldFor: "first", offeredTo: ["first"], bookedBy: null, openToAll: false, finished: false })
    const [afterDecline] = transition(slotOfferMachine, offered, { type: "offer.decline" })
    expect(viewOf(afterDecline)).toMatchObject({ heldFor: "second", offeredTo: ["first", "second"], bookedBy: null, openToAll: false })
    const [afterAccept] = transition(slotOfferMachine, afterDecline, { type: "offer.accept" })
    expect(viewOf(afterAccept)).toMatchObject({ heldFor: null, offeredTo: ["first", "second"], bookedBy: "second", openToAll: false, finished: true })
  })

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
