import { postgresReachable, seededBenchDatabase } from "./benchDatabase.ts"
import { startGatewayProcess, type RunningGateway } from "./gatewayProcess.ts"
import { loadTest, type LoadResult } from "./load.ts"
import { percentile, printTable } from "./report.ts"
import { loadFixtures, searchRequests, weekSlotRequests } from "./workload.ts"

const SIZES = (process.env.BENCH_SIZES ?? "1000,10000,100000").split(",").map(Number)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10) / 2

/** Issue 12: from the smallest set to the largest, the search p50 may grow this much at most. */
const SEARCH_GROWTH_BUDGET = 1.5

const median = (values: ReadonlyArray<number>) => percentile(values, 50)

/**
 * The same search and slot reads at 1,000, 10,000 and 100,000 doctors (one week of slots each, so
 * the largest stays a few million rows): latency that grows with the data shows a scan. One
 * gateway per set runs throughout and the sets take turns, round after round, each figure the
 * median of its rounds: a neighbour's load on this shared host then falls on every set alike
 * instead of on whichever was measured at that moment (one set after the other, the ratio of two
 * 5-second runs moved between 1.3 and 2.4 in an hour).
 */
export async function costGrowthSection(): Promise<void> {
  if (!(await postgresReachable())) {
    console.log("\nHow cost grows: NOT RUN (no PostgreSQL)")
    return
  }
  const databaseUrls: string[] = []
  for (const size of SIZES) databaseUrls.push(await seededBenchDatabase(size, 1))
  const gateways: RunningGateway[] = []
  try {
    // The read cache is off: this table is about what the database does as it grows.
    for (const [i, databaseUrl] of databaseUrls.entries()) gateways.push(await startGatewayProcess({ port: 8295 + i, databaseUrl, readCacheMs: 0 }))
    const fixtures = await Promise.all(databaseUrls.map((url) => loadFixtures(url, 10)))
    const runs = SIZES.map(() => ({ search: [] as LoadResult[], slots: [] as LoadResult[] }))
    // Round 0 warms every gateway and its database up and is not counted.
    for (let round = 0; round <= ROUNDS; round++) {
      for (const [i, gateway] of gateways.entries()) {
        const base = { origin: gateway.origin, connections: 10, seconds: round === 0 ? 2 : SECONDS }
        const search = await loadTest({ ...base, name: "search", next: searchRequests() })
        const slots = await loadTest({ ...base, name: "slots", next: weekSlotRequests(fixtures[i]!) })
        if (round > 0) {
          runs[i]!.search.push(search)
          runs[i]!.slots.push(slots)
        }
      }
    }
    const rows = runs.map(({ search, slots }, i) => {
      const of = (results: LoadResult[], key: "p50" | "p95") => median(results.map((r) => r[key]))
      const errors = [...search, ...slots].reduce((total, r) => total + r.errors, 0)
      return [SIZES[i]!.toLocaleString("en"), of(search, "p50"), of(search, "p95"), of(slots, "p50"), of(slots, "p95"), errors]
    })
    printTable(
      `How cost grows (PostgreSQL, 10 connections, median of ${ROUNDS} rounds of ${SECONDS} s)`,
      ["doctors", "search p50 ms", "search p95 ms", "week slots p50 ms", "week slots p95 ms", "errors"],
      rows,
    )
    const growth = (rows.at(-1)![1] as number) / (rows[0]![1] as number)
    const verdict = growth <= SEARCH_GROWTH_BUDGET && rows.every((row) => row[5] === 0) ? "ok" : "OVER"
    console.log(`search p50 from ${rows[0]![0]} to ${rows.at(-1)![0]} doctors: ×${growth.toFixed(3)} (budget ×${SEARCH_GROWTH_BUDGET}, 0 errors): ${verdict}`)
  } finally {
    await Promise.all(gateways.map((gateway) => gateway.stop()))
  }
}
