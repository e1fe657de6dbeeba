import { eq, sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { openDatabase } from "../db/client.ts"
import { jobs } from "../db/schema.ts"
import { startTestGateway, TEST_DB, type TestGateway } from "../testing/testGateway.ts"
import { enqueue, removePending } from "./queue.ts"
import { JobWorker, startJobWorker, type JobHandler } from "./worker.ts"

let gw: TestGateway

beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw?.stop()
})

const T0 = new Date("2030-01-01T08:00:00Z")
const at = (ms: number) => new Date(T0.getTime() + ms)
/** PostgreSQL keeps microseconds and a Date milliseconds: a job due "now" may not yet be due for a worker asked in the same millisecond. */
const aSecondAgo = () => new Date(Date.now() - 1000)
const jobRow = async (id: string) => (await gw.db.select().from(jobs).where(eq(jobs.id, id)))[0]!

/** A handler that counts its runs per job id. */
function counting(): { handler: JobHandler; runs: Map<string, number> } {
  const runs = new Map<string, number>()
  return { runs, handler: async (job) => void runs.set(job.id, (runs.get(job.id) ?? 0) + 1) }
}

describe("job queue", () => {
  it("runs an enqueued job once, when it is due, and marks it done", async () => {
    const { handler, runs } = counting()
    const worker = new JobWorker(gw.db, { "test.once": handler })
    const id = (await enqueue(gw.db, { kind: "test.once", payload: { n: 1 }, runAt: at(60_000) }))!
    expect(await worker.runDue(T0)).toBe(0)
    expect(await worker.runDue(at(60_000))).toBe(1)
    expect(await worker.runDue(at(3600_000))).toBe(0)
    expect(runs.get(id)).toBe(1)
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 1, lockedUntil: null, payload: { n: 1 } })
    expect((await jobRow(id)).finishedAt).toBeInstanceOf(Date)
  })

  it("retries a failing handler after 1, then 2 units of backoff, then marks it failed with the last error", async () => {
    let calls = 0
    const failing = new JobWorker(
      gw.db,
      {
        "test.fails": async () => {
          calls++
          throw new Error(`boom ${calls}`)
        },
      },
      { backoffMs: 1000 },
    )
    const id = (await enqueue(gw.db, { kind: "test.fails", runAt: T0, maxAttempts: 3 }))!
    expect(await failing.runDue(T0)).toBe(1)
    expect(await jobRow(id)).toMatchObject({ status: "pending", attempts: 1, lastError: "boom 1", runAt: at(1000) })
    expect(await failing.runDue(at(999))).toBe(0)
    expect(await failing.runDue(at(1000))).toBe(1)
    expect(await jobRow(id)).toMatchObject({ status: "pending", attempts: 2, lastError: "boom 2", runAt: at(3000) })
    expect(await failing.runDue(at(2999))).toBe(0)
    expect(await failing.runDue(at(3000))).toBe(1)
    expect(await jobRow(id)).toMatchObject({ status: "failed", attempts: 3, lastError: "boom 3", lockedUntil: null })
    expect(await failing.runDue(at(3600_000))).toBe(0)
    expect(calls).toBe(3)
  })

  it("runs again a job left running by a killed worker once its lease has run out, not before", async () => {
    const { handler, runs } = counting()
    const worker = new JobWorker(gw.db, { "test.killed": handler }, { leaseMs: 60_000 })
    const id = (await enqueue(gw.db, { kind: "test.killed", runAt: T0 }))!
    // What a worker killed mid-run leaves behind: the row claimed, its lease until T0 + 1 min.
    await gw.db
      .update(jobs)
      .set({ status: "running", attempts: 1, lockedUntil: at(60_000) })
      .where(eq(jobs.id, id))
    expect(await worker.runDue(at(30_000))).toBe(0)
    expect(await worker.runDue(at(60_001))).toBe(1)
    expect(runs.get(id)).toBe(1)
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 2 })
  })

  it("enqueues a job once per dedupe key, also inside a transaction, and removes pending jobs by key prefix", async () => {
    const first = await enqueue(gw.db, { kind: "test.dedupe", dedupeKey: "dedupe:a:1", runAt: T0 })
    const again = await gw.db.transaction(async (tx) => enqueue(tx as never, { kind: "test.dedupe", dedupeKey: "dedupe:a:1", runAt: at(5) }))
    expect(first).toBeDefined()
    expect(again).toBeUndefined()
    await enqueue(gw.db, { kind: "test.dedupe", dedupeKey: "dedupe:a:2", runAt: T0 })
    await enqueue(gw.db, { kind: "test.dedupe", dedupeKey: "dedupe:b:1", runAt: T0 })
    const rows = await gw.db
      .select()
      .from(jobs)
      .where(sql`${jobs.dedupeKey} LIKE 'dedupe:%'`)
    expect(rows).toHaveLength(3)
    // A rolled-back transaction leaves no job behind.
    await expect(
      gw.db.transaction(async (tx) => {
        await enqueue(tx, { kind: "test.dedupe", dedupeKey: "dedupe:c:1" })
        throw new Error("rolled back")
      }),
    ).rejects.toThrow("rolled back")
    expect(await removePending(gw.db, "dedupe:a:")).toBe(2)
    const left = await gw.db
      .select({ key: jobs.dedupeKey })
      .from(jobs)
      .where(sql`${jobs.dedupeKey} LIKE 'dedupe:%'`)
    expect(left.map((r) => r.key)).toEqual(["dedupe:b:1"])
  })

  // PGlite runs one query at a time, so true contention needs PostgreSQL: the gateway script runs
  // this file on both, and on PGlite this case says so in its name instead of being skipped.
  const contended = TEST_DB === "postgres"
  it(
    contended
      ? "PostgreSQL: two workers on their own connections run 50 jobs concurrently, each exactly once"
      : "PGlite (serialised, PostgreSQL-only contention runs in the PostgreSQL pass): two workers run 50 jobs, each exactly once",
    async () => {
      const runs = new Map<string, number>()
      const slowCount: JobHandler = async (job) => {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1)
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      const ids = await Promise.all(Array.from({ length: 50 }, (_, i) => enqueue(gw.db, { kind: "test.race", payload: { i }, runAt: T0 })))
      const second = contended ? await openDatabase({ url: gw.url! }) : undefined
      try {
        const a = new JobWorker(gw.db, { "test.race": slowCount }, { batch: 3 })
        const b = new JobWorker(second?.db ?? gw.db, { "test.race": slowCount }, { batch: 3 })
        const [ranA, ranB] = await Promise.all([a.runDue(at(1000)), b.runDue(at(1000))])
        expect(ranA + ranB).toBe(50)
        if (contended) expect(Math.min(ranA, ranB)).toBeGreaterThan(0)
      } finally {
        await second?.close()
      }
      expect([...runs.keys()].sort()).toEqual([...ids].sort())
      expect([...runs.values()].every((n) => n === 1)).toBe(true)
      const statuses = await gw.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.kind, "test.race"))
      expect(statuses.map((s) => s.status)).toEqual(Array(50).fill("done"))
    },
    60_000,
  )

  it("runs due jobs at start and on its timer, and its stop waits for the run under way", async () => {
    const { handler, runs } = counting()
    const id = (await enqueue(gw.db, { kind: "test.timer" }))!
    const stop = startJobWorker(new JobWorker(gw.db, { "test.timer": handler }), 50)
    await enqueue(gw.db, { kind: "test.timer", dedupeKey: "timer:second" })
    await new Promise((resolve) => setTimeout(resolve, 400))
    await stop()
    expect(runs.get(id)).toBe(1)
    expect([...runs.values()]).toEqual([1, 1])
  })

  it("renews the lease of a job while it runs, so that another worker does not take it however long it takes", async () => {
    let release!: () => void
    const slow: JobHandler = () => new Promise<void>((resolve) => (release = resolve))
    const { handler: other, runs: otherRuns } = counting()
    const worker = new JobWorker(gw.db, { "test.long": slow }, { leaseMs: 300 })
    const id = (await enqueue(gw.db, { kind: "test.long", runAt: aSecondAgo() }))!
    const running = worker.runDue()
    const leases: number[] = []
    // Four leases long: without the heartbeat the claim would run out after the first 300 ms.
    for (let i = 0; i < 6; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      leases.push((await jobRow(id)).lockedUntil!.getTime())
      expect(await new JobWorker(gw.db, { "test.long": other }, { leaseMs: 300 }).runDue()).toBe(0)
    }
    expect(new Set(leases).size).toBeGreaterThan(3)
    release()
    expect(await running).toBe(1)
    expect(otherRuns.size).toBe(0)
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 1 })
  })

  it("stops its handler before the lease runs out when the renewals hang on a vanished database, before another worker may take the job", async () => {
    let seen: AbortSignal | undefined
    let abortedAfter = Infinity
    const started = Date.now()
    const hanging: JobHandler = (_job, { signal }) =>
      new Promise<void>((resolve) => {
        seen = signal
        signal.addEventListener("abort", () => {
          abortedAfter = Date.now() - started
          resolve()
        })
      })
    // The claim goes through; then every renewal waits for an answer that never comes.
    let claimed = false
    const vanishing = new Proxy(gw.db, {
      get(target, key, receiver) {
        if (key === "update" && claimed) return () => ({ set: () => ({ where: () => ({ returning: () => new Promise(() => {}) }) }) })
        if (key === "execute") claimed = true
        return Reflect.get(target, key, receiver) as unknown
      },
    })
    const worker = new JobWorker(vanishing, { "test.vanishing": hanging }, { leaseMs: 500 })
    await enqueue(gw.db, { kind: "test.vanishing", runAt: aSecondAgo() })
    await worker.runDue()
    expect(seen?.aborted).toBe(true)
    // A fifth of the lease before its end (400 ms), not after it.
    expect(abortedAfter).toBeLessThan(500)
  })

  it("at shutdown, hands a job that outlasts the grace back at once (due now, unlocked) and aborts its handler", async () => {
    let seen: AbortSignal | undefined
    const hangs: JobHandler = (_, { signal }) => {
      seen = signal
      return new Promise<void>(() => {})
    }
    const worker = new JobWorker(gw.db, { "test.hangs": hangs })
    const id = (await enqueue(gw.db, { kind: "test.hangs", runAt: aSecondAgo() }))!
    void worker.runDue()
    while (!seen) await new Promise((resolve) => setTimeout(resolve, 10))
    const stopped = Date.now()
    await worker.stop(200)
    expect(Date.now() - stopped).toBeLessThan(5_000)
    expect(seen.aborted).toBe(true)
    const row = await jobRow(id)
    expect(row).toMatchObject({ status: "pending", lockedUntil: null })
    expect(row.runAt.getTime()).toBeLessThanOrEqual(Date.now())
    // Due for the next worker at once.
    const { handler, runs } = counting()
    expect(await new JobWorker(gw.db, { "test.hangs": handler }).runDue()).toBe(1)
    expect(runs.get(id)).toBe(1)
  })

  it("at shutdown, lets a job that ends within the grace finish and records it done", async () => {
    const quick: JobHandler = () => new Promise((resolve) => setTimeout(resolve, 100))
    const worker = new JobWorker(gw.db, { "test.quick": quick })
    const id = (await enqueue(gw.db, { kind: "test.quick", runAt: aSecondAgo() }))!
    const running = worker.runDue()
    await new Promise((resolve) => setTimeout(resolve, 30))
    await worker.stop(5_000)
    expect(await running).toBe(1)
    expect(await jobRow(id)).toMatchObject({ status: "done" })
  })
})
