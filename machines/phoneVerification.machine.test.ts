import { afterAll, describe, expect, it } from "vitest"
import { createActor, SimulatedClock } from "xstate"
import { phoneVerificationMachine, type PhoneVerificationInput } from "./phoneVerification.machine.ts"
import { phoneVerificationOracle, type PhoneScreen, type PhoneSetting, type PhoneVerificationView } from "./phoneVerification.oracle.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { enabledOf } from "./testing/enabled.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedBy, refusalsOf } from "./testing/specOracle.ts"

const RESEND_WAIT = "xstate.after.resendDelay.phoneVerification.codeSent.resend.waiting"
const refusal = (message: string, extra: Array<{ name: string; message: string }> = []) => ({
  code: "BUSINESS_ERROR",
  message,
  fields: [{ name: "code", message }, ...extra],
})

const EVENTS = [
  { type: "phoneVerification.send" },
  { type: "phoneVerification.type", code: "12 34" },
  { type: "phoneVerification.type", code: "123456" },
  { type: "phoneVerification.submit" },
  { type: "phoneVerification.resend" },
  { type: RESEND_WAIT },
  { type: "xstate.done.actor.sendCode", output: { phoneNumber: "+221771234567", expiresAt: "2026-12-03T10:10:00Z", resendAfterSeconds: 60 } },
  { type: "xstate.error.actor.sendCode", error: refusal("patientProfile.phoneVerification.codeResendWait") },
  { type: "xstate.error.actor.sendCode", error: refusal("patientProfile.phoneVerification.alreadyVerified") },
  { type: "xstate.error.actor.sendCode", error: { code: "NETWORK_ERROR", message: "Offline" } },
  { type: "xstate.done.actor.confirmCode", output: { phoneVerified: true } },
  { type: "xstate.error.actor.confirmCode", error: refusal("patientProfile.phoneVerification.codeWrong", [{ name: "triesLeft", message: "4" }]) },
  { type: "xstate.error.actor.confirmCode", error: refusal("patientProfile.phoneVerification.codeTriesOver") },
  { type: "xstate.error.actor.confirmCode", error: refusal("patientProfile.phoneVerification.codeExpired") },
  { type: "xstate.error.actor.confirmCode", error: { code: "NETWORK_ERROR", message: "Offline" } },
] as const

const SCREENS: Array<[unknown, PhoneScreen]> = [
  ["noPhone", "noPhone"],
  ["unverified", "notVerified"],
  ["sending", "sending"],
  [{ codeSent: { entry: "typing" } }, "code"],
  [{ codeSent: { entry: "confirming" } }, "checking"],
  [{ codeSent: { entry: "dead" } }, "deadCode"],
  ["verified", "verified"],
]

const coverage = trackCoverage("phoneVerification", phoneVerificationMachine)

function runPaths(label: string, setting: PhoneSetting) {
  const input: PhoneVerificationInput = {
    phoneNumber: setting.phoneNumber,
    verified: setting.verified,
    pending: setting.pending ? { resendWaitMs: 25_000 } : null,
  }
  const model = createFlowModel(phoneVerificationMachine, {
    input,
    events: EVENTS as never,
    serializeState: (s) => JSON.stringify([s.value, s.context.code, s.context.error?.fields?.[0]?.message ?? s.context.error?.code ?? null, s.context.hasCode]),
  })
  describe(label, () => {
    for (const { name, test } of modelPaths(model)) {
      it(name, async () => {
        const api = deferredActors(["sendCode", "confirmCode"] as const)
        const effects: string[] = []
        const clock = new SimulatedClock()
        const actor = createActor(
          phoneVerificationMachine.provide({ actors: api.actors as never, actions: { onVerified: () => void effects.push("verified") } }),
          { input, clock, inspect: coverage.inspect },
        ).start()
        coverage.pathRan()
        const observe = (): PhoneVerificationView => {
          const snapshot = actor.getSnapshot()
          const { context } = snapshot
          return {
            screen: SCREENS.find(([value]) => snapshot.matches(value as never))![1],
            code: context.code,
            failure: context.error ? (context.error.fields?.find((f) => f.name === "code")?.message ?? context.error.code) : null,
            triesLeft: context.triesLeft,
            canResend: snapshot.matches({ codeSent: { resend: "ready" } }),
            requests: api.calls.map((c) => (c.name === "sendCode" ? "send" : `confirm:${(c.input as { code: string }).code}`)),
            effects: [...effects],
            enabled: enabledOf(snapshot, EVENTS),
          }
        }
        await test(
          judgedBy(
            { ...phoneVerificationOracle(setting), observe },
            () => undefined,
            {
              states: { verified: () => expect(actor.getSnapshot().status).toBe("done") },
              events: {
                "phoneVerification.send": async () => {
                  actor.send({ type: "phoneVerification.send" })
                  await flush()
                },
                "phoneVerification.type": ({ event }) => actor.send(event as never),
                "phoneVerification.submit": async () => {
                  actor.send({ type: "phoneVerification.submit" })
                  await flush()
                },
                "phoneVerification.resend": async () => {
                  actor.send({ type: "phoneVerification.resend" })
                  await flush()
                },
                [RESEND_WAIT]: () => {
                  // "Send again" waits the whole wait, not a millisecond less.
                  const wait = actor.getSnapshot().context.resendWaitMs
                  if (wait > 0) {
                    clock.increment(wait - 1)
                    expect(actor.getSnapshot().matches({ codeSent: { resend: "waiting" } })).toBe(true)
                  }
                  clock.increment(1)
                },
                "xstate.done.actor.sendCode": ({ event }) => api.resolve("sendCode", event.output),
                "xstate.error.actor.sendCode": ({ event }) => api.reject("sendCode", event.error),
                "xstate.done.actor.confirmCode": ({ event }) => api.resolve("confirmCode", event.output),
                "xstate.error.actor.confirmCode": ({ event }) => api.reject("confirmCode", event.error),
              },
            },
            refusalsOf(actor, EVENTS),
          ),
        )
      })
    }
  })
}

describe("phone verification machine (model-based)", () => {
  runPaths("a number not verified yet", { phoneNumber: "+221771234567", verified: false, pending: false })
  runPaths("a code sent at sign-up", { phoneNumber: "+221771234567", verified: false, pending: true })
  runPaths("a verified number", { phoneNumber: "+221771234567", verified: true, pending: false })
  runPaths("no number", { phoneNumber: null, verified: false, pending: false })

  it("waits 60 s after a code before offering another, as the gateway answers", async () => {
    const api = deferredActors(["sendCode", "confirmCode"] as const)
    const clock = new SimulatedClock()
    const actor = createActor(phoneVerificationMachine.provide({ actors: api.actors as never }), {
      input: { phoneNumber: "+221771234567", verified: false, pending: null },
      clock,
    }).start()
    actor.send({ type: "phoneVerification.send" })
    await flush()
    await api.resolve("sendCode", { phoneNumber: "+221771234567", expiresAt: "2026-12-03T10:10:00Z", resendAfterSeconds: 60 })
    clock.increment(59_999)
    expect(actor.getSnapshot().can({ type: "phoneVerification.resend" })).toBe(false)
    clock.increment(1)
    expect(actor.getSnapshot().can({ type: "phoneVerification.resend" })).toBe(true)
  })

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
