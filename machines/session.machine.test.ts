import { afterAll, describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { sessionViewOf, statusOfView, type SessionState } from "../src/session/sessionView.ts"
import { sessionMachine, type SessionInput } from "./session.machine.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { sessionOracle, type SessionPhase, type SessionView } from "./session.oracle.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedBy, refusalsOf } from "./testing/specOracle.ts"
import { patientUser, validSession } from "./testing/fixtures.ts"

const sessionError = { code: "INVALID_SESSION", message: "Invalid session" }
const networkError = { code: "NETWORK_ERROR", message: "Cannot connect" }

const EVENTS = [
  { type: "xstate.done.actor.validateSession", output: validSession },
  { type: "xstate.error.actor.validateSession", error: sessionError },
  { type: "xstate.error.actor.validateSession", error: networkError },
  // A rejection that carries no code (a bug, not an answer) is taken for a refusal: signed out.
  { type: "xstate.error.actor.validateSession", error: new Error("unexpected") },
  { type: "xstate.done.actor.fetchSession", output: patientUser },
  { type: "xstate.error.actor.fetchSession", error: sessionError },
  { type: "xstate.error.actor.fetchSession", error: networkError },
  { type: "xstate.error.actor.fetchSession", error: new Error("unexpected") },
  { type: "xstate.done.actor.refreshSession", output: { ...patientUser, firstName: "Awa-Marie" } },
  { type: "xstate.error.actor.refreshSession", error: sessionError },
  { type: "xstate.done.actor.logout", output: undefined },
  { type: "xstate.error.actor.logout", error: sessionError },
  { type: "session.refresh" },
  { type: "session.logout" },
  { type: "session.expired", code: "SESSION_EXPIRED" },
  { type: "session.setLanguage", language: "ar" },
  { type: "session.retry" },
  { type: "session.join", token: "joined-token-0123456789abcdef" },
] as const

const coverage = trackCoverage("session", sessionMachine)

/** A real session actor whose API calls and browser effects are recorded and decided by the test. */
function startSessionActor(input: SessionInput) {
  const api = deferredActors(["validateSession", "fetchSession", "logout"] as const)
  const effects: string[] = []
  const actor = createActor(
    sessionMachine.provide({
      actors: api.actors as never,
      actions: {
        persistToken: (_, params) => effects.push(`persist:${params.token}`),
        stripAddress: () => effects.push("strip"),
        forgetToken: () => effects.push("forget"),
        applyLanguage: (_, params) => effects.push(`language:${params.language}`),
      },
    }),
    { input, inspect: coverage.inspect },
  ).start()
  return { actor, api, effects }
}

type Sut = ReturnType<typeof startSessionActor>

/**
 * What the app sees of the session: phase and status, token, user and language as the app reads
 * them (src/session/sessionView.ts, which the layout, the guards and the API client read), and the
 * calls and browser effects. Only the two checking steps are told apart from the machine itself:
 * the app shows both as one.
 */
function observe(sut: Sut): SessionView {
  const snapshot = sut.actor.getSnapshot()
  const { context } = snapshot
  const view = sessionViewOf(snapshot)
  const phases: Record<Exclude<SessionState, "checking">, SessionPhase> = {
    unavailable: "retryPanel",
    signedIn: "signedIn",
    loggingOut: "signingOut",
    signedOut: "signedOut",
  }
  return {
    phase: view.state === "checking" ? (snapshot.matches("loading") ? "loading" : "validating") : phases[view.state],
    status: statusOfView(view),
    token: view.sessionToken ?? view.pendingToken,
    sessionId: context.sessionId,
    expiresAt: context.expiresAt,
    userFirstName: view.user?.firstName ?? null,
    refreshing: snapshot.matches({ signedIn: "refreshing" }),
    error: context.error?.code ?? null,
    language: view.language,
    requests: sut.api.calls.map((c) => ({ name: c.name, input: c.input })),
    effects: [...sut.effects],
  }
}

function runPaths(label: string, input: SessionInput) {
  const model = createFlowModel(sessionMachine, {
    input,
    events: EVENTS as never,
    serializeState: (s) => JSON.stringify([s.value, s.context.language, s.context.user?.firstName ?? null]),
  })
  describe(label, () => {
    for (const { name, test } of modelPaths(model)) {
      it(name, async () => {
        const sut: Sut = startSessionActor(input)
        coverage.pathRan()
        await test(
          judgedBy(
            { ...sessionOracle(input), observe },
            () => sut,
            {
              events: {
                "xstate.done.actor.validateSession": ({ event }) => sut.api.resolve("validateSession", event.output),
                "xstate.error.actor.validateSession": ({ event }) => sut.api.reject("validateSession", event.error),
                "xstate.done.actor.fetchSession": ({ event }) => sut.api.resolve("fetchSession", event.output),
                "xstate.error.actor.fetchSession": ({ event }) => sut.api.reject("fetchSession", event.error),
                "xstate.done.actor.refreshSession": ({ event }) => sut.api.resolve("fetchSession", event.output),
                "xstate.error.actor.refreshSession": ({ event }) => sut.api.reject("fetchSession", event.error),
                "xstate.done.actor.logout": () => sut.api.resolve("logout", undefined),
                "xstate.error.actor.logout": ({ event }) => sut.api.reject("logout", event.error),
                "session.refresh": async () => {
                  sut.actor.send({ type: "session.refresh" })
                  await flush()
                },
                "session.logout": async () => {
                  sut.actor.send({ type: "session.logout" })
                  await flush()
                },
                "session.expired": async ({ event }) => {
                  sut.actor.send(event as never)
                  await flush()
                },
                "session.join": async ({ event }) => {
                  sut.actor.send(event as never)
                  await flush()
                },
                "session.retry": async () => {
                  sut.actor.send({ type: "session.retry" })
                  await flush()
                },
                "session.setLanguage": async ({ event }) => {
                  sut.actor.send(event as never)
                  await flush()
                },
              },
            },
            refusalsOf(sut.actor, EVENTS),
          ),
        )
      })
    }
  })
}

describe("session machine (model-based)", () => {
  runPaths("arriving from the login site with a token", {
    urlToken: "url-token-0123456789abcdef",
    storedToken: null,
    arrivedFromLogin: true,
    language: "fr",
  })
  runPaths("reloading a tab that kept its token", {
    urlToken: null,
    storedToken: "stored-token-0123456789abcdef",
    arrivedFromLogin: false,
    language: "en",
  })
  runPaths("a visitor without a token", { urlToken: null, storedToken: null, arrivedFromLogin: false, language: "fr" })

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
