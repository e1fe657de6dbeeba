import { fromPromise } from "xstate"

interface Pending {
  resolve(value: unknown): void
  reject(error: unknown): void
  input: unknown
}

/**
 * Promise actors whose outcome the test decides: each call waits until the test resolves or
 * rejects it by name, the way a model-based test drives `xstate.done.actor.*` events.
 */
export function deferredActors<const Names extends string>(names: ReadonlyArray<Names>) {
  const pending = new Map<string, Pending[]>()
  const calls: Array<{ name: Names; input: unknown }> = []
  const actors = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise(({ input }: { input: unknown }) => {
        calls.push({ name, input })
        return new Promise((resolve, reject) => {
          pending.set(name, [...(pending.get(name) ?? []), { resolve, reject, input }])
        })
      }),
    ]),
  ) as Record<Names, ReturnType<typeof fromPromise<unknown, unknown>>>

  const take = (name: Names): Pending => {
    const list = pending.get(name) ?? []
    const next = list.shift()
    if (!next) throw new Error(`No call of actor "${name}" is waiting`)
    return next
  }

  return {
    actors,
    calls,
    /** Settles the oldest waiting call of that actor with a value, then lets the actor react. */
    async resolve(name: Names, value: unknown) {
      take(name).resolve(value)
      await flush()
    },
    async reject(name: Names, error: unknown) {
      take(name).reject(error)
      await flush()
    },
    isWaiting: (name: Names) => (pending.get(name)?.length ?? 0) > 0,
  }
}

/** Lets promise callbacks and the actor's resulting transitions run. */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0))
