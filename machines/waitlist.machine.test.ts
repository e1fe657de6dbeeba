import { afterAll, afterEach, describe, expect, it, vi } from "vitest"
import { createActor, SimulatedClock } from "xstate"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedBy, refusalsOf } from "./testing/specOracle.ts"
import { waitlistOracle, type WaitlistScreen, type WaitlistView } from "./waitlist.oracle.ts"
import { emptyWaitlist, waitlistEntryOf, waitlistErrors, waitlistMachine, waitlistStub } from "./waitlist.machine.ts"

const EVENTS = [
  { type: "waitlist.open", role: "professional", email: "awa@example.sn" },
  { type: "waitlist.change", values: { name: "Dr Awa Sy", speciality: "Pédiatrie" } },
  { type: "waitlist.change", values: { email: "awa@" } },
  { type: "waitlist.submit" },
  { type: "waitlist.close" },
  { type: "xstate.done.actor.join", output: undefined },
  { type: "xstate.error.actor.join", error: new Error("Failed to join waitlist") },
  { type: "xstate.after.closeAfterSuccess.waitlist.open.success" },
] as const

const coverage = trackCoverage("waitlist", waitlistMachine)

describe("waitlist machine (model-based)", () => {
  const model = createFlowModel(waitlistMachine, {
    events: EVENTS as never,
    serializeState: (s) => JSON.stringify([s.value, s.context.values, Object.keys(s.context.errors)]),
  })

  for (const { name, test } of modelPaths(model)) {
    it(name, async () => {
      const api = deferredActors(["join"] as const)
      const clock = new SimulatedClock()
      const actor = createActor(waitlistMachine.provide({ actors: api.actors as never }), { clock, inspect: coverage.inspect }).start()
      coverage.pathRan()
      /** What the modal shows: which box, the fields, the fields in error, and what the stub was given. */
      const observe = (): WaitlistView => {
        const snapshot = actor.getSnapshot()
        const screens: Record<string, WaitlistScreen> = { editing: "form", submitting: "sending", failure: "errorBox", success: "successBox" }
        return {
          screen: snapshot.matches("closed") ? "closed" : screens[(snapshot.value as { open: string }).open]!,
          values: { ...snapshot.context.values },
          fieldErrors: Object.keys(snapshot.context.errors).sort(),
          joined: api.calls.map((c) => (c.input as { entry: unknown }).entry),
        }
      }
      await test(
        judgedBy(
          { ...waitlistOracle, observe },
          () => undefined,
          {
            states: { "open.submitting": () => expect(api.isWaiting("join")).toBe(true) },
            events: {
              "waitlist.open": ({ event }) => actor.send(event as never),
              "waitlist.change": ({ event }) => actor.send(event as never),
              "waitlist.submit": async () => {
                actor.send({ type: "waitlist.submit" })
                await flush()
              },
              "waitlist.close": () => actor.send({ type: "waitlist.close" }),
              "xstate.done.actor.join": () => api.resolve("join", undefined),
              "xstate.error.actor.join": () => api.reject("join", new Error("Failed to join waitlist")),
              "xstate.after.closeAfterSuccess.waitlist.open.success": () => {
                // SPEC §9: the success box stays 2 seconds.
                clock.increment(1999)
                expect(actor.getSnapshot().matches({ open: "success" })).toBe(true)
                clock.increment(1)
              },
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

describe("the waitlist rules", () => {
  it("needs a role, a name and an email; sends only what the role asks", () => {
    expect(waitlistErrors(emptyWaitlist())).toEqual({ name: "validation.required", email: "validation.emailRequired" })
    expect(waitlistErrors({ ...emptyWaitlist(), name: "Awa", email: "awa@example", phone: "77 12" })).toEqual({
      email: "validation.emailInvalid",
      phone: "validation.phoneInvalid",
    })
    expect(waitlistEntryOf({ ...emptyWaitlist("patient"), name: "Awa", email: "a@b.sn", organization: "X", speciality: "Y" })).toEqual({
      role: "patient",
      name: "Awa",
      email: "a@b.sn",
      updates: true,
    })
    expect(
      waitlistEntryOf({ ...emptyWaitlist("professional"), name: "Awa", email: "a@b.sn", organization: "Clinique", speciality: "Pédiatrie" }),
    ).toMatchObject({
      organization: "Clinique",
      speciality: "Pédiatrie",
    })
  })
})

describe("the waitlist stub (SPEC §4)", () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  async function run(random: number) {
    vi.useFakeTimers()
    const actor = createActor(
      waitlistStub(() => random),
      { input: { entry: {} } },
    ).start()
    await vi.advanceTimersByTimeAsync(999)
    const before = actor.getSnapshot().status
    await vi.advanceTimersByTimeAsync(1)
    return { before, after: actor.getSnapshot().status }
  }

  it("answers after 1 s, and fails when the draw is under 10%", async () => {
    expect(await run(0.5)).toEqual({ before: "active", after: "done" })
    expect(await run(0.05)).toEqual({ before: "active", after: "error" })
    expect(await run(0.1)).toEqual({ before: "active", after: "done" })
  })
})
