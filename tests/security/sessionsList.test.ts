import { eq } from "drizzle-orm"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import { DEMO_PASSWORD } from "../../server/db/demoAccounts.ts"
import { sessions } from "../../server/db/schema.ts"
import { startTestGateway, type TestGateway } from "../../server/testing/testGateway.ts"

/*
 * Issue 38's sessions: each user lists and ends their own, and only theirs; a session unused too
 * long ends by itself; a new password ends every session and the calendar feed's address.
 */

const ANDROID_CHROME = "Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"
const WINDOWS_FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"

let gw: TestGateway

beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw?.stop()
})
// Every test starts with no live session, so that it counts only its own.
beforeEach(async () => {
  await gw.db.update(sessions).set({ revokedAt: new Date() })
})
afterEach(() => {
  vi.useRealTimers()
})

/** Signs in through POST /auth/token from a browser that says `userAgent`; the token. */
async function signInFrom(email: string, userAgent?: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await gw.call("POST", "/auth/token", { body: { email, password }, headers: userAgent ? { "User-Agent": userAgent } : {} })
  if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${response.status} ${response.text}`)
  return response.body.token as string
}

const sessionIdOf = async (token: string): Promise<string> => (await gw.api("POST", "/validate-session", { token })).body.sessionId
const list = (token: string) => gw.api("GET", "/sessions", { token })
/** What a protected call answers with this token: 200, or the session code of a 401. */
async function answerTo(token: string): Promise<number | string> {
  const response = await gw.api("GET", "/session", { token })
  return response.status === 200 ? 200 : `${response.status} ${response.body?.code}`
}

describe("the account's sessions", () => {
  it("lists the caller's own live sessions only, the current one first and marked, each device named from its User-Agent", async () => {
    const phone = await signInFrom("patient@demo.sn", ANDROID_CHROME)
    const laptop = await signInFrom("patient@demo.sn", WINDOWS_FIREFOX)
    const scripted = await signInFrom("patient@demo.sn")
    await gw.api("GET", "/logout", { token: scripted })
    const someoneElse = await signInFrom("patient2@demo.sn", ANDROID_CHROME)

    const response = await list(laptop)
    expect(response.status).toBe(200)
    expect(response.headers.get("cache-control")).toBe("no-store")
    const listed = response.body.sessions as Array<Record<string, unknown>>
    expect(listed.map((s) => [s.id, s.device, s.current])).toEqual([
      [await sessionIdOf(laptop), { browser: "Firefox", os: "Windows" }, true],
      [await sessionIdOf(phone), { browser: "Chrome", os: "Android" }, false],
    ])
    expect(listed.map((s) => s.id)).not.toContain(await sessionIdOf(someoneElse))
    for (const session of listed) {
      expect(Date.parse(session.createdAt as string)).toBeGreaterThan(Date.now() - 60_000)
      expect(Date.parse(session.lastSeenAt as string)).toBeGreaterThan(Date.now() - 60_000)
    }
    // Nothing of the header beyond the names is kept.
    const rows = await gw.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, await sessionIdOf(phone)))
    expect(JSON.stringify(rows)).not.toContain("SM-A546B")
  })

  it("never ends another user's session: its id is not found, like an unknown one, and it keeps working", async () => {
    const mine = await signInFrom("patient@demo.sn")
    const myOther = await signInFrom("patient@demo.sn")
    const theirs = await signInFrom("patient2@demo.sn")

    const refused = await gw.api("DELETE", `/sessions/${await sessionIdOf(theirs)}`, { token: mine })
    expect([refused.status, refused.body.code]).toEqual([404, "NOT_FOUND"])
    const unknown = await gw.api("DELETE", "/sessions/00000000-0000-4000-8000-000000000000", { token: mine })
    expect([unknown.status, unknown.body.code]).toEqual([404, "NOT_FOUND"])
    expect((await gw.api("DELETE", "/sessions/not-an-id", { token: mine })).status).toBe(400)
    expect(await answerTo(theirs)).toBe(200)
    expect((await list(theirs)).body.sessions).toHaveLength(1)

    // One's own other session ends; ended, it is not found again.
    const otherId = await sessionIdOf(myOther)
    expect((await gw.api("DELETE", `/sessions/${otherId}`, { token: mine })).status).toBe(200)
    expect(await answerTo(myOther)).toBe("401 INVALID_SESSION")
    expect((await gw.api("DELETE", `/sessions/${otherId}`, { token: mine })).status).toBe(404)
    expect(await answerTo(mine)).toBe(200)
  })

  it("signing out everywhere else ends every other session's token and keeps the current one and other users' sessions", async () => {
    const current = await signInFrom("doctor@demo.sn", WINDOWS_FIREFOX)
    const others = [await signInFrom("doctor@demo.sn", ANDROID_CHROME), await signInFrom("doctor@demo.sn")]
    const colleague = await signInFrom("doctor2@demo.sn")

    const response = await gw.api("DELETE", "/sessions/others", { token: current })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ ended: 2 })
    for (const token of others) {
      expect(await answerTo(token)).toBe("401 INVALID_SESSION")
      // Storage's surface reads the same sessions.
      const storage = await gw.call("GET", "/v0/b/promed-local.appspot.com/o?prefix=medical-records%2F", { headers: { Authorization: `Firebase ${token}` } })
      expect(storage.status).toBe(401)
    }
    expect(await answerTo(current)).toBe(200)
    expect((await list(current)).body.sessions.map((s: { current: boolean }) => s.current)).toEqual([true])
    expect(await answerTo(colleague)).toBe(200)
    expect((await gw.api("DELETE", "/sessions/others", { token: current })).body).toEqual({ ended: 0 })
  })

  it("ends a session unused for 30 days, a doctor's unused for 12 hours, while one in use goes on (issue 38)", async () => {
    const HOUR = 3600_000
    const DAY = 24 * HOUR
    const start = Date.now()
    vi.useFakeTimers({ toFake: ["Date"], now: start })
    const patient = await signInFrom("patient@demo.sn")
    const patientIdle = await signInFrom("patient@demo.sn")
    const doctor = await signInFrom("doctor@demo.sn")
    const doctorIdle = await signInFrom("doctor@demo.sn")

    // A doctor at work: a request every 11 hours keeps the session for a day and a half.
    for (const hours of [11, 22, 33]) {
      vi.setSystemTime(start + hours * HOUR)
      expect(await answerTo(doctor), `${hours} h`).toBe(200)
    }
    // The one left unused since the sign-in, 33 hours ago, ended after its 12th.
    expect(await answerTo(doctorIdle)).toBe("401 SESSION_EXPIRED")
    // 12 hours since the last use: still open; a moment more: ended.
    vi.setSystemTime(start + 33 * HOUR + 12 * HOUR)
    expect(await answerTo(doctor)).toBe(200)
    vi.setSystemTime(start + 45 * HOUR + 12 * HOUR + 1)
    expect(await answerTo(doctor)).toBe("401 SESSION_EXPIRED")

    // A patient's lasts 30 days unused, not a moment more.
    vi.setSystemTime(start + 30 * DAY)
    expect(await answerTo(patient)).toBe(200)
    expect((await list(patient)).body.sessions.map((s: { current: boolean }) => s.current)).toEqual([true, false])
    vi.setSystemTime(start + 30 * DAY + 1)
    expect(await answerTo(patientIdle)).toBe("401 SESSION_EXPIRED")
    // The idle one is no longer listed: "sign out everywhere else" has nothing left to end.
    expect((await list(patient)).body.sessions).toHaveLength(1)
    vi.setSystemTime(start + 60 * DAY)
    expect(await answerTo(patient)).toBe(200)
    vi.setSystemTime(start + 90 * DAY + 1)
    expect(await answerTo(patient)).toBe("401 SESSION_EXPIRED")
  })

  it("notes a session's use at most once a minute, so that reads stay reads", async () => {
    const start = Date.now()
    vi.useFakeTimers({ toFake: ["Date"], now: start })
    const token = await signInFrom("patient2@demo.sn")
    const id = await sessionIdOf(token)
    const lastSeen = async () => (await gw.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, id)))[0]!.at.getTime()
    vi.setSystemTime(start + 59_000)
    await answerTo(token)
    expect(await lastSeen()).toBe(start)
    vi.setSystemTime(start + 61_000)
    await answerTo(token)
    expect(await lastSeen()).toBe(start + 61_000)
    vi.setSystemTime(start + 90_000)
    await Promise.all([answerTo(token), answerTo(token), answerTo(token)])
    expect(await lastSeen()).toBe(start + 61_000)
  })

  it("a new password ends every session, the current one too (SPEC §7), and the calendar feed's old address answers 404", async () => {
    const current = await signInFrom("doctor2@demo.sn")
    const elsewhere = await signInFrom("doctor2@demo.sn", ANDROID_CHROME)
    const feed = await gw.api("POST", "/calendar-feed", { token: current })
    expect(feed.status).toBe(201)
    const feedPath = new URL(feed.body.url as string).pathname
    expect((await gw.call("GET", feedPath)).status).toBe(200)

    const changed = await gw.api("POST", "/account/change-password", { token: current, body: { oldPassword: DEMO_PASSWORD, newPassword: "N3wPass!x" } })
    expect(changed.status).toBe(200)
    expect(await answerTo(current)).toBe("401 INVALID_SESSION")
    expect(await answerTo(elsewhere)).toBe("401 INVALID_SESSION")
    const old = await gw.call("GET", feedPath)
    expect([old.status, old.body?.code]).toEqual([404, "NOT_FOUND"])

    // Signed in again with the new password: no feed until a new one is made, which works.
    const again = await signInFrom("doctor2@demo.sn", undefined, "N3wPass!x")
    expect((await gw.api("GET", "/calendar-feed", { token: again })).body).toEqual({ active: false, createdAt: null })
    const fresh = await gw.api("POST", "/calendar-feed", { token: again })
    expect((await gw.call("GET", new URL(fresh.body.url as string).pathname)).status).toBe(200)
    expect((await gw.call("GET", feedPath)).status).toBe(404)
  })

  it("a wrong current password changes nothing: sessions and feed stay", async () => {
    const token = await signInFrom("patient2@demo.sn")
    const feed = await gw.api("POST", "/calendar-feed", { token })
    const refused = await gw.api("POST", "/account/change-password", { token, body: { oldPassword: "not-the-password", newPassword: "N3wPass!x" } })
    expect(refused.status).toBe(400)
    expect(await answerTo(token)).toBe(200)
    expect((await gw.call("GET", new URL(feed.body.url as string).pathname)).status).toBe(200)
  })
})
