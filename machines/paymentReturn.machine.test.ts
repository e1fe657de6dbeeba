import { afterAll, describe, expect, it } from "vitest"
import { createActor, SimulatedClock } from "xstate"
import type { PaymentId } from "../schemas/ids.ts"
import { PAYMENT_POLL_MS, paymentReturnMachine, PENDING_PATIENCE, type PaymentReturnInput } from "./paymentReturn.machine.ts"
import { paymentReturnOracle, type PaymentReturnScreen, type PaymentReturnView } from "./paymentReturn.oracle.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedBy, refusalsOf } from "./testing/specOracle.ts"

// schemas/testIds.ts has no payment yet: the one id written by hand here.
const PAYMENT_ID = "3f2a0000-0000-4000-8000-0000000000f1" as PaymentId
const APPOINTMENT_ID = "3f2a0000-0000-4000-8000-0000000000a1"
/** The payment as GET /payments/{id} answers it, in each of its states (issue 40). */
const payment = (status: string, appointmentId: string | null = null) => ({
  id: PAYMENT_ID,
  status,
  amount: 5000,
  currency: "XOF",
  method: status === "PENDING" ? null : "WAVE",
  checkoutUrl: `http://localhost/sandbox/checkout/${PAYMENT_ID}`,
  expiresAt: "2026-11-24T08:15:00Z",
  appointmentId,
  doctorId: "3f2a0000-0000-4000-8000-0000000000d3",
  timeSlotId: "3f2a0000-0000-4000-8000-0000000000s1",
  receiptNumber: appointmentId ? "PM-2026-000001" : null,
  createdAt: "2026-11-24T08:00:00Z",
  paidAt: appointmentId ? "2026-11-24T08:01:00Z" : null,
  refundedAt: status === "REFUNDED" ? "2026-11-24T09:00:00Z" : null,
})

const EVENTS = [
  { type: "xstate.done.actor.readPayment", output: payment("PENDING") },
  { type: "xstate.done.actor.readPayment", output: payment("PAID", APPOINTMENT_ID) },
  { type: "xstate.done.actor.readPayment", output: payment("FAILED") },
  { type: "xstate.done.actor.readPayment", output: payment("EXPIRED") },
  // An old return link, opened after the appointment was cancelled in time and the deposit refunded.
  { type: "xstate.done.actor.readPayment", output: payment("REFUNDED", APPOINTMENT_ID) },
  // Issue 37: an outage answer, as the client gives it.
  { type: "xstate.error.actor.readPayment", error: { code: "SERVER_ERROR", message: "Promed is briefly unavailable", status: 503, retryAfterSeconds: 3 } },
  { type: "xstate.error.actor.readPayment", error: { code: "NETWORK_ERROR", message: "Cannot connect to the server" } },
  { type: "xstate.error.actor.readPayment", error: { code: "FORBIDDEN_ACTION", message: "Not yours" } },
  { type: "xstate.after.pollDelay.paymentReturn.waiting" },
  { type: "payment.retry" },
] as const

const coverage = trackCoverage("paymentReturn", paymentReturnMachine)

const SCREENS: Record<string, PaymentReturnScreen> = {
  reading: "checking",
  waiting: "checking",
  paid: "paid",
  refused: "refused",
  expired: "expired",
  stillPending: "waitingOperator",
  unavailable: "unavailable",
  failed: "failed",
  missing: "missing",
}

function runPaths(label: string, input: PaymentReturnInput & { patience: number }) {
  const model = createFlowModel(paymentReturnMachine, {
    input,
    events: EVENTS as never,
    serializeState: (s) => JSON.stringify([s.value, s.context.pendingReads]),
  })
  describe(label, () => {
    for (const { name, test } of modelPaths(model)) {
      it(name, async () => {
        const api = deferredActors(["readPayment"] as const)
        const effects: string[] = []
        const clock = new SimulatedClock()
        const actor = createActor(
          paymentReturnMachine.provide({
            actors: api.actors as never,
            actions: { openAppointment: (_, { appointmentId }) => effects.push(`open:${appointmentId}`) },
          }),
          { input, clock, inspect: coverage.inspect },
        ).start()
        coverage.pathRan()
        await flush()
        const observe = (): PaymentReturnView => ({
          screen: SCREENS[actor.getSnapshot().value]!,
          reads: api.calls.map((c) => (c.input as { paymentId: string }).paymentId),
          effects: [...effects],
        })
        const oracle = { ...paymentReturnOracle(input), observe }
        await test(
          judgedBy(
            oracle,
            () => undefined,
            {
              states: {
                // A read is on its way while the page says it checks; none while it waits to read again.
                reading: () => expect(api.isWaiting("readPayment")).toBe(true),
                waiting: () => expect(api.isWaiting("readPayment")).toBe(false),
              },
              events: {
                "xstate.done.actor.readPayment": ({ event }) => api.resolve("readPayment", event.output),
                "xstate.error.actor.readPayment": ({ event }) => api.reject("readPayment", event.error),
                "xstate.after.pollDelay.paymentReturn.waiting": async () => {
                  // Read again after the poll's interval, not a moment sooner.
                  clock.increment(PAYMENT_POLL_MS - 1)
                  expect(actor.getSnapshot().value).toBe("waiting")
                  clock.increment(1)
                  await flush()
                },
                "payment.retry": async () => {
                  actor.send({ type: "payment.retry" })
                  await flush()
                },
              },
            },
            refusalsOf(actor, EVENTS),
          ),
        )
      })
    }
  })
}

describe("payment return machine (model-based)", () => {
  runPaths("waiting two reads for the operator", { paymentId: PAYMENT_ID, patience: 2 })
  runPaths("waiting three reads for the operator", { paymentId: PAYMENT_ID, patience: 3 })

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})

describe("payment return, the app's patience", () => {
  it("reads a PENDING payment every 2 s for about half a minute before saying it waits for the operator", () => {
    expect(PAYMENT_POLL_MS).toBe(2000)
    expect(PENDING_PATIENCE * PAYMENT_POLL_MS).toBe(30_000)
    expect(createActor(paymentReturnMachine, { input: { paymentId: PAYMENT_ID } }).getSnapshot().context.patience).toBe(PENDING_PATIENCE)
  })
})
