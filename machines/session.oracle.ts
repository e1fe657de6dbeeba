import type { AnyEventObject } from "xstate"
import { failureCode } from "./testing/specOracle.ts"
import { SPEC_SESSION_CODES } from "./testing/specSessionCodes.ts"

/**
 * The session as SPEC describes it (§2 session and guards: a loading screen while the session is
 * checked, a signed-out experience when it is invalid; §4 session: token and language read from
 * the address, the token saved for the tab and removed from the address bar, then validated; on
 * success VALID_SESSION with sessionId and expiresAt and the session loaded; on failure all cleared,
 * INVALID_SESSION and the error kept; logout ends the session; §7 POST /validate-session, GET
 * /session, GET /logout; §8 session codes ask to sign in again), written apart from the machine.
 */

export type SessionPhase = "validating" | "loading" | "retryPanel" | "signedIn" | "signingOut" | "signedOut"

export interface SessionView {
  readonly phase: SessionPhase
  /** The status the guards read: null while it is not known yet. */
  readonly status: "VALID_SESSION" | "INVALID_SESSION" | null
  /** The token the tab keeps, or null once forgotten. */
  readonly token: string | null
  readonly sessionId: string | null
  readonly expiresAt: string | null
  readonly userFirstName: string | null
  readonly refreshing: boolean
  readonly error: string | null
  readonly language: string
  readonly requests: ReadonlyArray<{ readonly name: string; readonly input: unknown }>
  readonly effects: ReadonlyArray<string>
}

export interface SessionSetting {
  readonly urlToken: string | null
  readonly storedToken: string | null
  readonly language: string
}

const codeOf = (event: AnyEventObject) => failureCode(event, "INVALID_SESSION")

export function sessionOracle(setting: SessionSetting) {
  const call = (view: SessionView, name: string) => [...view.requests, { name, input: { token: view.token } }]
  const effect = (view: SessionView, name: string) => [...view.effects, name]

  /** Signed out: the session and its token are forgotten (SPEC §4: 'those are cleared'). */
  const signedOut = (view: SessionView, error: string | null): SessionView => ({
    ...view,
    phase: "signedOut",
    status: "INVALID_SESSION",
    token: null,
    sessionId: null,
    expiresAt: null,
    userFirstName: null,
    refreshing: false,
    error,
    effects: effect(view, "forget"),
  })
  /**
   * SPEC is silent on a gateway that does not answer: a mobile user on a bad line expects a retry,
   * not to be signed out, so the token is kept and a retry panel shows.
   */
  const unreachable = (view: SessionView, error: string): SessionView => ({ ...view, phase: "retryPanel", status: null, error })

  const token = setting.urlToken ?? setting.storedToken
  const start: SessionView = {
    phase: "validating",
    status: null,
    token,
    sessionId: null,
    expiresAt: null,
    userFirstName: null,
    refreshing: false,
    error: null,
    language: setting.language,
    requests: [],
    // The address is cleaned first, whatever it held.
    effects: ["strip"],
  }
  const initial: SessionView = token
    ? { ...start, requests: call(start, "validateSession"), effects: [...start.effects, `persist:${token}`] }
    : signedOut(start, null)

  function after(view: SessionView, event: AnyEventObject): SessionView {
    if (event.type === "session.setLanguage") {
      const language = event.language as string
      return { ...view, language, effects: effect(view, `language:${language}`) }
    }
    const refused = () => SPEC_SESSION_CODES.has(codeOf(event))
    switch (`${view.phase} ${event.type}`) {
      case "validating xstate.done.actor.validateSession": {
        const { sessionId, expiresAt } = event.output as { sessionId: string; expiresAt: string }
        const next = { ...view, phase: "loading" as const, sessionId, expiresAt, error: null }
        return { ...next, requests: call(next, "fetchSession") }
      }
      case "validating xstate.error.actor.validateSession":
      case "loading xstate.error.actor.fetchSession":
        return refused() ? signedOut(view, codeOf(event)) : unreachable(view, codeOf(event))
      case "loading xstate.done.actor.fetchSession":
        return { ...view, phase: "signedIn", status: "VALID_SESSION", userFirstName: (event.output as { firstName: string }).firstName }
      case "retryPanel session.retry":
        return { ...view, phase: "validating", requests: call(view, "validateSession") }
      case "retryPanel session.logout":
        // Going on as a visitor: there is no server to tell.
        return signedOut(view, view.error)
      case "signedIn session.refresh":
        return view.refreshing ? view : { ...view, refreshing: true, requests: call(view, "fetchSession") }
      case "signedIn xstate.done.actor.refreshSession":
        return view.refreshing ? { ...view, refreshing: false, userFirstName: (event.output as { firstName: string }).firstName } : view
      case "signedIn xstate.error.actor.refreshSession":
        // A failed refresh keeps the user shown; a dead session is announced on its own.
        return view.refreshing ? { ...view, refreshing: false } : view
      case "signedIn session.expired":
        return signedOut(view, event.code as string)
      case "signedIn session.logout":
        return { ...view, phase: "signingOut", refreshing: false, requests: call(view, "logout") }
      case "signingOut xstate.done.actor.logout":
      case "signingOut xstate.error.actor.logout":
        // Logout ends the session here whatever the server answers.
        return signedOut(view, view.error)
      case "signedOut session.join": {
        // Issue 11: a new tab joins the live session of another tab of the same browser; its
        // token is kept for this tab and checked as any other (SPEC §4).
        const token = event.token as string
        const next = { ...view, phase: "validating" as const, status: null, token }
        return { ...next, requests: call(next, "validateSession"), effects: effect(next, `persist:${token}`) }
      }
      default:
        return view
    }
  }

  return { initial, after }
}
