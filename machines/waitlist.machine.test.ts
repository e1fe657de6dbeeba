import { afterAll, afterEach, describe, expect, it, vi } from "vitest"
import { createActor } from "xstate"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { emptyWaitlist, waitlistEntryOf, waitlistErrors, waitlistMachine, waitlistStub } from "./waitlist.machine.ts"

const CLOSE_AFTER_MS = 30

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
      const actor = createActor(waitlistMachine.provide({ actors: api.actors as never, delays: { closeAfterSuccess: CLOSE_AFTER_MS } }), {
        inspect: coverage.inspect,
      }).start()
      coverage.pathRan()
      await test({
        states: {
          "*": (expected) => {
            expect(actor.getSnapshot().value).toEqual(expected.value)
            expect(actor.getSnapshot().context).toEqual(expected.context)
          },
          // Closed is always a fresh form: nothing typed survives a close or a success.
          closed: () => expect(actor.getSnapshot().context).toEqual({ values: emptyWaitlist(), errors: {} }),
          "open.editing": () => {
            const { values, errors } = actor.getSnapshot().context
            for (const field of Object.keys(errors)) expect(waitlistErrors(values)).toHaveProperty(field)
          },
          "open.submitting": () => {
            expect(api.isWaiting("join")).toBe(true)
            expect(api.calls.at(-1)?.input).toEqual({ entry: waitlistEntryOf(actor.getSnapshot().context.values) })
          },
          "open.failure": () => expect(actor.getSnapshot().context.values.name).toBe("Dr Awa Sy"),
        },
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
          "xstate.after.closeAfterSuccess.waitlist.open.success": () => new Promise((resolve) => setTimeout(resolve, CLOSE_AFTER_MS * 3)),
        },
      })
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
    expect(waitlistEntryOf({ ...emptyWaitlist("professional"), name: "Awa", email: "a@b.sn", organization: "Clinique", speciality: "Pédiatrie" })).toMatchObject({
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
    const actor = createActor(waitlistStub(() => random), { input: { entry: {} } }).start()
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
