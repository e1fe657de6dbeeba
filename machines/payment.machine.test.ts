import { afterAll, describe, expect, it } from "vitest"
import { createActor, SimulatedClock, transition } from "xstate"
import { PAYMENT_LIFE_MINUTES } from "../schemas/limits.ts"
import type { PaymentStatus } from "../schemas/payments.ts"
import { effectsOf, paymentMachine, paymentSnapshotOf, statusOf, type PaymentSnapshot } from "./payment.machine.ts"
import { paymentOracle, type PaymentView } from "./payment.oracle.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { enabledOf } from "./testing/enabled.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedBy, refusalsOf } from "./testing/specOracle.ts"

const LIFE_MS = PAYMENT_LIFE_MINUTES * 60_000

const EVENTS = [
  { type: "payment.succeed", slotFree: true },
  { type: "payment.succeed", slotFree: false },
  { type: "payment.fail" },
  { type: "payment.expire" },
  { type: "payment.refund" },
  { type: "payment.keep" },
  { type: "xstate.after.paymentLife.payment.pending" },
] as const

const coverage = trackCoverage("payment", paymentMachine)

/** The effects a live actor carried out, as the gateway would (server/payments/ledger.ts). */
interface Effects {
  bookings: number
  releases: number
  refunds: number
}

const viewOf = (snapshot: PaymentSnapshot, effects: Effects): PaymentView => ({
  status: statusOf(snapshot),
  ...effects,
  refundReason: snapshot.context.refundReason,
  enabled: enabledOf(snapshot, EVENTS),
  finished: snapshot.status === "done",
})

describe("payment machine (model-based)", () => {
  const model = createFlowModel(paymentMachine, {
    events: EVENTS as never,
    serializeState: (s) => JSON.stringify([s.value, s.context.refundReason]),
  })

  for (const { name, test } of modelPaths(model)) {
    it(name, async () => {
      const clock = new SimulatedClock()
      const effects: Effects = { bookings: 0, releases: 0, refunds: 0 }
      const machine = paymentMachine.provide({
        actions: {
          bookAppointment: () => void effects.bookings++,
          releaseSlot: () => void effects.releases++,
          refundMoney: () => void effects.refunds++,
        },
      })
      const actor = createActor(machine, { clock, inspect: coverage.inspect }).start()
      coverage.pathRan()
      const oracle = paymentOracle()
      const send = (event: (typeof EVENTS)[number]) => () => actor.send(event as never)
      await test(
        judgedBy(
          { ...oracle, observe: () => viewOf(actor.getSnapshot(), { ...effects }) },
          () => undefined,
          {
            events: {
              "payment.succeed": ({ event }) => actor.send(event as never),
              "payment.fail": send(EVENTS[2]),
              "payment.expire": send(EVENTS[3]),
              "payment.refund": send(EVENTS[4]),
              "payment.keep": send(EVENTS[5]),
              "xstate.after.paymentLife.payment.pending": () => {
                // The slot stays held for the payer the whole 15 minutes, not a millisecond less.
                clock.increment(LIFE_MS - 1)
                expect(statusOf(actor.getSnapshot())).toBe("PENDING")
                clock.increment(1)
              },
            },
          },
          // Whatever a state refuses (a second success, a failure after the money, an expiry after PAID) changes nothing.
          refusalsOf(actor, EVENTS),
        ),
      )
    })
  }

  describe("as the gateway runs it: from the stored status, the effects to carry out", () => {
    const step = (status: PaymentStatus, event: (typeof EVENTS)[number]) => {
      const [next, actions] = transition(paymentMachine, paymentSnapshotOf(status), event as never)
      return { status: statusOf(next), effects: effectsOf(actions) }
    }

    it("money on time books; a failure or expiry releases the slot", () => {
      expect(step("PENDING", { type: "payment.succeed", slotFree: true })).toEqual({ status: "PAID", effects: ["bookAppointment"] })
      expect(step("PENDING", { type: "payment.fail" })).toEqual({ status: "FAILED", effects: ["releaseSlot"] })
      expect(step("PENDING", { type: "payment.expire" })).toEqual({ status: "EXPIRED", effects: ["releaseSlot"] })
    })

    it("money after the payment expired books a slot still free, and is refunded when the slot is gone", () => {
      expect(step("EXPIRED", { type: "payment.succeed", slotFree: true })).toEqual({ status: "PAID", effects: ["bookAppointment"] })
      expect(step("EXPIRED", { type: "payment.succeed", slotFree: false })).toEqual({ status: "REFUNDED", effects: ["refundMoney"] })
      expect(step("FAILED", { type: "payment.succeed", slotFree: false })).toEqual({ status: "REFUNDED", effects: ["refundMoney"] })
    })

    it("a second success, a failure after the money, an expiry after it: nothing", () => {
      expect(step("PAID", { type: "payment.succeed", slotFree: true })).toEqual({ status: "PAID", effects: [] })
      expect(step("PAID", { type: "payment.fail" })).toEqual({ status: "PAID", effects: [] })
      expect(step("REFUNDED", { type: "payment.expire" })).toEqual({ status: "REFUNDED", effects: [] })
      expect(step("KEPT", { type: "payment.refund" })).toEqual({ status: "KEPT", effects: [] })
    })

    it("a paid deposit is refunded on cancel, kept on a no-show", () => {
      expect(step("PAID", { type: "payment.refund" })).toEqual({ status: "REFUNDED", effects: ["refundMoney"] })
      expect(step("PAID", { type: "payment.keep" })).toEqual({ status: "KEPT", effects: [] })
    })
  })

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
