import { afterAll, describe, expect, it } from "vitest"
import { createActor, SimulatedClock } from "xstate"
import type { Appointment } from "../schemas/appointment.ts"
import type { TimeSlot } from "../schemas/availability.ts"
import {
  bookingRequestOf,
  bookingWizardMachine,
  keyedRequestOf,
  detailsErrors,
  SELF,
  type BookingStep,
  type BookingWizardInput,
} from "./bookingWizard.machine.ts"
import { keyNamer } from "./testing/idempotencyKeys.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { bookingWizardOracle, type WizardDraft, type WizardScreen, type WizardView } from "./bookingWizard.oracle.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedBy, refusalsOf } from "./testing/specOracle.ts"
import { testIds } from "../schemas/testIds.ts"

const slot = (id: string, status: TimeSlot["status"]): TimeSlot => ({
  id: testIds.timeSlot(id),
  availabilityId: testIds.availability("a1"),
  slotDate: "2026-11-24",
  slotStartTime: "09:30",
  slotEndTime: "10:00",
  startsAt: "2026-11-24T09:30:00Z",
  timeZone: "Africa/Dakar",
  status,
  healthcareFacilityId: testIds.facility("f1"),
  appointmentId: null,
})
const FREE = slot("3f2a0000-0000-4000-8000-000000000001", "AVAILABLE")
const TAKEN = slot("3f2a0000-0000-4000-8000-000000000002", "BOOKED")
const DEPENDANT = "3f2a0000-0000-4000-8000-0000000000d1"
const booked = { id: "appt-1", status: "CONFIRMED" } as unknown as Appointment
/** Issue 37: the gateway's answer while its database is out of reach: 503, SERVER_ERROR, Retry-After: 3. */
const OUTAGE = { code: "SERVER_ERROR", message: "Promed is briefly unavailable: try again in a moment", status: 503, retryAfterSeconds: 3 }
/** Issue 14: the gateway's hold, 5 minutes (SLOT_HOLD_MINUTES) from its answer. */
const HOLD = { timeSlotId: FREE.id, heldUntil: "2026-11-24T08:05:00Z", expiresInSeconds: 300 }
/** Issue 40: the doctor asks 5,000 FCFA of all patients (the payment's answer: PENDING, its provider's page). */
const DEPOSIT = { deposit: { amount: 5000, currency: "XOF", reason: "ALL" } }
const PENDING = { id: "pay-1", status: "PENDING", amount: 5000, currency: "XOF", checkoutUrl: "http://localhost/sandbox/checkout/pay-1", appointmentId: null }

const EVENTS = [
  { type: "booking.update", details: { forWhom: DEPENDANT, reason: "Fièvre depuis deux jours", appointmentType: "CLINIC" } },
  { type: "booking.update", details: { reason: "   " } },
  { type: "booking.update", details: { appointmentType: "HOME" } },
  { type: "booking.next" },
  { type: "booking.back" },
  { type: "booking.selectSlot", slot: FREE },
  { type: "booking.selectSlot", slot: TAKEN },
  { type: "booking.confirm" },
  { type: "booking.retry" },
  { type: "booking.chooseAnotherSlot" },
  { type: "xstate.done.actor.createAppointment", output: booked },
  { type: "xstate.error.actor.createAppointment", error: { code: "TIME_SLOT_ALREADY_BOOKED", message: "Taken" } },
  { type: "xstate.error.actor.createAppointment", error: { code: "SERVER_ERROR", message: "Boom" } },
  // No answer at all (issue 13): retried on its own with the same key, then a failure.
  { type: "xstate.error.actor.createAppointment", error: { code: "NETWORK_ERROR", message: "Cannot connect to the server" } },
  { type: "xstate.error.actor.createAppointment", error: { code: "TIMEOUT_ERROR", message: "The server took too long to answer" } },
  // Issue 37: an outage answer, as the client gives it (an ApiRequestError's code, status and Retry-After):
  // retried on its own with the same key after the wait it asks for, then "briefly unavailable, input kept".
  { type: "xstate.error.actor.createAppointment", error: OUTAGE },
  { type: "xstate.after.retryDelay.bookingWizard.retrying" },
  { type: "xstate.after.redirectDelay.bookingWizard.success" },
  // Issue 14: the slot held at the review, or refused (someone else holds it), or no answer; then its time runs out.
  { type: "xstate.done.actor.holdSlot", output: HOLD },
  { type: "xstate.error.actor.holdSlot", error: { code: "TIME_SLOT_ALREADY_BOOKED", message: "Held by someone else" } },
  { type: "xstate.error.actor.holdSlot", error: { code: "NETWORK_ERROR", message: "Cannot connect to the server" } },
  // Issue 38: refused with a reason (here a booking limit), said on the grid before step 3.
  {
    type: "xstate.error.actor.holdSlot",
    error: { code: "BUSINESS_ERROR", message: "Limit", fields: [{ name: "timeSlotId", message: "validation.bookingLimitWithDoctor" }] },
  },
  // Too many new holds (HOLD_RATE): the hold only is refused; the review goes on without a countdown.
  {
    type: "xstate.error.actor.holdSlot",
    error: { code: "BUSINESS_ERROR", message: "Too many holds", fields: [{ name: "timeSlotId", message: "booking.holdRate" }] },
  },
  { type: "xstate.after.holdExpiry.bookingWizard.review.hold.held" },
  // Back, Forward or a typed address naming a step (issue 11).
  { type: "booking.goToStep", step: 1 },
  { type: "booking.goToStep", step: 2 },
  { type: "booking.goToStep", step: 3 },
  { type: "booking.cancel" },
] as const

/**
 * Issue 40's events: the deposit this booking owes, and the payment it starts. The runs above
 * leave the quote unanswered (the booking goes as before, the gateway deciding); one run answers
 * it, which keeps the paths about twice those of the wizard without deposits rather than four times.
 */
const DEPOSIT_EVENTS = [
  ...EVENTS,
  // Issue 40: the deposit this booking owes (5,000 FCFA of all), none, or no answer.
  { type: "xstate.done.actor.quoteDeposit", output: DEPOSIT },
  { type: "xstate.done.actor.quoteDeposit", output: { deposit: null } },
  { type: "xstate.error.actor.quoteDeposit", error: { code: "NETWORK_ERROR", message: "Cannot connect to the server" } },
  // The payment started, or refused as a booking is (the slot taken, a failure, no answer, an outage).
  { type: "xstate.done.actor.createPayment", output: PENDING },
  { type: "xstate.error.actor.createPayment", error: { code: "TIME_SLOT_ALREADY_BOOKED", message: "Taken" } },
  { type: "xstate.error.actor.createPayment", error: { code: "SERVER_ERROR", message: "Boom" } },
  { type: "xstate.error.actor.createPayment", error: OUTAGE },
] as const

/** Where the wizard ignores a Back/Forward, the browser has changed the address all the same. */
const addressMoved = (view: WizardView, event: { type: string; step?: BookingStep }): WizardView =>
  event.type === "booking.goToStep" ? { ...view, address: event.step! } : view

const coverage = trackCoverage("bookingWizard", bookingWizardMachine)

function startWizard(input: BookingWizardInput) {
  const api = deferredActors(["createAppointment", "holdSlot", "quoteDeposit", "createPayment"] as const)
  const effects: string[] = []
  const clock = new SimulatedClock()
  /** The address bar and the tab's storage, as the app's showStep and draft actions keep them. */
  const tab = { address: null as BookingStep | null, entries: 0, stored: null as WizardDraft | null }
  const actor = createActor(
    bookingWizardMachine.provide({
      actors: api.actors as never,
      actions: {
        refreshSlots: () => effects.push("refreshSlots"),
        announceSuccess: () => effects.push("announceSuccess"),
        logFailure: (_, params) => effects.push(`log:${params.error.code}`),
        finish: (_, params) => effects.push(`finish:${params.origin}`),
        close: () => effects.push("close"),
        goToCheckout: (_, { url }) => effects.push(`checkout:${url}`),
        releaseHold: (_, { timeSlotId }) => effects.push(`release:${timeSlotId}`),
        showStep: (_, { step, replace }) => {
          if (tab.address === step) return
          tab.address = step
          if (!replace) tab.entries += 1
        },
        saveDraft: (_, { draft }) => {
          tab.stored = { origin: draft.origin, fields: { ...draft.details }, slotId: draft.slot?.id ?? null }
        },
        clearDraft: () => {
          tab.stored = null
        },
      },
    }),
    { input, clock, inspect: coverage.inspect },
  ).start()
  return { actor, api, effects, clock, tab }
}

type Sut = ReturnType<typeof startWizard>

/** A request as the fake gateway received it: its call, its body, and its Idempotency-Key by name. */
function requestSeen(name: string, input: unknown, keyName: (key: unknown) => string): WizardView["requests"][number] {
  const { body, idempotencyKey } = input as { body: unknown; idempotencyKey: unknown }
  return { call: name === "createPayment" ? "payments" : "appointments", body, key: keyName(idempotencyKey) }
}

/** The grid's notice as SlotStep words it. */
const NOTICES: Record<NonNullable<ReturnType<Sut["actor"]["getSnapshot"]>["context"]["holdNotice"]>, WizardView["notice"]> = {
  expired: "holdExpired",
  refused: "holdRefused",
  limited: "holdLimited",
}

/** What the wizard shows and did, read from the actor, the fake gateway and the app's effects. */
function observe(sut: Sut): WizardView {
  const keyName = keyNamer()
  const snapshot = sut.actor.getSnapshot()
  const { context } = snapshot
  // The review is one screen whatever its hold is doing.
  const value = typeof snapshot.value === "string" ? snapshot.value : Object.keys(snapshot.value)[0]!
  const screens: Record<string, WizardScreen> = {
    details: "step1",
    slots: "step2",
    review: "step3",
    booking: "sending",
    // Issue 40: the deposit's payment being started is, for the user, the booking being sent.
    paying: "sending",
    // Waiting to send the same request again: for the user, still sending.
    retrying: "sending",
    checkout: "checkout",
    slotTaken: "slotTaken",
    failed: "failed",
    success: "success",
    done: "closed",
    cancelled: "cancelled",
  }
  return {
    screen: screens[value]!,
    fields: { ...context.details },
    errors: context.errors.map((e) => `${e.name}: ${e.message}`).sort(),
    selectedSlotId: context.slot?.id ?? null,
    requests: sut.api.calls.filter((c) => c.name === "createAppointment" || c.name === "createPayment").map((c) => requestSeen(c.name, c.input, keyName)),
    effects: [...sut.effects],
    address: sut.tab.address,
    entries: sut.tab.entries,
    storedDraft: sut.tab.stored,
    holds: sut.api.calls.filter((c) => c.name === "holdSlot").map((c) => (c.input as { timeSlotId: string }).timeSlotId),
    // What ReviewStep counts down from: the hold of a review still under way.
    countdown: snapshot.matches({ review: { hold: "held" } }) && context.hold !== null,
    notice: context.holdNotice === null ? null : NOTICES[context.holdNotice],
    // SlotStep opens the grid on the chosen slot's week, or else on the taken one's.
    gridAt: context.slot?.id ?? context.takenSlot?.id ?? null,
    // What ReviewStep says on a failed booking.
    failure: snapshot.matches({ failed: "unavailable" }) ? "unavailable" : snapshot.matches("failed") ? "failed" : null,
    quotes: sut.api.calls
      .filter((c) => c.name === "quoteDeposit")
      .map((c) => {
        const { timeSlotId, dependantId } = c.input as { timeSlotId: string; dependantId: string | null }
        return { slotId: timeSlotId, dependantId }
      }),
    // What ReviewStep waits for before labelling its confirm button.
    quoting: snapshot.matches({ review: { deposit: "quoting" } }),
    // What ReviewStep says of the deposit: on the review, and while it is paid or failed to be.
    deposit: ["review", "booking", "paying", "retrying", "failed"].includes(value) ? context.deposit : null,
  }
}

function runPaths(label: string, input: BookingWizardInput, events: ReadonlyArray<{ type: string }> = EVENTS) {
  const model = createFlowModel(bookingWizardMachine, {
    input,
    events: events as never,
    serializeState: (s) =>
      JSON.stringify([
        // Issue 40: a quote of no deposit and no answer at all leave the same review (deposit false below).
        s.matches({ review: { deposit: "unquoted" } }) ? { review: { ...(s.value as { review: object }).review, deposit: "quoted" } } : s.value,
        s.context.details,
        s.context.errors,
        s.context.slot?.id ?? null,
        s.context.refusal,
        s.context.retryAfterSeconds,
        s.context.automaticRetries,
        s.context.holdNotice,
        // Issue 40: whether the reviewed booking owes a deposit (a quote of none and no answer read alike).
        s.context.deposit !== null,
      ]),
  })
  const delay = input.origin === "profile" ? 500 : 0

  describe(label, () => {
    for (const { name, test } of modelPaths(model)) {
      it(name, async () => {
        const sut = startWizard(input)
        coverage.pathRan()
        const draft = input.draft ? { origin: input.draft.origin, fields: input.draft.details, slotId: input.draft.slot?.id ?? null } : null
        const oracle = { ...bookingWizardOracle({ ...input, draft, slots: [FREE, TAKEN] }), observe }
        await test(
          judgedBy(
            oracle,
            () => sut,
            {
              states: {
                // The gateway call is still open while the wizard says it is sending.
                booking: () => expect(sut.api.isWaiting("createAppointment")).toBe(true),
                paying: () => expect(sut.api.isWaiting("createPayment")).toBe(true),
                // Between a network failure and its retry nothing is on its way.
                retrying: () => expect(sut.api.isWaiting("createAppointment") || sut.api.isWaiting("createPayment")).toBe(false),
              },
              events: {
                "booking.update": async ({ event }) => {
                  sut.actor.send(event as never)
                  await flush()
                },
                "booking.next": () => sut.actor.send({ type: "booking.next" }),
                "booking.back": () => sut.actor.send({ type: "booking.back" }),
                "booking.selectSlot": ({ event }) => sut.actor.send(event as never),
                "booking.confirm": async () => {
                  sut.actor.send({ type: "booking.confirm" })
                  await flush()
                },
                "booking.retry": async () => {
                  sut.actor.send({ type: "booking.retry" })
                  await flush()
                },
                "booking.chooseAnotherSlot": () => sut.actor.send({ type: "booking.chooseAnotherSlot" }),
                "booking.goToStep": ({ event }) => {
                  // The browser changed the address first (Back, Forward, a typed address).
                  sut.tab.address = event.step as BookingStep
                  sut.actor.send(event as never)
                },
                "booking.cancel": () => sut.actor.send({ type: "booking.cancel" }),
                "xstate.done.actor.createAppointment": ({ event }) => sut.api.resolve("createAppointment", event.output),
                "xstate.error.actor.createAppointment": ({ event }) => sut.api.reject("createAppointment", event.error),
                "xstate.after.retryDelay.bookingWizard.retrying": () => {
                  // The oracle's wait: 1 s before the first retry, 2 s before the second, or what an
                  // outage answer's Retry-After asked for (capped); not a moment sooner. What was sent is judged by the oracle.
                  const wait = oracle.retryWait()
                  sut.clock.increment(wait - 1)
                  expect(sut.actor.getSnapshot().value).toBe("retrying")
                  sut.clock.increment(1)
                  return flush()
                },
                // The newest hold asked for is answered (one asked for a review already left has no listener).
                "xstate.done.actor.holdSlot": async ({ event }) => {
                  while (sut.api.isWaiting("holdSlot")) await sut.api.resolve("holdSlot", event.output)
                },
                "xstate.error.actor.holdSlot": async ({ event }) => {
                  while (sut.api.isWaiting("holdSlot")) await sut.api.reject("holdSlot", event.error)
                },
                "xstate.after.holdExpiry.bookingWizard.review.hold.held": () => {
                  // Issue 14, on a simulated clock: 5 minutes after the gateway's answer, not a moment sooner.
                  sut.clock.increment(5 * 60_000 - 1)
                  expect(sut.actor.getSnapshot().matches({ review: { hold: "held" } })).toBe(true)
                  sut.clock.increment(1)
                },
                // The newest quote asked for is answered (one asked for a review already left has no listener).
                "xstate.done.actor.quoteDeposit": async ({ event }) => {
                  while (sut.api.isWaiting("quoteDeposit")) await sut.api.resolve("quoteDeposit", event.output)
                },
                "xstate.error.actor.quoteDeposit": async ({ event }) => {
                  while (sut.api.isWaiting("quoteDeposit")) await sut.api.reject("quoteDeposit", event.error)
                },
                "xstate.done.actor.createPayment": ({ event }) => sut.api.resolve("createPayment", event.output),
                "xstate.error.actor.createPayment": ({ event }) => sut.api.reject("createPayment", event.error),
                "xstate.after.redirectDelay.bookingWizard.success": () => {
                  // SPEC §9: from the public profile the user waits 500 ms; elsewhere they go at once.
                  if (delay > 0) {
                    sut.clock.increment(delay - 1)
                    expect(sut.actor.getSnapshot().value).toBe("success")
                  }
                  sut.clock.increment(1)
                },
              },
            },
            refusalsOf(sut.actor, events, addressMoved),
          ),
        )
      })
    }
  })
}

describe("booking wizard machine (model-based)", () => {
  const base = { doctorId: testIds.doctor("3f2a0000-0000-4000-8000-0000000000aa"), patientId: testIds.patient("3f2a0000-0000-4000-8000-0000000000bb") }
  runPaths("from the public doctor profile, with a home address", { ...base, homeAvailable: true, origin: "profile" })
  runPaths("from the doctor search, without a home address", { ...base, homeAvailable: false, origin: "search" })
  // Issue 11: a reload on step 3 finds the tab's draft again; an address on step 3 with nothing kept starts at step 1.
  runPaths("reloaded on step 3 with a draft kept for the tab", {
    ...base,
    homeAvailable: true,
    origin: "availability",
    step: 3,
    draft: { origin: "availability", details: { forWhom: DEPENDANT, reason: "Fièvre depuis deux jours", appointmentType: "CLINIC" }, slot: FREE },
  })
  runPaths("opened on step 3 with nothing kept", { ...base, homeAvailable: true, origin: "profile", step: 3 })
  // Issue 40: a doctor who asks a deposit of all patients, and one who asks none (or no answer comes).
  runPaths("from the doctor search, the gateway saying whether a deposit is owed", { ...base, homeAvailable: false, origin: "search" }, DEPOSIT_EVENTS)

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})

/** A wizard on the search's doctor, its three steps filled (for oneself, "Toux", FREE) and the booking sent once. */
async function confirmedOnce() {
  const sut = startWizard({ doctorId: testIds.doctor("d"), patientId: testIds.patient("p"), homeAvailable: true, origin: "search" })
  sut.actor.send({ type: "booking.update", details: { forWhom: SELF, reason: "Toux", appointmentType: "CLINIC" } })
  sut.actor.send({ type: "booking.next" })
  sut.actor.send({ type: "booking.selectSlot", slot: FREE })
  sut.actor.send({ type: "booking.next" })
  await flush()
  sut.actor.send({ type: "booking.confirm" })
  await flush()
  return sut
}

describe("booking wizard, one story", () => {
  it("a booking lost three times with no answer is a failure after its two automatic retries, the same request each time (issue 13)", async () => {
    const sut = await confirmedOnce()
    const lost = { code: "NETWORK_ERROR", message: "Cannot connect to the server" }
    await sut.api.reject("createAppointment", lost)
    sut.clock.increment(1000)
    await flush()
    await sut.api.reject("createAppointment", lost)
    sut.clock.increment(2000)
    await flush()
    await sut.api.reject("createAppointment", lost)
    sut.clock.increment(60_000)
    await flush()
    expect(sut.actor.getSnapshot().value).toEqual({ failed: "other" })
    expect(sut.api.isWaiting("createAppointment")).toBe(false)
    const sent = sut.api.calls.filter((c) => c.name === "createAppointment").map((c) => c.input)
    expect(sent).toHaveLength(3)
    expect(new Set(sent.map((input) => JSON.stringify(input))).size).toBe(1)
    expect(sut.effects).toContain("log:NETWORK_ERROR")
  })
})

describe("booking wizard through an outage (issue 37)", () => {
  it("sends the same booking again after each 503's Retry-After (capped at 5 s), then says Promed is briefly unavailable, the review kept", async () => {
    const sut = await confirmedOnce()
    const sentCount = () => sut.api.calls.filter((c) => c.name === "createAppointment").length
    // Each 503 is sent again after its Retry-After, not a moment sooner; a gateway asking for a minute
    // is asked again after 5 s (the patient is waiting).
    for (const [asked, waited, sentBefore] of [
      [3, 3_000, 1],
      [60, 5_000, 2],
    ] as const) {
      await sut.api.reject("createAppointment", { code: "SERVER_ERROR", message: "briefly unavailable", status: 503, retryAfterSeconds: asked })
      sut.clock.increment(waited - 1)
      await flush()
      expect(sentCount()).toBe(sentBefore)
      sut.clock.increment(1)
      await flush()
      expect(sentCount()).toBe(sentBefore + 1)
    }
    await sut.api.reject("createAppointment", { code: "SERVER_ERROR", message: "briefly unavailable", status: 503, retryAfterSeconds: 2 })
    sut.clock.increment(60_000)
    await flush()
    expect(sut.actor.getSnapshot().value).toEqual({ failed: "unavailable" })
    expect(sentCount()).toBe(3)
    const sent = sut.api.calls.filter((c) => c.name === "createAppointment").map((c) => JSON.stringify(c.input))
    expect(new Set(sent).size).toBe(1)
    expect(sut.actor.getSnapshot().context.details.reason).toBe("Toux")
    expect(sut.actor.getSnapshot().context.slot?.id).toBe(FREE.id)
  })

  it("a 500 (a bug, not an outage) is not retried on its own", async () => {
    const sut = await confirmedOnce()
    await sut.api.reject("createAppointment", { code: "SERVER_ERROR", message: "Internal error" })
    sut.clock.increment(60_000)
    await flush()
    expect(sut.actor.getSnapshot().value).toEqual({ failed: "other" })
    expect(sut.api.calls.filter((c) => c.name === "createAppointment")).toHaveLength(1)
  })
})

describe("booking wizard rules", () => {
  it("refuses ONLINE as coming soon and HOME without an address, with the messages of SPEC §5", () => {
    const details = { forWhom: SELF, reason: "Toux", appointmentType: "ONLINE" as const }
    expect(detailsErrors(details, true)).toEqual([{ name: "appointmentType", message: "validation.onlineComingSoon" }])
    expect(detailsErrors({ ...details, appointmentType: "HOME" }, false)).toEqual([{ name: "appointmentType", message: "validation.homeAddressRequired" }])
    expect(detailsErrors({ forWhom: "", reason: " ", appointmentType: "" }, true).map((e) => e.message)).toEqual([
      "validation.patientRequired",
      "validation.reasonRequired",
      "validation.typeRequired",
    ])
  })

  it("starts on an AVAILABLE slot chosen in the availability list, never on a taken one", () => {
    const input = { doctorId: testIds.doctor("d"), patientId: testIds.patient("p"), homeAvailable: true, origin: "availability" as const }
    expect(createActor(bookingWizardMachine, { input: { ...input, initialSlot: FREE } }).getSnapshot().context.slot).toBe(FREE)
    expect(createActor(bookingWizardMachine, { input: { ...input, initialSlot: TAKEN } }).getSnapshot().context.slot).toBeNull()
  })

  it("books for the patient themself with no dependant", () => {
    const request = bookingRequestOf(
      { doctorId: testIds.doctor("d"), patientId: testIds.patient("p"), details: { forWhom: SELF, reason: "Toux", appointmentType: "CLINIC" } },
      FREE,
    )
    expect(request).toMatchObject({ patientId: testIds.patient("p"), dependantId: null })
  })

  it("sends the slot's instant, a trimmed reason and the dependant", () => {
    const request = bookingRequestOf(
      { doctorId: testIds.doctor("d"), patientId: testIds.patient("p"), details: { forWhom: DEPENDANT, reason: "  Fièvre  ", appointmentType: "CLINIC" } },
      FREE,
    )
    expect(request).toEqual({
      doctorId: testIds.doctor("d"),
      patientId: testIds.patient("p"),
      dependantId: DEPENDANT,
      timeSlotId: FREE.id,
      appointmentTime: "2026-11-24T09:30:00Z",
      appointmentType: "CLINIC",
      healthcareFacilityId: "f1",
      reason: "Fièvre",
    })
  })

  it("keeps the Idempotency-Key for the same booking and makes a new one for another (issue 13)", () => {
    const context = {
      doctorId: testIds.doctor("d"),
      patientId: testIds.patient("p"),
      details: { forWhom: SELF, reason: "Fièvre", appointmentType: "CLINIC" as const },
      request: null,
      deposit: null,
    }
    const first = keyedRequestOf(context, FREE)
    expect(first.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(keyedRequestOf({ ...context, request: first }, FREE)).toBe(first)
    const other = keyedRequestOf({ ...context, request: first, details: { ...context.details, reason: "Toux" } }, FREE)
    expect(other.idempotencyKey).not.toBe(first.idempotencyKey)
  })
})
