import { useSelector } from "@xstate/react"
import { useRef } from "react"
import { fromPromise, type ActorRefFrom } from "xstate"
import { formSaveMachine } from "../../../machines/formSave.machine.ts"
import type { ApiErrorBody } from "../../../schemas/errors.ts"
import { useFlowActor } from "../../dev/useFlowActor.ts"

export interface FormSaveOptions<V, R> {
  save: (values: V) => Promise<R>
  onSaved?: (result: R) => void
  onFailed?: (error: ApiErrorBody) => void
  goBack?: (result: R) => void
  /** 500 ms on the profile and settings screens (SPEC §9); 0 where nothing navigates. */
  returnDelay?: number
}

export type FormSaveActor = ActorRefFrom<typeof formSaveMachine>

/**
 * A form-save actor (machines/formSave.machine.ts) wired to a screen's call and reactions. The
 * latest callbacks are used, so they may close over the screen's current state.
 */
export function useFormSave<V, R>(options: FormSaveOptions<V, R>) {
  const latest = useRef(options)
  latest.current = options
  const actor = useFlowActor(
    formSaveMachine.provide({
      actors: { save: fromPromise(({ input }) => latest.current.save(input as V)) },
      actions: {
        onSaved: (_, { result }) => latest.current.onSaved?.(result as R),
        onFailed: (_, { error }) => latest.current.onFailed?.(error),
        goBack: ({ context }) => latest.current.goBack?.(context.result as R),
      },
      delays: { returnDelay: options.returnDelay ?? 500 },
    }),
  )
  const busy = useSelector(actor, (s) => s.matches("saving") || s.matches("saved"))
  const error = useSelector(actor, (s) => s.context.error)
  return {
    actor,
    busy,
    error,
    submit: (values: V) => actor.send({ type: "form.submit", values }),
    edit: () => actor.send({ type: "form.edit" }),
  }
}
