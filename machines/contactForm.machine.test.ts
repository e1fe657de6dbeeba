import { afterAll, describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { contactFormErrors, contactFormMachine, contactMessageOf, EMPTY_CONTACT, type ContactFormValues } from "./contactForm.machine.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { contactFormOracle, type ContactView } from "./contactForm.oracle.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedBy, refusalsOf } from "./testing/specOracle.ts"

const valid: ContactFormValues = {
  firstName: "Fatou",
  lastName: "Sarr",
  role: "PATIENT",
  email: "fatou@example.sn",
  phone: "",
  message: "Bonjour, je voudrais des informations.",
}
const serverRefusal = { code: "VALIDATION_ERROR", message: "bad", fields: [{ name: "data.context.email", message: "validation.emailInvalid" }] }
const networkFailure = { code: "NETWORK_ERROR", message: "offline" }

const EVENTS = [
  { type: "contact.change", values: valid },
  { type: "contact.change", values: { email: "fatou@" } },
  { type: "contact.change", values: { phone: "77 123" } },
  { type: "contact.submit" },
  { type: "xstate.done.actor.sendMessage", output: { id: "m-1", status: "SENT" } },
  { type: "xstate.error.actor.sendMessage", error: serverRefusal },
  { type: "xstate.error.actor.sendMessage", error: networkFailure },
] as const

const coverage = trackCoverage("contactForm", contactFormMachine)

describe("contact form machine (model-based)", () => {
  const model = createFlowModel(contactFormMachine, {
    events: EVENTS as never,
    serializeState: (s) => JSON.stringify([s.value, s.context.values, Object.keys(s.context.errors).sort()]),
  })

  for (const { name, test } of modelPaths(model)) {
    it(name, async () => {
      const api = deferredActors(["sendMessage"] as const)
      const toasts: string[] = []
      const actor = createActor(
        contactFormMachine.provide({
          actors: api.actors as never,
          actions: { notifySent: () => toasts.push("sent"), notifyFailed: () => toasts.push("failed") },
        }),
        { inspect: coverage.inspect },
      ).start()
      coverage.pathRan()
      const observe = (): ContactView => {
        const snapshot = actor.getSnapshot()
        return {
          screen: snapshot.matches("sending") ? "sending" : "form",
          values: { ...snapshot.context.values },
          errorsRevealed: snapshot.matches({ editing: "checked" }),
          fieldErrors: Object.keys(snapshot.context.errors).sort(),
          sent: api.calls.map((c) => c.input),
          toasts: [...toasts],
        }
      }
      await test(
        judgedBy(
          { ...contactFormOracle, observe },
          () => undefined,
          {
            states: { sending: () => expect(api.isWaiting("sendMessage")).toBe(true) },
            events: {
              "contact.change": ({ event }) => actor.send(event as never),
              "contact.submit": async () => {
                actor.send({ type: "contact.submit" })
                await flush()
              },
              "xstate.done.actor.sendMessage": ({ event }) => api.resolve("sendMessage", (event as unknown as { output: unknown }).output),
              "xstate.error.actor.sendMessage": ({ event }) => api.reject("sendMessage", (event as unknown as { error: unknown }).error),
            },
          },
          refusalsOf(actor, EVENTS),
        ),
      )
    })
  }

  it("checks the bounds of SPEC §5", () => {
    expect(contactFormErrors(valid)).toEqual({})
    expect(contactFormErrors(EMPTY_CONTACT)).toEqual({
      firstName: "validation.contactFirstNameRequired",
      lastName: "validation.contactLastNameRequired",
      role: "validation.invalid",
      email: "validation.emailRequired",
      message: "validation.contactMessageRequired",
    })
    expect(contactFormErrors({ ...valid, firstName: "F", lastName: "x".repeat(21), phone: "12a", message: "Court" })).toEqual({
      firstName: "validation.contactFirstNameMin",
      lastName: "validation.contactLastNameMax",
      phone: "validation.phoneInvalid",
      message: "validation.contactMessageMin",
    })
    expect(contactMessageOf({ ...valid, phone: "  " })).not.toHaveProperty("phone")
    expect(contactMessageOf({ ...valid, phone: " +221771234567 " })).toHaveProperty("phone", "+221771234567")
    expect(contactFormErrors({ ...valid, phone: "771234567" })).toEqual({ phone: "validation.phoneInvalid" })
  })

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
