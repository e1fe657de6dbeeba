import { assign, setup } from "xstate"
import { isSessionErrorCode, type ErrorCode } from "../schemas/errorCodes.ts"
import type { ApiErrorBody } from "../schemas/errors.ts"

export interface ErrorModalContext {
  error: ApiErrorBody | null
}

export type ErrorModalEvent = { type: "errorModal.show"; error: ApiErrorBody } | { type: "errorModal.close" }

/**
 * The error modal of SPEC §8: session codes never open it (the session is ended instead, so the
 * user signs in again); every other code opens it until Close or Escape.
 */
export const errorModalMachine = setup({
  types: { context: {} as ErrorModalContext, events: {} as ErrorModalEvent },
  actions: {
    endSession: (_, _params: { code: ErrorCode }) => {},
    remember: assign({
      error: (_, params: { error: ApiErrorBody }) => params.error,
    }),
    forget: assign({ error: null }),
  },
  guards: {
    isSessionError: (_, params: { error: ApiErrorBody }) => isSessionErrorCode(params.error.code),
  },
}).createMachine({
  id: "errorModal",
  context: { error: null },
  initial: "closed",
  on: {
    "errorModal.show": [
      {
        guard: { type: "isSessionError", params: ({ event }) => ({ error: event.error }) },
        target: ".closed",
        actions: { type: "endSession", params: ({ event }) => ({ code: event.error.code }) },
      },
      { target: ".open", actions: { type: "remember", params: ({ event }) => ({ error: event.error }) } },
    ],
  },
  states: {
    closed: {},
    open: {
      on: { "errorModal.close": { target: "closed", actions: "forget" } },
    },
  },
})
