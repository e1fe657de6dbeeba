import { describe, expect, it } from "vitest"
import { idempotencyKeys } from "./idempotencyKeys.ts"

describe("idempotency keys by request (issue 13)", () => {
  it("gives the same request the same key, and another request a new one", () => {
    const keyFor = idempotencyKeys()
    const first = keyFor("slot-a")
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(keyFor("slot-a")).toBe(first)
    expect(keyFor("slot-b")).not.toBe(first)
    expect(keyFor("slot-a")).toBe(first)
  })

  it("keeps keys apart between two forms", () => {
    expect(idempotencyKeys()("slot-a")).not.toBe(idempotencyKeys()("slot-a"))
  })
})
