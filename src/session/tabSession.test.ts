import { afterEach, describe, expect, it } from "vitest"
import { createActor, fromPromise } from "xstate"
import { sessionMachine } from "../../machines/session.machine.ts"
import { patientUser, validSession } from "../../machines/testing/fixtures.ts"
import { joinTabs } from "./tabSession.ts"

/**
 * Issue 11: tabs of one browser share its live session and nothing else keeps it. Each "tab" is a
 * session actor on the real BroadcastChannel of Node, whose gateway knows one live token.
 */
const LIVE = "live-token-0123456789abcdef"
const cleanups: Array<() => void> = []
afterEach(() => cleanups.splice(0).forEach((stop) => stop()))

function openTab(storedToken: string | null) {
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
  ).start()
  const leave = joinTabs(session)
  cleanups.push(() => {
    leave()
    session.stop()
  })
  return { session, stored }
}

const until = (tab: ReturnType<typeof openTab>, state: "signedIn" | "signedOut") =>
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
    const first = openTab(LIVE)
    await until(first, "signedIn")
    const second = openTab(null)
    await until(second, "signedIn")
    expect(second.session.getSnapshot().context.sessionToken).toBe(LIVE)
    expect(second.stored).toEqual([LIVE])
  })

  it("a new tab with no signed-in tab around stays signed out", async () => {
    const alone = openTab(null)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(alone.session.getSnapshot().matches("signedOut")).toBe(true)
  })

  it("signing out in one tab ends the session in the tabs that share it", async () => {
    const first = openTab(LIVE)
    await until(first, "signedIn")
    const second = openTab(null)
    await until(second, "signedIn")
    second.session.send({ type: "session.logout" })
    await until(first, "signedOut")
    // Ended from elsewhere, as an expired session: the tab stays on its page and offers to sign in.
    expect(first.session.getSnapshot().context.error?.code).toBe("INVALID_SESSION")
  })
})
