import { describe, expect, it } from "vitest"
import { captureLogs } from "../observability/log.ts"
import { TEST_DB } from "../testing/testGateway.ts"
import { describeDatabase, waitForDatabase, waitDelayMs } from "./wait.ts"

/** Nothing listens on port 1 of the loopback: every attempt is refused at once. */
const NOBODY = "postgres://promed:s3cret-pw@127.0.0.1:1/promed"

/** A clock that the waits move on, so that a minute of waiting takes no time. */
function fakeTime() {
  let now = 0
  const slept: number[] = []
  return { now: () => now, slept, sleep: async (ms: number) => void (slept.push(ms), (now += ms)) }
}

describe("waiting for PostgreSQL at start", () => {
  it("tries again with backoff (0.5 s doubling to 5 s) until DATABASE_WAIT_S has passed, then stops with one sentence", async () => {
    const time = fakeTime()
    const capture = captureLogs("warn")
    let failure: unknown
    try {
      await waitForDatabase(NOBODY, { waitMs: 20_000, sleep: time.sleep, now: time.now })
    } catch (error) {
      failure = error
    } finally {
      capture.stop()
    }
    expect(time.slept).toEqual([500, 1000, 2000, 4000, 5000, 5000])
    expect(failure).toBeInstanceOf(Error)
    expect((failure as Error).message).toBe("PostgreSQL at 127.0.0.1:1/promed did not answer within 20 s (DATABASE_WAIT_S); last: ECONNREFUSED.")
    // One line per attempt that is followed by another, naming the host and the database, never the password.
    expect(capture.lines).toHaveLength(6)
    for (const line of capture.lines)
      expect(line).toMatchObject({ level: "warn", scope: "db", host: "127.0.0.1:1", database: "promed", reason: "ECONNREFUSED" })
    expect(capture.text()).not.toContain("s3cret-pw")
  })

  it("with DATABASE_WAIT_S=0 tries once", async () => {
    const time = fakeTime()
    await expect(waitForDatabase(NOBODY, { waitMs: 0, sleep: time.sleep, now: time.now })).rejects.toThrow("did not answer within 0 s")
    expect(time.slept).toEqual([])
  })

  it("describes where a URL points without its password, a socket folder included", () => {
    expect(describeDatabase("postgres://u:pw@db.internal:6432/promed").where).toBe("db.internal:6432/promed")
    expect(describeDatabase("postgres://u:pw@localhost/promed?host=/var/run/postgresql").where).toBe("/var/run/postgresql/promed")
    expect(describeDatabase("postgresql://u@db/").where).toBe("db:5432/u")
    expect(waitDelayMs(1)).toBe(500)
    expect(waitDelayMs(10)).toBe(5000)
  })

  const adminUrl = process.env.TEST_DATABASE_URL
  const onPostgres = TEST_DB === "postgres" && adminUrl !== undefined
  it(
    onPostgres
      ? "PostgreSQL: a wrong password or a missing database stops at once, without waiting, with a sentence saying which"
      : "PGlite pass (a real PostgreSQL is asked in the PostgreSQL pass): a wrong password or a missing database stops at once",
    async () => {
      if (!onPostgres) return
      const time = fakeTime()
      const wrongPassword = new URL(adminUrl)
      wrongPassword.password = "not-the-password"
      await expect(waitForDatabase(wrongPassword.toString(), { waitMs: 60_000, sleep: time.sleep, now: time.now })).rejects.toThrow(
        `refused the password of user "${decodeURIComponent(wrongPassword.username)}"`,
      )
      const missing = new URL(adminUrl)
      missing.pathname = "/promed_no_such_database"
      await expect(waitForDatabase(missing.toString(), { waitMs: 60_000, sleep: time.sleep, now: time.now })).rejects.toThrow(
        'has no database "promed_no_such_database"',
      )
      expect(time.slept).toEqual([])
      await expect(waitForDatabase(adminUrl, { waitMs: 0 })).resolves.toBeUndefined()
    },
  )
})
