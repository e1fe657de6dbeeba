import { afterAll, describe, expect, it } from "vitest"
import { createActor } from "xstate"
import {
  doctorRequestFormErrors,
  doctorRequestFormMachine,
  doctorRequestOf,
  EMPTY_DOCTOR_REQUEST,
  type DoctorRequestFormValues,
} from "./doctorRequestForm.machine.ts"
import { doctorRequestFormOracle, type DoctorRequestView } from "./doctorRequestForm.oracle.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedBy, refusalsOf } from "./testing/specOracle.ts"

const valid: DoctorRequestFormValues = {
  firstName: "Ibrahima",
  lastName: "Fall",
  email: "ibrahima.fall@example.sn",
  phoneNumber: "+221771234567",
  specialtyCode: "CARDIOLOGY",
  refNumber: "SN-ORD-7788",
  facilityId: "",
  message: "",
  acceptTerms: true,
}
const duplicate = { code: "DUPLICATE_ENTRY", message: "pending", fields: [{ name: "email", message: "doctorRequest.pendingEmail" }] }
const networkFailure = { code: "NETWORK_ERROR", message: "offline" }

const EVENTS = [
  { type: "doctorRequest.change", values: valid },
  { type: "doctorRequest.change", values: { email: "ibrahima@" } },
  { type: "doctorRequest.change", values: { phoneNumber: "77 123 45 67" } },
  { type: "doctorRequest.change", values: { acceptTerms: false } },
  { type: "doctorRequest.submit" },
  { type: "xstate.done.actor.sendRequest", output: { id: "r-1", status: "PENDING" } },
  { type: "xstate.error.actor.sendRequest", error: duplicate },
  { type: "xstate.error.actor.sendRequest", error: networkFailure },
] as const

const coverage = trackCoverage("doctorRequestForm", doctorRequestFormMachine)

describe("doctor request form machine (model-based)", () => {
  const model = createFlowModel(doctorRequestFormMachine, {
    events: EVENTS as never,
    serializeState: (s) => JSON.stringify([s.value, s.context.values, Object.keys(s.context.errors).sort()]),
  })

  for (const { name, test } of modelPaths(model)) {
    it(name, async () => {
      const api = deferredActors(["sendRequest"] as const)
      const toasts: string[] = []
      const actor = createActor(
        doctorRequestFormMachine.provide({
          actors: api.actors as never,
          actions: { notifyFailed: (_, { error }) => toasts.push(error.code) },
        }),
        { inspect: coverage.inspect },
      ).start()
      coverage.pathRan()
      const observe = (): DoctorRequestView => {
        const snapshot = actor.getSnapshot()
        return {
          screen: snapshot.matches("sending") ? "sending" : snapshot.matches("sent") ? "sent" : "form",
          values: { ...snapshot.context.values },
          errorsRevealed: snapshot.matches({ editing: "checked" }),
          fieldErrors: Object.keys(snapshot.context.errors).sort(),
          sent: api.calls.map((c) => c.input),
          toasts: [...toasts],
        }
      }
      await test(
        judgedBy(
          { ...doctorRequestFormOracle, observe },
          () => undefined,
          {
            states: { sending: () => expect(api.isWaiting("sendRequest")).toBe(true) },
            events: {
              "doctorRequest.change": ({ event }) => actor.send(event as never),
              "doctorRequest.submit": async () => {
                actor.send({ type: "doctorRequest.submit" })
                await flush()
              },
              "xstate.done.actor.sendRequest": ({ event }) => api.resolve("sendRequest", (event as unknown as { output: unknown }).output),
              "xstate.error.actor.sendRequest": ({ event }) => api.reject("sendRequest", (event as unknown as { error: unknown }).error),
            },
          },
          refusalsOf(actor, EVENTS),
        ),
      )
    })
  }

  it("checks the fields with the shared schema, and sends the phone in E.164 without empty optional fields", () => {
    expect(doctorRequestFormErrors(valid)).toEqual({})
    expect(doctorRequestFormErrors(EMPTY_DOCTOR_REQUEST)).toEqual({
      firstName: "validation.firstNameRequired",
      lastName: "validation.lastNameRequired",
      email: "validation.emailRequired",
      phoneNumber: "validation.phoneRequired",
      specialtyCode: "validation.invalid",
      refNumber: "validation.refNumberRequired",
      acceptTerms: "validation.termsRequired",
    })
    expect(doctorRequestFormErrors({ ...valid, message: "x".repeat(501), firstName: "A\u0000" })).toEqual({
      firstName: "validation.controlCharacters",
      message: "validation.tooLong",
    })
    expect(doctorRequestOf({ ...valid, phoneNumber: "77 123 45 67", message: "  " })).toEqual({
      firstName: "Ibrahima",
      lastName: "Fall",
      email: "ibrahima.fall@example.sn",
      phoneNumber: "+221771234567",
      specialtyCode: "CARDIOLOGY",
      refNumber: "SN-ORD-7788",
      acceptTerms: true,
    })
    // A facility chosen goes with the request (optional in the gateway's contract).
    const facilityId = "3f2a0000-0000-4000-8000-0000000000ff"
    expect(doctorRequestOf({ ...valid, facilityId })).toMatchObject({ facilityId })
  })

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
