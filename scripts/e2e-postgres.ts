/**
 * Issue 14's "done when" asks the slot hold and the waitlist to run end to end in the browser on
 * PostgreSQL as well as on the embedded default: their specs run again here against a server on
 * a fresh PostgreSQL database (the local one .ci/run starts, or TEST_DATABASE_URL), on a port of
 * their own. Like the gateway suites, a PostgreSQL that does not answer is reported as NOT RUN in
 * capitals, and fails under CI.
 */
import { spawnSync } from "node:child_process"
import { randomBytes } from "node:crypto"
import { existsSync } from "node:fs"
import pg from "pg"
import { LOCAL_POSTGRES_URL } from "./localPostgres.ts"

const SPECS = ["tests/e2e/slot-hold.spec.ts", "tests/e2e/slot-waitlist.spec.ts"].filter((spec) => existsSync(spec))

const adminUrl = process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES_URL
const name = `promed_e2e_${randomBytes(6).toString("hex")}`

async function admin(sql: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    await client.query(sql)
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

if (!(await admin(`CREATE DATABASE ${name}`))) {
  console.log(`\n!!! Browser journeys on PostgreSQL NOT RUN: nothing answers at ${adminUrl.replace(/:[^:@/]+@/, ":***@")}.`)
  process.exit(process.env.CI ? 1 : 0)
}
const url = new URL(adminUrl)
url.pathname = `/${name}`
console.log(`\n=== slot hold and waitlist journeys on PostgreSQL ===`)
const port = Number(process.env.E2E_PORT ?? 8181) + 50
// One at a time and without the project the waitlist depends on (the whole suite): both journeys sign in as patient2.
const result = spawnSync("npx", ["playwright", "test", "--no-deps", "--workers=1", ...SPECS], {
  stdio: "inherit",
  env: { ...process.env, E2E_PORT: String(port), E2E_DATABASE_URL: url.toString() },
})
await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
process.exit(result.status ?? 1)
