import { assign, fromPromise, setup } from "xstate"
import type { ApiErrorBody } from "../schemas/errors.ts"

export interface FormSaveContext {
  values: unknown
  result: unknown
  error: ApiErrorBody | null
}

export type FormSaveEvent = { type: "form.submit"; values: unknown } | { type: "form.edit" }

const toErrorBody = (error: unknown): ApiErrorBody => {
  const e = error as Partial<ApiErrorBody> | undefined
  return { code: e?.code ?? "UNHANDLED_ERROR", message: e?.message ?? "Save failed", ...(e?.fields ? { fields: e.fields } : {}) }
}

/**
 * Saving a form, then going back (SPEC §4 "Profile save", "Settings save"): the button shows
 * loading while saving; success says so, then after `returnDelay` (500 ms on the profile and
 * settings screens) the screen goes back; a failure keeps everything typed and may be retried.
 * Each screen provides `save` (the call), `onSaved`, `onFailed` and `goBack`.
 */
export const formSaveMachine = setup({
  types: {
    context: {} as FormSaveContext,
    events: {} as FormSaveEvent,
  },
  actors: {
    save: fromPromise<unknown, unknown>(async () => {
      throw new Error("save not provided")
    }),
  },
  actions: {
    /** Toast, session refresh, cache updates; provided by the screen. */
    onSaved: (_, _params: { result: unknown }) => {},
    /** A toast or a log, depending on SPEC §8; provided by the screen. */
    onFailed: (_, _params: { error: ApiErrorBody }) => {},
    /** Navigates back or closes the form; provided by the screen. */
    goBack: () => {},
  },
  delays: {
    returnDelay: 500,
  },
}).createMachine({
  id: "formSave",
  context: { values: null, result: null, error: null },
  initial: "idle",
  states: {
    idle: {
      on: { "form.submit": { target: "saving", actions: assign({ values: ({ event }) => event.values }) } },
    },
    saving: {
      invoke: {
        id: "save",
        src: "save",
        input: ({ context }: { context: FormSaveContext }) => context.values,
        onDone: {
          target: "saved",
          actions: [assign({ result: ({ event }) => event.output, error: null }), { type: "onSaved", params: ({ event }) => ({ result: event.output }) }],
        },
        onError: {
          target: "failed",
          actions: [
            assign({ error: ({ event }) => toErrorBody(event.error) }),
            { type: "onFailed", params: ({ event }) => ({ error: toErrorBody(event.error) }) },
          ],
        },
      },
    },
    saved: {
      after: { returnDelay: "done" },
    },
    failed: {
      on: {
        "form.submit": { target: "saving", actions: assign({ values: ({ event }) => event.values, error: null }) },
        "form.edit": { target: "idle", actions: assign({ error: null }) },
      },
    },
    done: { type: "final", entry: "goBack" },
  },
})
