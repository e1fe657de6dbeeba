import pg from "pg"
import { postgresReachable, seededBenchDatabase } from "./benchDatabase.ts"
import { startGatewayProcess, tokenFor } from "./gatewayProcess.ts"
import { loadTest, type LoadResult } from "./load.ts"
import { printTable, verdict } from "./report.ts"
import { bookingRequests, loadFixtures, profileRequests, searchRequests, weekSlotRequests } from "./workload.ts"

const READ_P95_BUDGET_MS = 50
const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const BENCH_REASON = "Consultation de suivi"

/**
 * The gateway under load on PostgreSQL with 10,000 doctors: searches, profiles, a week of slots and
 * bookings, from this process against a gateway process on loopback. Budget: reads p95 < 50 ms at
 * 50 connections, zero errors.
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
  const results: Array<LoadResult & { served: string }> = []
  // As served (public reads cached for a few seconds, emptied by every write), then with the cache
  // off, so the database's own share stays visible; bookings run last, on the served gateway.
  for (const { served, readCacheMs } of [
    { served: "as served", readCacheMs: undefined },
    { served: "cache off", readCacheMs: 0 },
  ]) {
    const gateway = await startGatewayProcess({ port: 8290, databaseUrl, readCacheMs })
    try {
      const base = { origin: gateway.origin, connections: CONNECTIONS, seconds: SECONDS }
      // A short warm-up so the first measured requests don't pay for cold connections and JIT.
      await loadTest({ ...base, seconds: 2, name: "warm-up", next: searchRequests() })
      for (const read of reads) results.push({ ...(await loadTest({ ...base, ...read })), served })
      if (readCacheMs === undefined) {
        const token = await tokenFor(gateway.origin, "patient2@demo.sn")
        results.push({ ...(await loadTest({ ...base, name: "booking", token, next: bookingRequests(fixtures), expectStatus: 201 })), served })
      }
    } finally {
      await gateway.stop()
      await releaseBenchBookings(databaseUrl, fixtures.patientId)
    }
  }
  printTable(
    `Gateway under load (PostgreSQL, 10,000 doctors, ${CONNECTIONS} connections, ${SECONDS} s each)`,
    ["call", "gateway", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors", "budget (reads p95 < 50 ms, 0 errors)"],
    results.map((r) => [
      r.name,
      r.served,
      Math.round(r.rps),
      r.p50,
      r.p95,
      r.p99,
      r.errors,
      r.errors > 0
        ? "ERRORS"
        : r.name === "booking"
          ? "ok (no budget on latency)"
          : r.served === "cache off"
            ? "(for comparison)"
            : verdict(r.p95, READ_P95_BUDGET_MS),
    ]),
  )
}

/** Frees the slots the booking run took, so the next run finds them free again. */
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
  } finally {
    await client.end()
  }
}
