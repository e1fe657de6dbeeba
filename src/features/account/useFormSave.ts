import { useSelector } from "@xstate/react"
import { useRef, useState } from "react"
import { fromPromise, type ActorRefFrom } from "xstate"
import { createFormSaveMachine, type FormSaveMachine } from "../../../machines/formSave.machine.ts"
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

export type FormSaveActor<V, R> = ActorRefFrom<FormSaveMachine<V, R>>

/**
 * A form-save actor (machines/formSave.machine.ts) wired to a screen's call and reactions. The
 * latest callbacks are used, so they may close over the screen's current state.
 */
export function useFormSave<V, R>(options: FormSaveOptions<V, R>) {
  const latest = useRef(options)
  latest.current = options
  // Made once: a machine made anew on each render would restart the actor each time (useActorRef compares configs).
  const [machine] = useState(() =>
    createFormSaveMachine(fromPromise<R, V>(({ input }) => latest.current.save(input))).provide({
      actions: {
        onSaved: (_, { result }) => latest.current.onSaved?.(result),
        onFailed: (_, { error }) => latest.current.onFailed?.(error),
        goBack: (_, { result }) => latest.current.goBack?.(result),
      },
      delays: { returnDelay: options.returnDelay ?? 500 },
    }),
  )
  const actor = useFlowActor(machine)
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
