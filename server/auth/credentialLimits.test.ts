import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { accountKey, addressKey, clientKey, CREDENTIAL_LIMITS, MemoryCredentialLimits, type CredentialLimits } from "./credentialLimits.ts"
import { DatabaseCredentialLimits } from "./databaseCredentialLimits.ts"
import { testIds } from "../../schemas/testIds.ts"

let gw: TestGateway
beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw?.stop()
})

describe("client keys", () => {
  it("count an IPv4 address alone, an IPv4-mapped IPv6 address as its IPv4, and IPv6 by its /64", () => {
    expect(clientKey("203.0.113.7").id).toBe("203.0.113.7")
    expect(clientKey("::ffff:203.0.113.7").id).toBe("203.0.113.7")
    expect(clientKey("2001:db8:1:2::1").id).toBe("2001:db8:1:2::/64")
    expect(clientKey("2001:0DB8:0001:0002:ffff:1:2:3").id).toBe("2001:db8:1:2::/64")
    expect(clientKey("2001:db8::1").id).toBe("2001:db8:0:0::/64")
    expect(clientKey("fe80::1%eth0").id).toBe("fe80:0:0:0::/64")
    expect(clientKey("::1").id).toBe("0:0:0:0::/64")
    expect(clientKey("unknown").id).toBe("unknown")
  })
})

type Clocked = (now: () => number) => CredentialLimits
const IMPLEMENTATIONS: ReadonlyArray<[string, Clocked]> = [
  ["in memory", (now) => new MemoryCredentialLimits(CREDENTIAL_LIMITS, now)],
  ["in the database", (now) => new DatabaseCredentialLimits(gw.db, CREDENTIAL_LIMITS, now)],
]

let run = 0
/** Keys of their own for each test, as the database is shared by the file. */
const fresh = (name: string) => `${name}-${++run}`

describe.each(IMPLEMENTATIONS)("the limits kept %s", (_, make) => {
  it("answer how long until a locked key frees up, without counting refused attempts", async () => {
    let now = 0
    const limits = make(() => now)
    const key = [accountKey(testIds.user(fresh("u")))]
    for (let i = 0; i < 5; i++) {
      expect(await limits.attempt(key)).toBe(0)
      now += 60_000
    }
    // Attempts at 0, 1, ..., 4 minutes: the first leaves the window at 15 minutes.
    expect(await limits.attempt(key)).toBe(10 * 60_000)
    now = 15 * 60_000 + 1
    expect(await limits.attempt(key)).toBe(0)
    expect(await limits.attempt(key)).toBe(60_000 - 1)
  })

  it("lock every key of an attempt when one is at its limit, and count nothing then", async () => {
    const now = 0
    const limits = make(() => now)
    const client = clientKey(`198.51.100.${++run % 250}`)
    const locked = accountKey(testIds.user(fresh("locked")))
    for (let i = 0; i < 5; i++) expect(await limits.attempt([locked])).toBe(0)
    expect(await limits.attempt([locked, client])).toBeGreaterThan(0)
    // The client's network was not counted by the refused attempt: 20 more go through.
    for (let i = 0; i < 20; i++) expect(await limits.attempt([accountKey(testIds.user(fresh("other"))), client])).toBe(0)
    expect(await limits.attempt([accountKey(testIds.user(fresh("other"))), client])).toBeGreaterThan(0)
  })

  it("forget an account's failures on success, but only the one attempt of a client's network", async () => {
    const now = 0
    const limits = make(() => now)
    const account = accountKey(testIds.user(fresh("a")))
    const address = addressKey(`${fresh("someone")}@example.sn`)
    const client = clientKey(`203.0.113.${++run % 250}`)
    for (let i = 0; i < 19; i++) await limits.attempt([accountKey(testIds.user(fresh("spray"))), client])
    for (let i = 0; i < 4; i++) await limits.attempt([account, address])
    await limits.attempt([account, address, client])
    await limits.succeeded([account, address, client])
    // The account and the address start again from 0; the client still holds its 19 failures.
    for (let i = 0; i < 5; i++) expect(await limits.attempt([account, address])).toBe(0)
    expect(await limits.attempt([client])).toBe(0)
    expect(await limits.attempt([client])).toBeGreaterThan(0)
  })

  it("let exactly as many parallel guesses through as the limit allows", async () => {
    const limits = make(() => 0)
    const key = [accountKey(testIds.user(fresh("parallel")))]
    const answers = await Promise.all(Array.from({ length: 12 }, () => limits.attempt(key)))
    expect(answers.filter((wait) => wait === 0)).toHaveLength(5)
  })
})

describe("the in-memory limits", () => {
  it("stay within their size when flooded with made-up keys, keeping the newest", async () => {
    const limits = new MemoryCredentialLimits(CREDENTIAL_LIMITS, () => 0, 100)
    for (let i = 0; i < 1_000; i++) await limits.attempt([accountKey(testIds.user(`flood${i}`))])
    const held = (limits as unknown as { attempts: Map<string, number[]> }).attempts
    expect(held.size).toBeLessThanOrEqual(100)
    expect(held.has("account:flood999")).toBe(true)
  })
})
