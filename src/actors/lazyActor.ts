import type { AnyActorRef, EventFrom, SnapshotFrom } from "xstate"

/**
 * An app-wide actor whose code (its machine and XState itself) downloads only when something first
 * needs it: a visitor's first page draws and answers taps without it. Until then it has no
 * snapshot, and readers use what they know of its start instead (see useLazySelector). Events sent
 * meanwhile load it and are delivered in order once it runs.
 */
export class LazyActor<A extends AnyActorRef> {
  #actor: A | undefined
  #loading: Promise<A> | undefined
  readonly #listeners = new Set<() => void>()

  constructor(private readonly create: () => Promise<A>) {}

  /** The running actor, or undefined while its code has not arrived. */
  current(): A | undefined {
    return this.#actor
  }

  /** Whether its code has been asked for (it may not have arrived yet). */
  requested(): boolean {
    return this.#loading !== undefined
  }

  /** Loads, creates and starts the actor once; later calls get the same one. */
  load(): Promise<A> {
    if (this.#loading) return this.#loading
    this.#loading = this.create().then(
      (actor) => {
        this.#actor = actor
        actor.subscribe({ next: this.#notify, error: this.#notify })
        actor.start()
        this.#notify()
        return actor
      },
      (error: unknown) => {
        // Its code could not be fetched (a dropped link): the next need tries again.
        this.#loading = undefined
        this.#notify()
        throw error
      },
    )
    this.#notify()
    return this.#loading
  }

  send(event: EventFrom<A>): void {
    if (this.#actor) this.#actor.send(event)
    else void this.load().then((actor) => actor.send(event))
  }

  /** Called when the actor arrives and on each snapshot after; a stable function, for useSyncExternalStore. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    return () => void this.#listeners.delete(listener)
  }

  snapshot(): SnapshotFrom<A> | undefined {
    return this.#actor?.getSnapshot() as SnapshotFrom<A> | undefined
  }

  stop(): void {
    this.#actor?.stop()
  }

  readonly #notify = () => {
    for (const listener of [...this.#listeners]) listener()
  }
}
