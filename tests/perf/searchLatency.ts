import { loadavg } from "node:os"
import { sql } from "drizzle-orm"
import pg from "pg"
import { createApp } from "../../server/app.ts"
import { loadConfig } from "../../server/config.ts"
import { openDatabase, type Database } from "../../server/db/client.ts"
import { seed } from "../../server/db/seed.ts"

const DOCTORS = 10_000
const WARM_UP = 10
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 100)
const POSTGRES_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres:postgres@localhost:5432/postgres"
/** Kept between runs: seeding 10,000 doctors takes a minute. */
const POSTGRES_DATABASE = `promed_bench_search_${DOCTORS}`

const CLINIC = { providedServiceCodes: ["CLINIC"] }
/** Searches as the search page sends them (SPEC §7's body), page 1 of 10 unless said. */
const QUERIES: ReadonlyArray<{ name: string; body: Record<string, unknown> }> = [
  { name: "everyone, relevance", body: { query: CLINIC, sortBy: { property: "user.firstName", order: "desc" } } },
  { name: 'keyword "cardio"', body: { query: { ...CLINIC, keyword: "cardio" } } },
  { name: 'keyword "diop" (a name)', body: { query: { ...CLINIC, keyword: "diop" } } },
  { name: "cardiology in Dakar, by fee", body: { query: { ...CLINIC, specialtyCodes: ["CARDIOLOGY"], location: "Dakar" }, sortBy: { property: "price", order: "asc" } } },
  { name: "4.5+ speaking Wolof, by rating", body: { query: { ...CLINIC, rating: 4.5, language: "WO" }, sortBy: { property: "rating", order: "desc" } } },
  { name: "page 50, by experience", body: { query: CLINIC, sortBy: { property: "experience", order: "desc" }, paginationSettings: { offset: 490, limit: 10 } } },
]

function percentile(samples: ReadonlyArray<number>, p: number): number {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
}

async function postgresDatabase(): Promise<Database | null> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 })
  try {
    await admin.connect()
    const exists = await admin.query("select 1 from pg_database where datname = $1", [POSTGRES_DATABASE])
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${POSTGRES_DATABASE}`)
  } catch {
    return null
  } finally {
    await admin.end().catch(() => {})
  }
  const url = new URL(POSTGRES_ADMIN_URL)
  url.pathname = `/${POSTGRES_DATABASE}`
  return openDatabase({ url: url.toString() })
}

async function seeded(database: Database): Promise<Database> {
  const [row] = ((await database.db.execute(sql`select count(*)::int as n from doctors`)) as unknown as { rows: Array<{ n: number }> }).rows
  if (Number(row?.n ?? 0) === DOCTORS) return database
  if (Number(row?.n ?? 0) > 0) throw new Error(`${POSTGRES_DATABASE} holds another seed: drop it and run again`)
  console.log(`Seeding ${DOCTORS.toLocaleString("en")} doctors on ${database.kind}…`)
  await seed(database.db, { doctors: DOCTORS, weeks: 1 })
  return database
}

/** How the keyword filter is answered: the plan's scan of `doctors`. */
async function keywordPlan(database: Database): Promise<string> {
  const plan = (await database.db.execute(sql`EXPLAIN SELECT count(*) FROM doctors WHERE search_text LIKE '%cardio%'`)) as unknown as {
    rows: Array<{ "QUERY PLAN": string }>
  }
  const lines = plan.rows.map((r) => r["QUERY PLAN"])
  return lines.find((l) => /Index|Seq Scan/.test(l))?.trim() ?? lines.join(" / ")
}

async function measure(database: Database) {
  const app = createApp({ db: database.db, config: { ...loadConfig({}), logRequests: false, staticDir: "/nonexistent" } })
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
    ["PGlite (embedded)", () => openDatabase({ memory: true })],
    ["PostgreSQL", postgresDatabase],
  ]
  for (const [label, open] of engines) {
    const database = await open()
    if (!database) {
      console.log(`\nDoctor search on ${label}: NOT RUN (nothing answers at ${POSTGRES_ADMIN_URL.replace(/:[^:@/]+@/, ":***@")})`)
      continue
    }
    try {
      await seeded(database)
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
