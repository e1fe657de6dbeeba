import { afterEach, describe, expect, it, vi } from "vitest"
import { createActor, fromPromise } from "xstate"
import { sessionMachine } from "../../machines/session.machine.ts"
import { patientUser, validSession } from "../../machines/testing/fixtures.ts"
import { followSession } from "./sessionEffects.ts"
import { handleOver } from "./testing.ts"

/** Issue of new users, item 4: a session that ends by itself leaves the light colours, as a sign-out click does. */
const html = { dataset: {} as Record<string, string | undefined> }
vi.stubGlobal("document", { documentElement: html })
vi.stubGlobal("window", { location: { search: "" } })
afterEach(() => {
  html.dataset = {}
})

async function signedInWithDarkColours() {
  const session = createActor(
    sessionMachine.provide({
      actors: {
        validateSession: fromPromise(async () => validSession),
        fetchSession: fromPromise(async () => patientUser),
        logout: fromPromise(async () => {}),
      },
    }),
    { input: { urlToken: null, storedToken: "live-token-0123456789abcdef", arrivedFromLogin: false, language: "fr" } },
  ).start()
  const router = { state: { location: { pathname: "/profile" } }, navigate: vi.fn(async () => {}), invalidate: vi.fn(async () => {}) }
  const queryClient = { clear: vi.fn() }
  const stop = followSession(await handleOver(session), router as never, queryClient as never)
  await vi.waitFor(() => expect(session.getSnapshot().matches("signedIn")).toBe(true))
  // What the session call does on load (src/api/session.ts): the user's dark theme is on.
  html.dataset.colorScheme = "dark"
  return { session, router, queryClient, stop }
}

describe("when the session ends, the user's colour scheme goes with it", () => {
  it("a session that expires by itself clears data-color-scheme, drops the cache and re-checks the page", async () => {
    const { session, router, queryClient, stop } = await signedInWithDarkColours()
    session.send({ type: "session.expired", code: "INVALID_SESSION" })
    expect(session.getSnapshot().matches("signedOut")).toBe(true)
    expect(html.dataset.colorScheme).toBeUndefined()
    expect(queryClient.clear).toHaveBeenCalled()
    expect(router.invalidate).toHaveBeenCalled()
    stop()
    session.stop()
  })

  it("signing out clears it too", async () => {
    const { session, stop } = await signedInWithDarkColours()
    session.send({ type: "session.logout" })
    await vi.waitFor(() => expect(session.getSnapshot().matches("signedOut")).toBe(true))
    expect(html.dataset.colorScheme).toBeUndefined()
    stop()
    session.stop()
  })

  it("a refresh while signed in keeps it", async () => {
    const { session, stop } = await signedInWithDarkColours()
    session.send({ type: "session.refresh" })
    await vi.waitFor(() => expect(session.getSnapshot().matches({ signedIn: "idle" })).toBe(true))
    expect(html.dataset.colorScheme).toBe("dark")
    stop()
    session.stop()
  })
})
