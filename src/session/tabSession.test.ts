import { afterEach, describe, expect, it } from "vitest"
import { createActor, fromPromise } from "xstate"
import { sessionMachine } from "../../machines/session.machine.ts"
import { patientUser, validSession } from "../../machines/testing/fixtures.ts"
import { joinTabs } from "./tabSession.ts"
import { handleOver } from "./testing.ts"

/**
 * Issue 11: tabs of one browser share its live session and nothing else keeps it. Each "tab" is a
 * session actor on the real BroadcastChannel of Node, whose gateway knows one live token.
 */
const LIVE = "live-token-0123456789abcdef"
const cleanups: Array<() => void> = []
afterEach(() => cleanups.splice(0).forEach((stop) => stop()))

/** A tab with a token starts its session machine at once; a visitor's tab only when it first needs it (src/main.tsx). */
async function openTab(storedToken: string | null) {
  const stored: string[] = []
  const session = createActor(
    sessionMachine.provide({
      actors: {
        validateSession: fromPromise(async ({ input }) => {
          if (input.token !== LIVE) throw Object.assign(new Error("Invalid session"), { code: "INVALID_SESSION" })
          return validSession
        }),
        fetchSession: fromPromise(async () => patientUser),
        logout: fromPromise(async () => {}),
      },
      actions: { persistToken: (_, { token }) => void stored.push(token) },
    }),
    { input: { urlToken: null, storedToken, arrivedFromLogin: false, language: "fr" } },
  )
  const handle = await handleOver(session, { started: storedToken !== null })
  const leave = joinTabs(handle)
  cleanups.push(() => {
    leave()
    session.stop()
  })
  return { session, handle, stored }
}

const until = (tab: Awaited<ReturnType<typeof openTab>>, state: "signedIn" | "signedOut") =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ${state}: ${JSON.stringify(tab.session.getSnapshot().value)}`)), 2000)
    const check = () => {
      if (tab.session.getSnapshot().matches(state)) {
        clearTimeout(timer)
        resolve()
      }
    }
    tab.session.subscribe(check)
    check()
  })

describe("tabs of one browser", () => {
  it("a new tab joins the live session of a signed-in tab and keeps the token for itself", async () => {
    const first = await openTab(LIVE)
    await until(first, "signedIn")
    const second = await openTab(null)
    await until(second, "signedIn")
    expect(second.handle.view().state).toBe("signedIn")
    expect(second.session.getSnapshot().context.sessionToken).toBe(LIVE)
    expect(second.stored).toEqual([LIVE])
  })

  it("a new tab with no signed-in tab around stays signed out", async () => {
    const alone = await openTab(null)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(alone.handle.view().state).toBe("signedOut")
    // Asking the other tabs needs no session machine: a visitor's tab alone never loads it.
    expect(alone.handle.loads.count).toBe(0)
  })

  it("signing out in one tab ends the session in the tabs that share it", async () => {
    const first = await openTab(LIVE)
    await until(first, "signedIn")
    const second = await openTab(null)
    await until(second, "signedIn")
    second.session.send({ type: "session.logout" })
    await until(first, "signedOut")
    // Ended from elsewhere, as an expired session: the tab stays on its page and offers to sign in.
    expect(first.session.getSnapshot().context.error?.code).toBe("INVALID_SESSION")
  })
})
