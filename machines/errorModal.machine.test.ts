import { afterAll, describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { errorModalMachine } from "./errorModal.machine.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { errorModalOracle, type ErrorModalView } from "./errorModal.oracle.ts"
import { enabledOf } from "./testing/enabled.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedBy } from "./testing/specOracle.ts"

const EVENTS = [
  { type: "errorModal.show", error: { code: "TIME_SLOT_ALREADY_BOOKED", message: "Slot taken" } },
  { type: "errorModal.show", error: { code: "VALIDATION_ERROR", message: "Bad", fields: [{ name: "email", message: "validation.emailInvalid" }] } },
  { type: "errorModal.show", error: { code: "SESSION_EXPIRED", message: "Expired" } },
  { type: "errorModal.close" },
] as const

const coverage = trackCoverage("errorModal", errorModalMachine)

describe("error modal machine (model-based)", () => {
  const model = createFlowModel(errorModalMachine, {
    events: EVENTS,
    serializeState: (s) => JSON.stringify([s.value, s.context.error?.code ?? null]),
  })

  for (const { name, test } of modelPaths(model)) {
    it(name, async () => {
      const ended: string[] = []
      const actor = createActor(errorModalMachine.provide({ actions: { endSession: (_, params) => ended.push(params.code) } }), {
        inspect: coverage.inspect,
      }).start()
      coverage.pathRan()
      const observe = (): ErrorModalView => {
        const snapshot = actor.getSnapshot()
        const open = snapshot.matches("open")
        return { open, shown: open ? snapshot.context.error : null, sessionEnded: [...ended], enabled: enabledOf(snapshot, EVENTS) }
      }
      await test(
        judgedBy({ ...errorModalOracle, observe }, () => undefined, {
          events: {
            "errorModal.show": ({ event }) => actor.send(event as never),
            "errorModal.close": ({ event }) => actor.send(event as never),
          },
        }),
      )
    })
  }

  it("knows every session code of SPEC §8 and no other", () => {
    // Each session code ends the session; a code next to them in the catalogue opens the modal.
    for (const code of [
      "EXPIRED_JWT_TOKEN",
      "INVALID_JWT_SIGNATURE",
      "JWT_TOKEN_REVOKED",
      "INVALID_REFRESH_TOKEN",
      "INVALID_SESSION",
      "UNAUTHORIZED",
      "ROLE_NOT_MATCH",
    ]) {
      const ended: string[] = []
      const actor = createActor(errorModalMachine.provide({ actions: { endSession: (_, params) => ended.push(params.code) } })).start()
      actor.send({ type: "errorModal.show", error: { code, message: code } as never })
      const expected = errorModalOracle.after(errorModalOracle.initial, { type: "errorModal.show", error: { code, message: code } })
      const open = actor.getSnapshot().matches("open")
      expect({ open, shown: open ? actor.getSnapshot().context.error : null, sessionEnded: ended, enabled: enabledOf(actor.getSnapshot(), EVENTS) }).toEqual(
        expected,
      )
    }
  })

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
