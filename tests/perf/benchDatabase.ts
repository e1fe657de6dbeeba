import { spawnSync } from "node:child_process"
import pg from "pg"
import { LOCAL_POSTGRES_URL } from "../../scripts/localPostgres.ts"

/** The PostgreSQL server the benchmarks use (the one .ci/run starts), as an admin URL. */
export const BENCH_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES_URL

const urlFor = (database: string) => {
  const url = new URL(BENCH_ADMIN_URL)
  url.pathname = `/${database}`
  return url.toString()
}

async function doctorCount(url: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: url })
  try {
    await client.connect()
    const result = await client.query<{ n: number }>("select count(*)::int as n from doctors")
    return result.rows[0]?.n ?? null
  } catch {
    return null
  } finally {
    await client.end().catch(() => {})
  }
}

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: BENCH_ADMIN_URL, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

/** The bench databases' names begin with this (BENCH_DATABASE_PREFIX: benches of several trees on one server keep apart). */
const PREFIX = process.env.BENCH_DATABASE_PREFIX ?? "promed_bench"

/**
 * A PostgreSQL database seeded with `doctors` doctors, kept between runs (promed_bench_<n>_w<w>)
 * since a large seed takes minutes; re-seeded when its count differs. `seededBy`: by the seed and
 * migrations of another tree (another version of Promed, its name tagged), not this one's.
 */
export async function seededBenchDatabase(doctors: number, weeks = 4, seededBy?: { tag: string; cwd: string }): Promise<string> {
  const name = `${PREFIX}_${doctors}_w${weeks}${seededBy ? `_${seededBy.tag}` : ""}`
  const url = urlFor(name)
  if ((await doctorCount(url)) === doctors) return url
  const admin = new pg.Client({ connectionString: BENCH_ADMIN_URL })
  await admin.connect()
  const exists = await admin.query("select 1 from pg_database where datname = $1", [name])
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  console.log(`Seeding ${name} (${doctors} doctors, ${weeks} weeks of slots)…`)
  const result = spawnSync("npx", ["tsx", "server/db/seed-cli.ts", "--reset", "--doctors", String(doctors), "--weeks", String(weeks)], {
    stdio: ["ignore", "ignore", "inherit"],
    ...(seededBy ? { cwd: seededBy.cwd } : {}),
    env: { ...process.env, DATABASE_URL: url },
  })
  if (result.status !== 0) throw new Error(`seeding ${name} failed`)
  return url
}
