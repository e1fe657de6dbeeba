import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { createActor } from "xstate"
import { sessionMachine, type Language, type SessionInput } from "../../machines/session.machine.ts"
import { deferredActors, flush } from "../../machines/testing/deferredActors.ts"
import { patientUser, validSession } from "../../machines/testing/fixtures.ts"
import { sessionHasWorkAtStart, SessionHandle } from "./sessionHandle.ts"
import type { SessionActor } from "./sessionActor.ts"
import { sessionViewOf, type SessionView } from "./sessionView.ts"
import { tokenStore } from "./tokenStore.ts"

/**
 * A visitor's tab draws its first page without the session machine's code (issue 12: / loads only
 * what it needs before the first interaction). That holds only if what the app reads before the
 * machine loads is what the machine would have said, and if nothing is lost meanwhile.
 */
class MemoryStorage {
  private readonly items = new Map<string, string>()
  getItem = (key: string) => this.items.get(key) ?? null
  setItem = (key: string, value: string) => void this.items.set(key, String(value))
  removeItem = (key: string) => void this.items.delete(key)
}
beforeEach(() => vi.stubGlobal("sessionStorage", new MemoryStorage()))
afterEach(() => vi.unstubAllGlobals())

const VISITOR = (language: Language): SessionInput => ({ urlToken: null, storedToken: null, arrivedFromLogin: false, language })
const TOKEN = "live-token-0123456789abcdef"

/** A session actor whose calls the test settles, and the handle that loads it when asked. */
function tab(input: SessionInput) {
  const api = deferredActors(["validateSession", "fetchSession", "logout"] as const)
  const actor: SessionActor = createActor(sessionMachine.provide({ actors: api.actors as never }), { input })
  let loads = 0
  let failNextLoad = false
  const handle = new SessionHandle(input.language, async () => {
    loads++
    if (failNextLoad) {
      failNextLoad = false
      throw new TypeError("Failed to fetch dynamically imported module")
    }
    return actor
  })
  return { handle, actor, api, loads: () => loads, failNextLoad: () => void (failNextLoad = true) }
}

const visitor = (language: Language): SessionView => ({ state: "signedOut", user: null, language, sessionToken: null, pendingToken: null })

describe("a visitor's tab before the session machine loads", () => {
  it.each(["fr", "en", "ar"] as const)("reads exactly what the machine starts in for a visitor (%s): signed out, no user, no token", (language) => {
    const started = createActor(sessionMachine, { input: VISITOR(language) }).start()
    expect(sessionViewOf(started.getSnapshot())).toEqual(visitor(language))
    const { handle, loads } = tab(VISITOR(language))
    expect(handle.view()).toEqual(visitor(language))
    expect(loads()).toBe(0)
  })

  it("lets guards through at once, as signed out, without loading the machine", async () => {
    const { handle, loads } = tab(VISITOR("fr"))
    await expect(handle.settled()).resolves.toEqual(visitor("fr"))
    expect(loads()).toBe(0)
  })

  it("loads the machine for the first event and delivers every event sent meanwhile, in order", async () => {
    const { handle, actor, loads } = tab(VISITOR("fr"))
    handle.send({ type: "session.setLanguage", language: "en" })
    handle.send({ type: "session.setLanguage", language: "ar" })
    // Meanwhile it is still a visitor's: the page is not swapped for a loading screen.
    expect(handle.view()).toEqual(visitor("fr"))
    await flush()
    expect(loads()).toBe(1)
    expect(actor.getSnapshot().context.language).toBe("ar")
    expect(handle.view()).toEqual(visitor("ar"))
  })

  it("tells its readers when the machine arrives and at each change, with one view object per snapshot", async () => {
    const { handle, api } = tab({ ...VISITOR("fr"), storedToken: TOKEN })
    const seen: string[] = []
    handle.subscribe(() => seen.push(handle.view().state))
    const loaded = handle.start()
    expect(handle.view().state).toBe("checking")
    await loaded
    expect(handle.view()).toBe(handle.view())
    await api.resolve("validateSession", validSession)
    await api.resolve("fetchSession", patientUser)
    expect(handle.view()).toMatchObject({ state: "signedIn", sessionToken: TOKEN, user: patientUser })
    expect(seen.at(-1)).toBe("signedIn")
    expect(seen).toContain("checking")
  })

  it("keeps guards waiting while the session is checked, then gives them the signed-in user", async () => {
    const { handle, api } = tab({ ...VISITOR("fr"), storedToken: TOKEN })
    void handle.start()
    let settled: SessionView | undefined
    void handle.settled().then((view) => (settled = view))
    await flush()
    await api.resolve("validateSession", validSession)
    expect(settled).toBeUndefined()
    await api.resolve("fetchSession", patientUser)
    await flush()
    expect(settled).toMatchObject({ state: "signedIn", user: { email: patientUser.email } })
  })

  it("loaded ahead of need (the browser idle), it stays a visitor's all along", async () => {
    const { handle } = tab(VISITOR("fr"))
    const seen: SessionView[] = []
    handle.subscribe(() => seen.push(handle.view()))
    const loaded = handle.load()
    expect(handle.view()).toEqual(visitor("fr"))
    await loaded
    expect(seen).not.toHaveLength(0)
    for (const view of seen) expect(view).toEqual(visitor("fr"))
  })

  it("after a failed download at start reads as a visitor's, and the next need tries again", async () => {
    const { handle, actor, loads, failNextLoad } = tab({ ...VISITOR("fr"), urlToken: TOKEN })
    failNextLoad()
    const seen: string[] = []
    handle.subscribe(() => seen.push(handle.view().state))
    await expect(handle.start()).rejects.toThrow(TypeError)
    expect(seen).toEqual(["checking", "signedOut"])
    expect(handle.view()).toEqual(visitor("fr"))
    handle.send({ type: "session.setLanguage", language: "en" })
    await flush()
    expect(loads()).toBe(2)
    expect(actor.getSnapshot().context.language).toBe("en")
    expect(handle.view()).toMatchObject({ state: "checking", pendingToken: TOKEN, language: "en" })
  })
})

describe("whether the session machine has work when the page starts", () => {
  const at = (href: string) => {
    const url = new URL(href, "https://promed.test")
    return { pathname: url.pathname, search: url.search, hash: url.hash }
  }

  it("has none for a visitor on a clean address, whatever else the address holds", () => {
    expect(sessionHasWorkAtStart(at("/"))).toBe(false)
    expect(sessionHasWorkAtStart(at("/doctors?specialties=CARDIOLOGY&page=2#results"))).toBe(false)
  })

  it("has some with a token in the address or kept by the tab, a return from the login site, or a language to take off the address", () => {
    expect(sessionHasWorkAtStart(at(`/?sessionToken=${TOKEN}`))).toBe(true)
    expect(sessionHasWorkAtStart(at(`/?token=${TOKEN}`))).toBe(true)
    expect(sessionHasWorkAtStart(at("/?login=cancelled"))).toBe(true)
    expect(sessionHasWorkAtStart(at("/doctors?lang=ar"))).toBe(true)
    // An empty token is no token, but the parameter is still taken off the address.
    expect(sessionHasWorkAtStart(at("/?sessionToken="))).toBe(true)
    tokenStore.write(TOKEN)
    expect(sessionHasWorkAtStart(at("/"))).toBe(true)
  })
})
