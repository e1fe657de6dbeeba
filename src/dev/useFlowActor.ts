import { useActorRef } from "@xstate/react"
import type { Actor, ActorOptions, AnyActorLogic } from "xstate"
import { inspector } from "./inspector.ts"

/** What `useActorRef` takes after the logic (options, required when the logic needs input). */
type OptionsOf<TLogic extends AnyActorLogic> = Parameters<typeof useActorRef<TLogic>> extends [unknown, ...infer Rest] ? Rest : never

// useActorRef's rest-tuple signature cannot be forwarded generically; this one view of it can.
const useActorRefLoosely = useActorRef as <TLogic extends AnyActorLogic>(logic: TLogic, options?: ActorOptions<TLogic>) => Actor<TLogic>

/**
 * `useActorRef` for the screens' flows, with the Stately inspector attached when `?inspect` is on in
 * development, so every machine shows up there, not only the app-wide ones.
 */
export function useFlowActor<TLogic extends AnyActorLogic>(logic: TLogic, ...options: OptionsOf<TLogic>): Actor<TLogic> {
  const given = (options as unknown[])[0] as ActorOptions<TLogic> | undefined
  const inspect = inspector()
  return useActorRefLoosely(logic, inspect ? { ...given, inspect } : given)
}
