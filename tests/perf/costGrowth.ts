import { postgresReachable, seededBenchDatabase } from "./benchDatabase.ts"
import { startGatewayProcess } from "./gatewayProcess.ts"
import { loadTest } from "./load.ts"
import { printTable } from "./report.ts"
import { loadFixtures, searchRequests, weekSlotRequests } from "./workload.ts"

const SIZES = (process.env.BENCH_SIZES ?? "1000,10000,100000").split(",").map(Number)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10) / 2

/**
 * The same search and slot reads at 1,000, 10,000 and 100,000 doctors (one week of slots each, so
 * the largest stays a few million rows): latency that grows with the data shows a scan.
 */
export async function costGrowthSection(): Promise<void> {
  if (!(await postgresReachable())) {
    console.log("\nHow cost grows: NOT RUN (no PostgreSQL)")
    return
  }
  const rows: Array<Array<string | number>> = []
  for (const size of SIZES) {
    const databaseUrl = await seededBenchDatabase(size, 1)
    // The read cache is off: this table is about what the database does as it grows.
    const gateway = await startGatewayProcess({ port: 8291, databaseUrl, readCacheMs: 0 })
    try {
      const fixtures = await loadFixtures(databaseUrl, 10)
      const base = { origin: gateway.origin, connections: 10, seconds: SECONDS }
      await loadTest({ ...base, seconds: 2, name: "warm-up", next: searchRequests() })
      const search = await loadTest({ ...base, name: "search", next: searchRequests() })
      const slots = await loadTest({ ...base, name: "slots", next: weekSlotRequests(fixtures) })
      rows.push([size.toLocaleString("en"), search.p50, search.p95, slots.p50, slots.p95, search.errors + slots.errors])
    } finally {
      await gateway.stop()
    }
  }
  printTable(
    "How cost grows (PostgreSQL, 10 connections)",
    ["doctors", "search p50 ms", "search p95 ms", "week slots p50 ms", "week slots p95 ms", "errors"],
    rows,
  )
}
