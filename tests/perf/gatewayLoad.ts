import { readdirSync, readFileSync } from "node:fs"
import pg from "pg"
import { postgresReachable, seededBenchDatabase } from "./benchDatabase.ts"
import { cpuSecondsOf, startGatewayProcess, tokenFor, type RunningGateway } from "./gatewayProcess.ts"
import { loadTest, type LoadOptions, type LoadRequest, type LoadResult } from "./load.ts"
import { printTable, verdict } from "./report.ts"
import { BENCH_REASON, bookingRequests, loadFixtures, profileRequests, searchRequests, weekSlotRequests } from "./workload.ts"

const READ_P95_BUDGET_MS = 50
const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const MEMORY_BURSTS = 4

type Row = LoadResult & { served: string; rssMb: number; gatewayCpuMs: number; databaseCpuMs: number | null }

/**
 * CPU seconds used so far by the PostgreSQL processes of this machine, or null when the database
 * is elsewhere or not readable. Backends that ended count through the postmaster that reaped them:
 * without them the sum fell when a pool closed a connection during a run (−0.01 ms a request).
 */
function databaseCpuSeconds(): number | null {
  const commandOf = (pid: string) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, "utf8").trim()
    } catch {
      return "" // ended meanwhile, or not ours to read
    }
  }
  const pids = readdirSync("/proc").filter((entry) => /^\d+$/.test(entry) && commandOf(entry) === "postgres")
  return pids.length === 0 ? null : sum(pids.map((pid) => cpuSecondsOf(Number(pid), { reapedChildren: true })))
}

/**
 * The gateway under load on PostgreSQL with 10,000 doctors: searches, profiles, a week of slots and
 * bookings, from this process against compiled gateway processes on loopback. Budget: reads p95 <
 * 50 ms at 50 connections, zero errors, with the read cache on and off (a first visit is uncached).
 * Then two gateways on the one database share the same load. The resident memory of each gateway
 * is read after every run: it must level off, not keep rising from one burst to the next. The CPU
 * time each request cost the gateways and the local PostgreSQL is printed beside the latencies:
 * on a shared machine it moves far less than they do with the neighbours' load.
 */
export async function gatewayLoadSection(): Promise<void> {
  if (!(await postgresReachable())) {
    console.log("\nGateway under load: NOT RUN (no PostgreSQL; run .ci/run or set BENCH_DATABASE_URL)")
    return
  }
  const databaseUrl = await seededBenchDatabase(10_000)
  const fixtures = await loadFixtures(databaseUrl, 20_000)
  const reads = [
    { name: "doctor search", next: searchRequests() },
    { name: "doctor profile", next: profileRequests(fixtures) },
    { name: "slots of one week", next: weekSlotRequests(fixtures) },
  ]
  const rows: Row[] = []
  const memory: Array<{ served: string; start: number; bursts: number[] }> = []
  const token = { value: "" }
  const run = async (served: string, gateways: ReadonlyArray<RunningGateway>, options: Omit<LoadOptions, "origin" | "connections" | "seconds">) => {
    const cpuBefore = { gateway: sum(gateways.map((g) => g.cpuSeconds())), database: databaseCpuSeconds() }
    const result = await loadTest({ ...options, origin: gateways.map((g) => g.origin), connections: CONNECTIONS, seconds: SECONDS })
    const cpuAfter = { gateway: sum(gateways.map((g) => g.cpuSeconds())), database: databaseCpuSeconds() }
    const perRequestMs = (seconds: number) => (seconds * 1000) / Math.max(result.requests, 1)
    const rssMb = Math.max(...gateways.map((g) => g.rssMb()))
    rows.push({
      ...result,
      served,
      rssMb,
      gatewayCpuMs: perRequestMs(cpuAfter.gateway - cpuBefore.gateway),
      databaseCpuMs: cpuBefore.database === null || cpuAfter.database === null ? null : perRequestMs(cpuAfter.database - cpuBefore.database),
    })
  }
  for (const { served, readCacheMs, instances } of [
    { served: "as served", readCacheMs: undefined, instances: 1 },
    { served: "cache off", readCacheMs: 0, instances: 1 },
    { served: "2 gateways", readCacheMs: undefined, instances: 2 },
  ]) {
    const gateways: RunningGateway[] = []
    try {
      for (let i = 0; i < instances; i++) gateways.push(await startGatewayProcess({ port: 8290 + i, databaseUrl, readCacheMs }))
      const origins = gateways.map((g) => g.origin)
      const started = Math.max(...gateways.map((g) => g.rssMb()))
      // A short warm-up so the first measured requests don't pay for cold connections and JIT.
      await loadTest({ origin: origins, connections: CONNECTIONS, seconds: 2, name: "warm-up", next: searchRequests() })
      for (const read of reads) await run(served, gateways, read)
      if (readCacheMs === undefined) {
        token.value ||= await tokenFor(origins[0]!, "patient2@demo.sn")
        await run(served, gateways, { name: "booking", token: token.value, next: bookingRequests(fixtures), expectStatus: 201 })
      }
      if (instances === 1 && readCacheMs === undefined) {
        // The outside probe's pattern: bursts of mixed reads, memory read after each.
        const bursts: number[] = []
        for (let i = 0; i < MEMORY_BURSTS; i++) {
          await loadTest({ origin: origins, connections: CONNECTIONS, seconds: SECONDS, name: "burst", next: mixedReads(reads) })
          bursts.push(gateways[0]!.rssMb())
        }
        memory.push({ served, start: started, bursts })
      }
    } finally {
      await Promise.all(gateways.map((g) => g.stop()))
      await releaseBenchBookings(databaseUrl, fixtures.patientId)
    }
  }
  printTable(
    `Gateway under load (PostgreSQL, 10,000 doctors, ${CONNECTIONS} connections, ${SECONDS} s each, compiled server)`,
    [
      "call",
      "gateway",
      "req/s",
      "p50 ms",
      "p95 ms",
      "p99 ms",
      "errors",
      "CPU ms/req gateway",
      "CPU ms/req PostgreSQL",
      "RSS MB after",
      "budget (reads p95 < 50 ms, 0 errors)",
    ],
    rows.map((r) => [
      r.name,
      r.served,
      Math.round(r.rps),
      r.p50,
      r.p95,
      r.p99,
      r.errors,
      r.gatewayCpuMs.toFixed(2),
      r.databaseCpuMs === null ? "n/a" : r.databaseCpuMs.toFixed(2),
      Math.round(r.rssMb),
      r.errors > 0 ? "ERRORS" : r.name === "booking" ? "ok (no budget on latency)" : verdict(r.p95, READ_P95_BUDGET_MS),
    ]),
  )
  printTable(
    `Gateway memory over ${MEMORY_BURSTS} bursts of mixed reads (${SECONDS} s each)`,
    ["gateway", "RSS MB at start", ...Array.from({ length: MEMORY_BURSTS }, (_, i) => `after burst ${i + 1}`), "budget (last ≤ first burst + 10 %)"],
    memory.map(({ served, start, bursts }) => [
      served,
      Math.round(start),
      ...bursts.map(Math.round),
      bursts.at(-1)! <= bursts[0]! * 1.1 ? "ok (levels off)" : "RISING",
    ]),
  )
}

const sum = (values: ReadonlyArray<number>) => values.reduce((a, b) => a + b, 0)

/** Searches, profiles and week slots interleaved, as visitors make them. */
function mixedReads(reads: ReadonlyArray<{ next: () => LoadRequest }>): () => LoadRequest {
  let i = 0
  return () => reads[i++ % reads.length]!.next()
}

/**
 * Frees the slots the booking run took, so the next run finds them free again, and vacuums what
 * that left behind: otherwise autovacuum does it during the next gateway's reads, whose CPU and
 * latency then count the booking run's clean-up (PostgreSQL's CPU a search 0.52 ms against 0.33-0.41
 * alone, 1 Dec).
 */
async function releaseBenchBookings(databaseUrl: string, patientId: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(
      `update time_slots set status = 'AVAILABLE' where id in (
         select time_slot_id from appointments where patient_id = $1 and reason = $2 and time_slot_id is not null)`,
      [patientId, BENCH_REASON],
    )
    await client.query("delete from appointments where patient_id = $1 and reason = $2", [patientId, BENCH_REASON])
    await client.query("vacuum (analyze) time_slots, appointments, jobs, idempotency_keys")
  } finally {
    await client.end()
  }
}
