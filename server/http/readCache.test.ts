import { gunzipSync } from "node:zlib"
import { describe, expect, it } from "vitest"
import { ReadCache } from "./readCache.ts"
import { testIds } from "../../schemas/testIds.ts"

function clock() {
  let now = 0
  return { now: () => now, advance: (ms: number) => void (now += ms) }
}

describe("ReadCache", () => {
  it("keeps a body for its time limit, then loads it again", async () => {
    const time = clock()
    const cache = new ReadCache(5_000, 1_000, time.now)
    let loads = 0
    const load = async () => ({ n: ++loads })
    expect(await cache.json("k", load)).toBe('{"n":1}')
    time.advance(4_999)
    expect(await cache.json("k", load)).toBe('{"n":1}')
    time.advance(1)
    expect(await cache.json("k", load)).toBe('{"n":2}')
  })

  it("loads a miss once for every request waiting on it", async () => {
    const cache = new ReadCache(5_000)
    let loads = 0
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const load = async () => {
      loads++
      await gate
      return [1, 2]
    }
    const waiting = Array.from({ length: 50 }, () => cache.json("k", load))
    release()
    expect(new Set(await Promise.all(waiting))).toEqual(new Set(["[1,2]"]))
    expect(loads).toBe(1)
  })

  it("gzips a kept body once for all its hits, and a body it does not keep each time", async () => {
    const cache = new ReadCache(5_000)
    const load = async () => ({ text: "consultation ".repeat(100) })
    const first = await cache.read("k", load)
    const again = await cache.read("k", load)
    expect(again.body).toBe(first.body)
    expect(again.gzipped()).toBe(first.gzipped())
    expect(gunzipSync(first.gzipped()).toString()).toBe(first.body)
    cache.clear()
    expect((await cache.read("k", load)).gzipped()).not.toBe(first.gzipped())
    const off = new ReadCache(0)
    const unkept = await off.read("k", load)
    expect(gunzipSync(unkept.gzipped()).toString()).toBe(unkept.body)
  })

  it("counts a kept gzip in its size, dropping the oldest bodies when it goes over", async () => {
    const load = async () => "consultation ".repeat(100) // 1,302 characters as JSON, a gzip of some 40 bytes
    const cache = new ReadCache(5_000, 2 * 1_302 + 10)
    await cache.read("a", load)
    await cache.read("b", load)
    expect(cache.size).toBe(2)
    const gzip = (await cache.read("b", load)).gzipped()
    expect(gzip.byteLength).toBeGreaterThan(10)
    expect(cache.size).toBe(1)
    let loads = 0
    expect(await cache.json("b", async () => `${++loads}`)).not.toBe('"1"')
    expect(await cache.json("a", async () => `${++loads}`)).toBe('"1"')
  })

  it("does not keep a failure", async () => {
    const cache = new ReadCache(5_000)
    await expect(cache.json("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down")
    expect(await cache.json("k", async () => "up")).toBe('"up"')
  })

  it("is emptied by clear, and drops its oldest bodies when over its size", async () => {
    const cache = new ReadCache(5_000, 12) // two bodies of 6 characters
    let loads = 0
    const load = async () => `${++loads}`.padEnd(4, "x")
    await cache.json("a", load)
    await cache.json("b", load)
    expect(cache.size).toBe(2)
    await cache.json("c", load)
    expect(cache.size).toBe(2)
    expect(await cache.json("a", load)).toBe('"4xxx"')
    cache.clear()
    expect(cache.size).toBe(0)
    expect(await cache.json("b", load)).toBe('"5xxx"')
  })

  it("loads every time when its time limit is 0", async () => {
    const cache = new ReadCache(0)
    let loads = 0
    const load = async () => ++loads
    await cache.json("k", load)
    await cache.json("k", load)
    expect(loads).toBe(2)
    expect(cache.size).toBe(0)
  })

  it("drops, for a write about one doctor, that doctor's reads and every search, and keeps the other doctors'", async () => {
    const cache = new ReadCache(5_000)
    let loads = 0
    const load = async () => ++loads
    await cache.json("doctor:a", load, testIds.doctor("a"))
    await cache.json("slots:a:week", load, testIds.doctor("a"))
    await cache.json("doctor:b", load, testIds.doctor("b"))
    await cache.json("search:cardiology", load)
    cache.invalidate({ doctors: ["a"] })
    expect(await cache.json("doctor:b", load, testIds.doctor("b"))).toBe("3")
    expect(await cache.json("doctor:a", load, testIds.doctor("a"))).toBe("5")
    expect(await cache.json("slots:a:week", load, testIds.doctor("a"))).toBe("6")
    expect(await cache.json("search:cardiology", load)).toBe("7")
    cache.invalidate("all")
    expect(await cache.json("doctor:b", load, testIds.doctor("b"))).toBe("8")
  })

  it("drops, for a write of one doctor's slots, that doctor's reads and the searches showing them, and keeps the other searches", async () => {
    const cache = new ReadCache(5_000)
    const listed = (body: string) => new Set<string>(JSON.parse(body).shows)
    let loads = 0
    const search = (shows: string[]) => async () => ({ shows, load: ++loads })
    await cache.json("search:a-and-b", search(["a", "b"]), listed)
    await cache.json("search:b", search(["b"]), listed)
    await cache.json("search:unsaid", search(["b"]))
    await cache.json("doctor:a", search([]), testIds.doctor("a"))
    let finish: (value: unknown) => void = () => {}
    const loading = cache.json("search:loading", () => new Promise((resolve) => (finish = resolve)), listed)
    cache.invalidate({ doctors: ["a"], slotsOnly: true })
    finish({ shows: ["b"], load: 0 })
    await loading
    expect(JSON.parse(await cache.json("search:b", search(["b"]), listed)).load).toBe(2)
    expect(JSON.parse(await cache.json("search:a-and-b", search(["a", "b"]), listed)).load).toBe(5)
    expect(JSON.parse(await cache.json("search:unsaid", search(["b"]))).load).toBe(6)
    expect(JSON.parse(await cache.json("doctor:a", search([]), testIds.doctor("a"))).load).toBe(7)
    expect(JSON.parse(await cache.json("search:loading", search(["b"]), listed)).load).toBe(8)
    // Any other write about the doctor may move them into any search.
    cache.invalidate({ doctors: ["a"] })
    expect(JSON.parse(await cache.json("search:b", search(["b"]), listed)).load).toBe(9)
  })

  it("reads through while suspended (its bus cannot hear other gateways' writes)", async () => {
    const cache = new ReadCache(5_000)
    let loads = 0
    const load = async () => ++loads
    await cache.json("k", load)
    cache.suspended = true
    expect(await cache.json("k", load)).toBe("2")
    expect(await cache.json("k", load)).toBe("3")
  })

  describe("while the database is out of reach", () => {
    /** What node-postgres throws when PostgreSQL refuses the connection. */
    const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })
    const down = async (): Promise<never> => {
      throw refused()
    }

    it("answers an expired body again, marked stale with its age, and loads it afresh once the database is back", async () => {
      const time = clock()
      const cache = new ReadCache(5_000, 100_000, time.now)
      let loads = 0
      const load = async () => ({ n: ++loads })
      expect((await cache.read("k", load)).staleSeconds).toBeUndefined()
      time.advance(65_000)
      expect(await cache.read("k", down)).toMatchObject({ body: '{"n":1}', staleSeconds: 65 })
      // Kept for the next outage answer too.
      time.advance(1_000)
      expect(await cache.read("k", down)).toMatchObject({ body: '{"n":1}', staleSeconds: 66 })
      const fresh = await cache.read("k", load)
      expect([fresh.body, fresh.staleSeconds]).toEqual(['{"n":2}', undefined])
    })

    it("answers stale for at most 30 minutes, and never for a failure that is not an outage (a bug)", async () => {
      const time = clock()
      const cache = new ReadCache(5_000, 100_000, time.now)
      await cache.read("k", async () => 1)
      time.advance(30 * 60_000)
      expect((await cache.read("k", down)).staleSeconds).toBe(1800)
      await expect(
        cache.read("k", async () => {
          throw new TypeError("a bug")
        }),
      ).rejects.toThrow("a bug")
      time.advance(1)
      await expect(cache.read("k", down)).rejects.toThrow("ECONNREFUSED")
    })

    it("has nothing to answer for a read it never made", async () => {
      const cache = new ReadCache(5_000)
      await expect(cache.read("never", down)).rejects.toThrow("ECONNREFUSED")
    })

    it("while suspended (the listener lost), keeps what it held for outage answers, never as fresh, and drops it all on clear", async () => {
      const time = clock()
      const cache = new ReadCache(5_000, 100_000, time.now)
      let loads = 0
      const load = async () => ++loads
      await cache.json("k", load)
      cache.suspended = true
      expect(await cache.json("k", load)).toBe("2")
      expect(await cache.read("k", down)).toMatchObject({ body: "1", staleSeconds: 0 })
      cache.clear()
      cache.suspended = false
      await expect(cache.read("k", down)).rejects.toThrow("ECONNREFUSED")
    })

    it("with the cache turned off (READ_CACHE_MS=0) keeps nothing, so has nothing stale to answer", async () => {
      const cache = new ReadCache(0)
      await cache.read("k", async () => 1)
      await expect(cache.read("k", down)).rejects.toThrow("ECONNREFUSED")
    })
  })
})
