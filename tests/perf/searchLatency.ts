import { loadavg } from "node:os"
import { sql } from "drizzle-orm"
import { createApp } from "../../server/app.ts"
import { loadConfig } from "../../server/config.ts"
import { openDatabase, type Database } from "../../server/db/client.ts"
import { seed } from "../../server/db/seed.ts"
import { BENCH_ADMIN_URL, postgresReachable, seededBenchDatabase } from "./benchDatabase.ts"
import { percentile } from "./report.ts"

const DOCTORS = 10_000
const WARM_UP = 10
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 100)

const CLINIC = { providedServiceCodes: ["CLINIC"] }
/** Searches as the search page sends them (SPEC §7's body), page 1 of 10 unless said. */
const QUERIES: ReadonlyArray<{ name: string; body: Record<string, unknown> }> = [
  { name: "everyone, relevance", body: { query: CLINIC, sortBy: { property: "user.firstName", order: "desc" } } },
  { name: 'keyword "cardio"', body: { query: { ...CLINIC, keyword: "cardio" } } },
  { name: 'keyword "diop" (a name)', body: { query: { ...CLINIC, keyword: "diop" } } },
  {
    name: "cardiology in Dakar, by fee",
    body: { query: { ...CLINIC, specialtyCodes: ["CARDIOLOGY"], location: "Dakar" }, sortBy: { property: "price", order: "asc" } },
  },
  { name: "4.5+ speaking Wolof, by rating", body: { query: { ...CLINIC, rating: 4.5, language: "WO" }, sortBy: { property: "rating", order: "desc" } } },
  {
    name: "page 50, by experience",
    body: { query: CLINIC, sortBy: { property: "experience", order: "desc" }, paginationSettings: { offset: 490, limit: 10 } },
  },
]

/** PostgreSQL with the 10,000-doctor seed (kept between runs), or null when none answers. */
async function postgresDatabase(): Promise<Database | null> {
  if (!(await postgresReachable())) return null
  return openDatabase({ url: await seededBenchDatabase(DOCTORS, 1) })
}

/** The embedded PGlite, seeded in memory for this run. */
async function pgliteDatabase(): Promise<Database> {
  const database = await openDatabase({ memory: true })
  console.log(`Seeding ${DOCTORS.toLocaleString("en")} doctors on PGlite…`)
  await seed(database.db, { doctors: DOCTORS, weeks: 1 })
  return database
}

/** How the keyword filter is answered: the plan's scan of `doctors`. */
async function keywordPlan(database: Database): Promise<string> {
  const plan = (await database.db.execute<Record<string, unknown>>(sql`EXPLAIN SELECT count(*) FROM doctors WHERE search_text LIKE '%cardio%'`)) as {
    rows: Array<{ "QUERY PLAN": string }>
  }
  const lines = plan.rows.map((r) => r["QUERY PLAN"])
  return lines.find((l) => /Index|Seq Scan/.test(l))?.trim() ?? lines.join(" / ")
}

async function measure(database: Database) {
  const app = createApp({ db: database.db, config: { ...loadConfig({}), logRequests: false, staticDir: "/nonexistent", readCacheMs: 0 } })
  const call = async (body: Record<string, unknown>) => {
    const started = performance.now()
    const response = await app.request("/api/v1/doctors/search", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ paginationSettings: { offset: 0, limit: 10 }, ...body }),
    })
    const json = (await response.json()) as { paginationSettings?: { totalCount: number } }
    if (response.status !== 200) throw new Error(`search answered ${response.status}: ${JSON.stringify(json)}`)
    return { ms: performance.now() - started, total: json.paginationSettings!.totalCount }
  }
  const all: number[] = []
  const rows = []
  for (const { name, body } of QUERIES) {
    for (let i = 0; i < WARM_UP; i++) await call(body)
    const samples: number[] = []
    let total = 0
    for (let i = 0; i < RUNS; i++) {
      const result = await call(body)
      samples.push(result.ms)
      total = result.total
    }
    all.push(...samples)
    rows.push({ search: name, matches: total, "p50 ms": +percentile(samples, 50).toFixed(1), "p95 ms": +percentile(samples, 95).toFixed(1) })
  }
  rows.push({ search: "all of the above", matches: Number.NaN, "p50 ms": +percentile(all, 50).toFixed(1), "p95 ms": +percentile(all, 95).toFixed(1) })
  return rows
}

/**
 * POST /doctors/search on the 10,000-doctor seed, in process (the gateway's own handler and
 * queries, no network): p50 and p95 per typical search, on PGlite and, when one answers, PostgreSQL.
 */
export async function searchLatencySection(): Promise<void> {
  const engines: Array<[string, () => Promise<Database | null>]> = [
    ["PGlite (embedded)", pgliteDatabase],
    ["PostgreSQL", postgresDatabase],
  ]
  for (const [label, open] of engines) {
    const database = await open()
    if (!database) {
      console.log(`\nDoctor search on ${label}: NOT RUN (nothing answers at ${BENCH_ADMIN_URL.replace(/:[^:@/]+@/, ":***@")})`)
      continue
    }
    try {
      const rows = await measure(database)
      // Timings on a busy machine say little: the load is printed with them.
      const load = loadavg()[0]!.toFixed(1)
      console.log(`\nDoctor search, ${DOCTORS.toLocaleString("en")} doctors, ${label}, ${RUNS} runs each (in process, load average ${load})`)
      console.table(rows)
      console.log(`keyword filter plan: ${await keywordPlan(database)}`)
    } finally {
      await database.close()
    }
  }
}
