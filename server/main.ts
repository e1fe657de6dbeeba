import type { Server } from "node:http"
import path from "node:path"
import { serve } from "@hono/node-server"
import { createApp } from "./app.ts"
import { loadConfig } from "./config.ts"
import { openDatabase } from "./db/client.ts"
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./db/demoAccounts.ts"
import { isSeeded, seed } from "./db/seed.ts"

const config = loadConfig()
const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, "pglite") },
)
if (!(await isSeeded(database.db))) {
  console.log("Seeding demo data (first start)…")
  await seed(database.db, {})
}

const app = createApp({ db: database.db, config })
const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${path.relative(process.cwd(), config.dataDir) || "."}`
  console.log(`\nPromed is running on http://localhost:${info.port}  (data: ${where})`)
  console.log(`  gateway  http://localhost:${info.port}/api/v1`)
  console.log(`  sign-in  http://localhost:${info.port}/auth/login`)
  console.log(`Demo accounts (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.join(", ")}\n`)
})

/**
 * Stops taking connections and lets the requests under way finish (their queries need the
 * database, closed next); connections still busy after a few seconds are cut.
 */
function closeServer(): Promise<void> {
  const http = server as Server
  return new Promise((resolve) => {
    const cut = setTimeout(() => {
      http.closeAllConnections()
      resolve()
    }, 5_000)
    http.close(() => {
      clearTimeout(cut)
      resolve()
    })
    http.closeIdleConnections()
  })
}

let stopping = false
async function stop(signal: string) {
  if (stopping) return
  stopping = true
  console.log(`${signal}: stopping`)
  await closeServer()
  await database.close()
  process.exit(0)
}
process.on("SIGINT", () => void stop("SIGINT"))
process.on("SIGTERM", () => void stop("SIGTERM"))
