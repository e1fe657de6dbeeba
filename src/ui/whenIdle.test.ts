import { afterEach, describe, expect, it, vi } from "vitest"
import { whenIdle } from "./whenIdle.ts"

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe("whenIdle", () => {
  it("asks the browser for an idle moment, with the latest time given", () => {
    const asked = vi.fn()
    vi.stubGlobal("requestIdleCallback", asked)
    const callback = () => {}
    whenIdle(callback, 2000)
    expect(asked).toHaveBeenCalledWith(callback, { timeout: 2000 })
  })

  it("runs after the current task where there is no requestIdleCallback (Safari)", () => {
    vi.stubGlobal("requestIdleCallback", undefined)
    vi.useFakeTimers()
    const callback = vi.fn()
    whenIdle(callback, 2000)
    expect(callback).not.toHaveBeenCalled()
    vi.advanceTimersByTime(0)
    expect(callback).toHaveBeenCalledOnce()
  })
})
