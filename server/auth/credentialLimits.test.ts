import { describe, expect, it } from "vitest"
import { accountKey, clientKey, CREDENTIAL_LIMITS, MemoryCredentialLimits } from "./credentialLimits.ts"

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

describe("the in-memory limits", () => {
  it("answer how long until a locked key frees up, without counting refused attempts", async () => {
    let now = 0
    const limits = new MemoryCredentialLimits(CREDENTIAL_LIMITS, () => now)
    const key = [accountKey("u1")]
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

  it("stay within their size when flooded with made-up keys, keeping the newest", async () => {
    const limits = new MemoryCredentialLimits(CREDENTIAL_LIMITS, () => 0, 100)
    for (let i = 0; i < 1_000; i++) await limits.attempt([accountKey(`flood${i}`)])
    const held = (limits as unknown as { attempts: Map<string, number[]> }).attempts
    expect(held.size).toBeLessThanOrEqual(100)
    expect(held.has("account:flood999")).toBe(true)
  })
})
