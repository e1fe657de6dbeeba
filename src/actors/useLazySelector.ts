import { useSyncExternalStore } from "react"
import type { AnyActorRef, SnapshotFrom } from "xstate"
import type { LazyActor } from "./lazyActor.ts"

/**
 * useSelector for an actor that may not be loaded yet: `before` stands for its snapshot until it is.
 * The selection must be a value that stays the same for the same snapshot (a field, not a new object).
 */
export function useLazySelector<A extends AnyActorRef, T>(actor: LazyActor<A>, select: (snapshot: SnapshotFrom<A>) => T, before: T): T {
  const read = () => {
    const snapshot = actor.snapshot()
    return snapshot === undefined ? before : select(snapshot)
  }
  return useSyncExternalStore(actor.subscribe, read, read)
}
