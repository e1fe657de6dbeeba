/**
 * Issue 14's "done when" asks the slot hold and the waitlist to run end to end in the browser on
 * PostgreSQL as well as on the embedded default. Since issue 39 they run in the main Playwright run
 * (the `postgres-*` projects of playwright.config.ts) against a second server: this script, which
 * Playwright starts as a web server. It makes a fresh PostgreSQL database (the local one .ci/run
 * starts, or TEST_DATABASE_URL), runs the built server on it (`node dist/server/main.js`, which
 * migrates and seeds it) and drops the database when Playwright stops it (SIGTERM).
 *
 * Usage: tsx scripts/e2e-postgres.ts <port> <data dir>
 */
import { spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import pg from "pg"
import { LOCAL_POSTGRES_URL } from "./localPostgres.ts"

const [port, dataDir] = process.argv.slice(2)
if (!port || !dataDir) throw new Error("usage: tsx scripts/e2e-postgres.ts <port> <data dir>")

const adminUrl = process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES_URL
const name = `promed_e2e_${randomBytes(6).toString("hex")}`

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end().catch(() => {})
  }
}

await admin(`CREATE DATABASE ${name}`)
const url = new URL(adminUrl)
url.pathname = `/${name}`

const server = spawn("node", ["dist/server/main.js"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, PORT: port, DATA_DIR: dataDir, DATABASE_URL: url.toString() },
})

let stopping = false
function stop(signal: NodeJS.Signals) {
  stopping = true
  server.kill(signal)
}
process.on("SIGTERM", () => stop("SIGTERM"))
process.on("SIGINT", () => stop("SIGINT"))

server.on("exit", (code, signal) => {
  void admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    .catch((error: unknown) => console.error(`could not drop ${name}:`, error))
    .finally(() => process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0))))
})
