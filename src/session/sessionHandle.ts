import type { Language, SessionEvent } from "../../machines/session.machine.ts"
import { LazyActor } from "../actors/lazyActor.ts"
import { readAddress, strippedAddress } from "./address.ts"
import type { SessionActor } from "./sessionActor.ts"
import { loadingView, sessionViewOf, visitorView, type SessionView } from "./sessionView.ts"
import { tokenStore } from "./tokenStore.ts"

/**
 * The tab's session as the app holds it: the session machine's actor, loaded only when there is
 * something for it to do (src/actors/lazyActor.ts). Until then the tab is a visitor, which is
 * exactly where the machine starts when there is no token and nothing to strip from the address
 * (sessionHandle.test.ts holds the two together): the landing draws and answers without XState.
 */
export class SessionHandle {
  readonly #actor: LazyActor<SessionActor>
  readonly #visitor: SessionView
  readonly #loading: SessionView
  /** Started for work at start: until it runs, the session reads as being checked. */
  #started = false
  #viewed: unknown
  #view: SessionView

  constructor(language: Language, create: () => Promise<SessionActor>) {
    this.#actor = new LazyActor(create)
    this.#visitor = this.#view = visitorView(language)
    this.#loading = loadingView(language)
  }

  /** The same object for as long as the session does not change (for useSyncExternalStore). */
  view(): SessionView {
    const snapshot = this.#actor.snapshot()
    // A failed download is no longer requested: the tab reads as a visitor's until a later need loads it.
    if (snapshot === undefined) return this.#started && this.#actor.requested() ? this.#loading : this.#visitor
    if (snapshot !== this.#viewed) {
      this.#viewed = snapshot
      this.#view = sessionViewOf(snapshot)
    }
    return this.#view
  }

  readonly subscribe = (listener: () => void): (() => void) => this.#actor.subscribe(listener)

  send(event: SessionEvent): void {
    this.#actor.send(event)
  }

  /**
   * Starts the machine for a tab where it has work (sessionHasWorkAtStart): the session reads as
   * being checked until it runs, so guards wait for it and no page shows as a visitor's meanwhile.
   */
  async start(): Promise<void> {
    this.#started = true
    await this.#actor.load()
  }

  /** Loads the machine ahead of need; a visitor's tab stays a visitor's meanwhile, as it is once it runs. */
  async load(): Promise<void> {
    await this.#actor.load()
  }

  /** The session once it is no longer being checked: signed in, signed out, or unavailable. */
  settled(): Promise<SessionView> {
    return new Promise((resolve) => {
      const check = () => {
        const view = this.view()
        if (view.state === "checking") return false
        resolve(view)
        return true
      }
      if (check()) return
      const stop = this.subscribe(() => {
        if (check()) stop()
      })
    })
  }

  stop(): void {
    this.#actor.stop()
  }
}

/**
 * Whether the session machine has work at start: a token to check (from the address or this tab's
 * storage), or login parameters or a language to take off the address bar.
 */
export function sessionHasWorkAtStart(location: Pick<Location, "pathname" | "search" | "hash">): boolean {
  const { urlToken, arrivedFromLogin } = readAddress(location.search)
  const { pathname, search, hash } = location
  return urlToken !== null || arrivedFromLogin || tokenStore.read() !== null || strippedAddress(pathname, search, hash) !== `${pathname}${search}${hash}`
}
