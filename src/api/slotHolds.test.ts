import { afterEach, describe, expect, it, vi } from "vitest"
import type { TimeSlot } from "../../schemas/availability.ts"
import { configureApiClient } from "./client.ts"
import { armSlotRelease, releaseSlotOnUnload } from "./slotHolds.ts"

const slotId = "0b7f7e5e-4c7e-4a53-9a0e-2f1d5c3b9a10" as TimeSlot["id"]
const RELEASE_URL = `/api/v1/time-slots/${slotId}/hold`

configureApiClient({ getToken: () => "token-1", onSessionError: () => {} })

afterEach(() => vi.unstubAllGlobals())

describe("a held slot's release, armed with the browser (fetchLater)", () => {
  it("is handed to fetchLater as the session's DELETE of the hold, and disarming aborts it", () => {
    const fetchLater = vi.fn()
    vi.stubGlobal("fetchLater", fetchLater)
    const disarm = armSlotRelease(slotId)
    expect(fetchLater).toHaveBeenCalledTimes(1)
    const [url, init] = fetchLater.mock.calls[0] as [string, RequestInit]
    expect(url).toBe(RELEASE_URL)
    expect(init.method).toBe("DELETE")
    expect(init.headers).toEqual({ Authorization: "Bearer token-1" })
    expect(init.credentials).toBe("include")
    expect(init.signal?.aborted).toBe(false)
    expect(disarm).toBeTypeOf("function")
    disarm!()
    expect(init.signal?.aborted).toBe(true)
  })

  it("cannot be armed without fetchLater (Firefox, Safari, an insecure page) or past its quota: null, for pagehide to send it", () => {
    vi.stubGlobal("fetchLater", undefined)
    expect(armSlotRelease(slotId)).toBeNull()
    vi.stubGlobal("fetchLater", () => {
      throw new DOMException("quota", "QuotaExceededError")
    })
    expect(armSlotRelease(slotId)).toBeNull()
  })
})

describe("a held slot's release sent at pagehide", () => {
  it("is a keepalive DELETE of the hold with the bearer, its answer not awaited", () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError("offline")))
    vi.stubGlobal("fetch", fetch)
    expect(releaseSlotOnUnload(slotId)).toBeUndefined()
    expect(fetch).toHaveBeenCalledWith(RELEASE_URL, { method: "DELETE", headers: { Authorization: "Bearer token-1" }, credentials: "include", keepalive: true })
  })
})
