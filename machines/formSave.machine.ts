import { assertEvent, assign, enqueueActions, setup, type AnyActorLogic, type DoneActorEvent, type ErrorActorEvent, type PromiseActorLogic } from "xstate"
import type { ApiErrorBody } from "../schemas/errors.ts"
import { errorBodyOf } from "./shared/rejections.ts"

/** V: what the form sends; R: what the save answers. */
export interface FormSaveContext<V, R> {
  /** What was sent last. */
  values: V | null
  /** The answer of the save, once there is one (boxed: an answer may itself be null or undefined). */
  saved: { readonly result: R } | null
  error: ApiErrorBody | null
}

/** The form's events, and the save's answer or failure (the `save` actor's done and error events). */
export type FormSaveEvent<V, R> = { type: "form.submit"; values: V } | { type: "form.edit" } | DoneActorEvent<R, "save"> | ErrorActorEvent<unknown, "save">

/**
 * Saving a form, then going back (SPEC §4 "Profile save", "Settings save"): the button shows
 * loading while saving; success says so, then after `returnDelay` (500 ms on the profile and
 * settings screens) the screen goes back; a failure keeps everything typed and may be retried.
 * Each screen gives `save` (the call, from what the form sends V to what the gateway answers R)
 * and provides `onSaved`, `onFailed` and `goBack`.
 *
 * XState cannot type an invoke whose actor still has type parameters (its input and output
 * types stay unresolved), so setup() holds `save` as any actor logic, and the types come from
 * this function instead: `save` takes V and answers R, the invoke sends it a submit's V, and its
 * answer, `xstate.done.actor.save`, is typed by FormSaveEvent with that R.
 */
export function createFormSaveMachine<V, R>(save: PromiseActorLogic<R, V>) {
  const saveLogic: AnyActorLogic = save
  return setup({
    types: {
      context: {} as FormSaveContext<V, R>,
      events: {} as FormSaveEvent<V, R>,
    },
    actors: { save: saveLogic },
    actions: {
      /** Toast, session refresh, cache updates; provided by the screen. */
      onSaved: (_, _params: { result: R }) => {},
      /** A toast or a log, depending on SPEC §8; provided by the screen. */
      onFailed: (_, _params: { error: ApiErrorBody }) => {},
      /** Navigates back or closes the form, with the save's answer; provided by the screen. */
      goBack: (_, _params: { result: R }) => {},
    },
    delays: {
      returnDelay: 500,
    },
  }).createMachine({
    id: "formSave",
    context: { values: null, saved: null, error: null },
    initial: "idle",
    states: {
      idle: {
        on: { "form.submit": { target: "saving", actions: assign({ values: ({ event }) => event.values }) } },
      },
      saving: {
        invoke: {
          id: "save",
          src: "save",
          // Saving is entered by a submit only: what it sends is that submit's values.
          input: ({ event }: { event: FormSaveEvent<V, R> }): V => {
            assertEvent(event, "form.submit")
            return event.values
          },
        },
        on: {
          "xstate.done.actor.save": {
            target: "saved",
            actions: [
              assign({ saved: ({ event }) => ({ result: event.output }), error: null }),
              { type: "onSaved", params: ({ event }) => ({ result: event.output }) },
            ],
          },
          "xstate.error.actor.save": {
            target: "failed",
            actions: [
              assign({ error: ({ event }) => errorBodyOf(event.error) }),
              { type: "onFailed", params: ({ event }) => ({ error: errorBodyOf(event.error) }) },
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
      done: {
        type: "final",
        // Done is reached from saved only, which holds the answer.
        entry: enqueueActions(({ context, enqueue }) => {
          if (context.saved) enqueue({ type: "goBack", params: { result: context.saved.result } })
        }),
      },
    },
  })
}

/** The form-save machine of a screen whose form sends V and whose save answers R. */
export type FormSaveMachine<V, R> = ReturnType<typeof createFormSaveMachine<V, R>>
