import { createActor, waitFor, type Snapshot } from "xstate"
import { ussdBookingMachine } from "../../machines/ussdBooking.machine.ts"
import type { Db } from "../db/client.ts"
import { log } from "../observability/log.ts"
import { callerNumber, findCaller } from "./caller.ts"
import { ussdActors, type UssdDeps } from "./gatewayActors.ts"
import { ussdEndText, ussdPage } from "./screens.ts"
import { loadUssdSession, saveUssdSession } from "./sessions.ts"

/** What an aggregator posts for each step of a session (Africa's Talking's form fields). */
export interface UssdRequest {
  readonly sessionId: string
  readonly phoneNumber: string
  /** Every input of the session so far, joined by `*`; empty on the first request. */
  readonly text: string
}

/** A read or write that takes longer than this ends the session (networks drop a silent one after a few seconds). */
const STEP_TIMEOUT_MS = 8_000

/**
 * Answers one step of a USSD session: the caller's menu is restored from its kept snapshot (or
 * started), given the step's input, run until its next screen or its end, and kept again under the
 * session id, so that whichever gateway gets the next step goes on from there. A step sent again
 * (the same inputs) gets the same page and runs nothing twice.
 */
export async function answerUssd(deps: Omit<UssdDeps, "caller"> & { readonly db: Db }, request: UssdRequest, now = new Date()): Promise<string> {
  const phoneNumber = callerNumber(request.phoneNumber)
  if (!phoneNumber || request.sessionId === "") return `END ${ussdEndText("fr", "unavailable")}`
  const inputs = request.text === "" ? [] : request.text.split("*")
  const caller = await findCaller(deps.db, phoneNumber)
  const stored = await loadUssdSession(deps.db, request.sessionId, now)
  if (stored && stored.phoneNumber !== phoneNumber) return `END ${ussdEndText(caller.language, "unavailable")}`
  if (stored && inputs.length <= stored.steps) return stored.page
  // A session we do not know (lapsed, or begun elsewhere before a restart) cannot go on mid-way.
  if (!stored && inputs.length > 0) return `END ${ussdEndText(caller.language, "expired")}`

  const logic = ussdBookingMachine.provide({ actors: ussdActors({ ...deps, caller }) })
  const input = { language: caller.language, country: caller.country, hasAccount: caller.account !== null }
  const actor = stored ? createActor(logic, { input, snapshot: stored.snapshot as Snapshot<unknown> }) : createActor(logic, { input })
  actor.start()
  try {
    if (stored && actor.getSnapshot().status === "done") return stored.page
    if (stored) {
      // One input a request: more than one new means we missed a step; the last is the caller's answer to the page they saw.
      if (inputs.length !== stored.steps + 1) return `END ${ussdEndText(caller.language, "expired")}`
      actor.send({ type: "ussd.input", value: inputs.at(-1)! })
    }
    const snapshot = await waitFor(actor, (s) => s.status === "done" || s.hasTag("screen"), { timeout: STEP_TIMEOUT_MS })
    const page = ussdPage(snapshot)
    const saved = await saveUssdSession(
      deps.db,
      { sessionId: request.sessionId, phoneNumber, snapshot: actor.getPersistedSnapshot(), steps: inputs.length, page },
      stored?.steps ?? null,
      now,
    )
    if (!saved) return (await loadUssdSession(deps.db, request.sessionId, now))?.page ?? page
    return page
  } catch (error) {
    log.warn({ error: error instanceof Error ? error.name : "unknown" }, "a USSD step failed")
    return `END ${ussdEndText(caller.language, "unavailable")}`
  } finally {
    actor.stop()
  }
}
