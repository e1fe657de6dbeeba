import type { SnapshotFrom } from "xstate"
import type { Language, sessionMachine } from "../../machines/session.machine.ts"
import type { SessionResponse, SessionStatus } from "../../schemas/session.ts"

/**
 * Where the session stands, as the app reads it: the session machine's top-level state, with its
 * two checking steps (validating the token, loading the user) as one.
 */
export type SessionState = "checking" | "unavailable" | "signedIn" | "loggingOut" | "signedOut"

/** What the app reads of the session (src/session/sessionHandle.ts): no XState needed to read it. */
export interface SessionView {
  readonly state: SessionState
  readonly user: SessionResponse | null
  readonly language: Language
  /** The validated token, sent with every call. */
  readonly sessionToken: string | null
  /** A token not validated yet, or kept while the gateway cannot be reached. */
  readonly pendingToken: string | null
}

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

const STATE_OF: Record<string, SessionState> = {
  reading: "checking",
  validating: "checking",
  loading: "checking",
  unavailable: "unavailable",
  signedIn: "signedIn",
  loggingOut: "loggingOut",
  signedOut: "signedOut",
}

export function sessionViewOf(snapshot: SessionSnapshot): SessionView {
  const { value, context } = snapshot
  const top = typeof value === "string" ? value : Object.keys(value)[0]!
  return {
    state: STATE_OF[top] ?? "checking",
    user: context.user,
    language: context.language,
    sessionToken: context.sessionToken,
    pendingToken: context.pendingToken,
  }
}

/** A visitor's session: what the machine starts in for a tab with no token and nothing to strip from its address. */
export const visitorView = (language: Language): SessionView => ({ state: "signedOut", user: null, language, sessionToken: null, pendingToken: null })

/** While the session's code downloads for a tab that has a token or an address to read. */
export const loadingView = (language: Language): SessionView => ({ ...visitorView(language), state: "checking" })

/** SPEC §4's status: VALID_SESSION, INVALID_SESSION, or null while it is being checked or cannot be. */
export function statusOfView(view: SessionView): SessionStatus | null {
  if (view.state === "checking" || view.state === "unavailable") return null
  return view.state === "signedOut" ? "INVALID_SESSION" : "VALID_SESSION"
}

/** The signed-in user, while the session is valid (signing out included). */
export const validUserOf = (view: SessionView): SessionResponse | null => (view.state === "signedIn" || view.state === "loggingOut" ? view.user : null)
