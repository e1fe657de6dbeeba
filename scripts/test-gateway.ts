/**
 * Runs the gateway suites twice: on PGlite (the embedded default) and on PostgreSQL. PostgreSQL is
 * found at TEST_DATABASE_URL, else at the local default that .ci/run sets up. When none answers,
 * the PostgreSQL run is reported as NOT RUN in capitals: a skipped half is never silently green.
 */
import { spawnSync } from "node:child_process"
import pg from "pg"

const DEFAULT_URL = "postgres://postgres:postgres@localhost:5432/postgres"
const extra = process.argv.slice(2)

function runVitest(label: string, env: Record<string, string>): number {
  console.log(`\n=== gateway suites on ${label} ===`)
  const result = spawnSync("npx", ["vitest", "run", "--project", "gateway", ...extra], {
    stdio: "inherit",
    env: { ...process.env, ...env },
  })
  return result.status ?? 1
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    await client.query("select 1")
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

const pgliteStatus = runVitest("PGlite", { TEST_DB: "pglite" })
const url = process.env.TEST_DATABASE_URL ?? DEFAULT_URL
let postgresStatus = 0
if (await reachable(url)) {
  postgresStatus = runVitest("PostgreSQL", { TEST_DB: "postgres", TEST_DATABASE_URL: url })
} else {
  console.log(`\n!!! PostgreSQL NOT RUN: nothing answers at ${url.replace(/:[^:@/]+@/, ":***@")}.`)
  console.log("!!! Set TEST_DATABASE_URL (or run .ci/run, which installs and starts PostgreSQL).")
  if (process.env.CI) postgresStatus = 1
}
process.exit(pgliteStatus || postgresStatus)
