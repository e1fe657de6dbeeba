import { assign, fromPromise, setup } from "xstate"
import { isSessionErrorCode, type ErrorCode } from "../schemas/errorCodes.ts"
import type { ApiErrorBody } from "../schemas/errors.ts"
import { errorBodyOf, type RejectionFallback } from "./shared/rejections.ts"
import type { SessionResponse, ValidateSessionResponse } from "../schemas/session.ts"

export type Language = "fr" | "en" | "ar"

export interface SessionInput {
  /** Token read from the address (`sessionToken`) on start, if any. */
  readonly urlToken: string | null
  /** Token kept in session storage from an earlier page of this tab, if any. */
  readonly storedToken: string | null
  /** The address carried `login` or `sessionToken`: the user just came back from the login site. */
  readonly arrivedFromLogin: boolean
  readonly language: Language
}

export interface SessionContext {
  sessionToken: string | null
  pendingToken: string | null
  sessionId: string | null
  expiresAt: string | null
  user: SessionResponse | null
  error: ApiErrorBody | null
  arrivedFromLogin: boolean
  language: Language
}

export type SessionEvent =
  | { type: "session.refresh" }
  | { type: "session.logout" }
  | { type: "session.expired"; code: ErrorCode }
  | { type: "session.setLanguage"; language: Language }
  | { type: "session.retry" }
  /** Another tab of this browser answered with its live session's token (src/session/tabSession.ts). */
  | { type: "session.join"; token: string }

/** A rejection of the session's calls that says nothing of itself is taken for a refusal. */
const NO_SESSION: RejectionFallback = { code: "INVALID_SESSION", message: "Invalid session" }
const sessionErrorOf = (rejection: unknown): ApiErrorBody => errorBodyOf(rejection, NO_SESSION)

/**
 * The session of SPEC §4: read token and language from the address, keep the token for this tab,
 * strip it from the address bar, validate, then load the user. VALID_SESSION is `signedIn`,
 * INVALID_SESSION is `signedOut`.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    validateSession: fromPromise<ValidateSessionResponse, { token: string }>(async () => {
      throw new Error("validateSession not provided")
    }),
    fetchSession: fromPromise<SessionResponse, { token: string }>(async () => {
      throw new Error("fetchSession not provided")
    }),
    logout: fromPromise<void, { token: string }>(async () => {}),
  },
  actions: {
    /** Saves the token to session storage; provided by the app. */
    persistToken: (_, _params: { token: string }) => {},
    /** Removes login, sessionToken and lang from the address bar; provided by the app. */
    stripAddress: () => {},
    /** Forgets the stored token; provided by the app. */
    forgetToken: () => {},
    /** Applies the interface language; provided by the app. */
    applyLanguage: (_, _params: { language: Language }) => {},
  },
  guards: {
    hasToken: ({ context }) => context.pendingToken !== null,
    /** The server said the token is not (or no longer) valid, as opposed to not answering at all. */
    isSessionRefusal: (_, params: { error: ApiErrorBody }) => isSessionErrorCode(params.error.code),
  },
}).createMachine({
  id: "session",
  context: ({ input }) => ({
    sessionToken: null,
    pendingToken: input.urlToken ?? input.storedToken,
    sessionId: null,
    expiresAt: null,
    user: null,
    error: null,
    arrivedFromLogin: input.arrivedFromLogin,
    language: input.language,
  }),
  entry: ["stripAddress"],
  initial: "reading",
  on: {
    "session.setLanguage": {
      actions: [assign({ language: ({ event }) => event.language }), { type: "applyLanguage", params: ({ event }) => ({ language: event.language }) }],
    },
  },
  states: {
    reading: {
      always: [
        {
          guard: "hasToken",
          target: "validating",
          actions: { type: "persistToken", params: ({ context }) => ({ token: context.pendingToken! }) },
        },
        { target: "signedOut" },
      ],
    },
    validating: {
      tags: ["pending"],
      invoke: {
        id: "validateSession",
        src: "validateSession",
        input: ({ context }) => ({ token: context.pendingToken! }),
        onDone: {
          target: "loading",
          actions: assign({
            sessionId: ({ event }) => event.output.sessionId,
            expiresAt: ({ event }) => event.output.expiresAt,
            sessionToken: ({ context }) => context.pendingToken,
            pendingToken: null,
            error: null,
          }),
        },
        onError: [
          {
            guard: { type: "isSessionRefusal", params: ({ event }) => ({ error: sessionErrorOf(event.error) }) },
            target: "signedOut",
            actions: assign({ error: ({ event }) => sessionErrorOf(event.error) }),
          },
          { target: "unavailable", actions: assign({ error: ({ event }) => sessionErrorOf(event.error) }) },
        ],
      },
    },
    loading: {
      tags: ["pending"],
      invoke: {
        id: "fetchSession",
        src: "fetchSession",
        input: ({ context }) => ({ token: context.sessionToken! }),
        onDone: { target: "signedIn", actions: assign({ user: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: "isSessionRefusal", params: ({ event }) => ({ error: sessionErrorOf(event.error) }) },
            target: "signedOut",
            actions: assign({ error: ({ event }) => sessionErrorOf(event.error) }),
          },
          {
            target: "unavailable",
            actions: assign({
              error: ({ event }) => sessionErrorOf(event.error),
              pendingToken: ({ context }) => context.sessionToken,
              sessionToken: null,
            }),
          },
        ],
      },
    },
    /**
     * The gateway did not answer (bad mobile link, page unloading): the token is kept, not
     * forgotten, so a retry or a reload picks the session up again. The layout shows a retry
     * panel instead of the page, and guards let the page through (it is not shown yet).
     */
    unavailable: {
      tags: ["unreachable"],
      on: {
        "session.retry": "validating",
        // Going on as a visitor forgets the token; there is no server to tell.
        "session.logout": "signedOut",
      },
    },
    signedIn: {
      tags: ["valid"],
      initial: "idle",
      on: {
        "session.logout": "loggingOut",
        "session.expired": {
          target: "signedOut",
          actions: assign({ error: ({ event }) => ({ code: event.code, message: "Session ended" }) }),
        },
      },
      states: {
        idle: { on: { "session.refresh": "refreshing" } },
        refreshing: {
          invoke: {
            id: "refreshSession",
            src: "fetchSession",
            input: ({ context }) => ({ token: context.sessionToken! }),
            onDone: { target: "idle", actions: assign({ user: ({ event }) => event.output }) },
            // A failed refresh keeps the user we had; a dead session arrives as session.expired.
            onError: { target: "idle" },
          },
        },
      },
    },
    loggingOut: {
      tags: ["valid"],
      invoke: {
        id: "logout",
        src: "logout",
        input: ({ context }) => ({ token: context.sessionToken! }),
        onDone: "signedOut",
        onError: "signedOut",
      },
    },
    signedOut: {
      entry: ["forgetToken", assign({ sessionToken: null, pendingToken: null, sessionId: null, expiresAt: null, user: null })],
      // The token is checked like one read from the address: kept for the tab, then validated.
      on: { "session.join": { target: "reading", actions: assign({ pendingToken: ({ event }) => event.token }) } },
    },
  },
})
