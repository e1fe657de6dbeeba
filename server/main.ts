import type { Server } from "node:http"
import path from "node:path"
import { serve } from "@hono/node-server"
import { createApp } from "./app.ts"
import { DatabaseCredentialLimits } from "./auth/databaseCredentialLimits.ts"
import { loadConfigOrExit } from "./config.ts"
import { openDatabase } from "./db/client.ts"
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./db/demoAccounts.ts"
import { seedOnFirstStart } from "./db/seed.ts"
import { ReadCache } from "./http/readCache.ts"
import { PostgresReadCacheBus } from "./http/readCacheBus.ts"
import { PostgresListener } from "./db/listener.ts"
import { ListingFeed } from "./search/listingFeed.ts"
import { accountMailSender } from "./email/accountOutbox.ts"
import { mailHandlers } from "./email/mailJobs.ts"
import { JobWorker, startJobWorker } from "./jobs/worker.ts"
import { agendaHandlers, enqueueAgendaPlanning } from "./reminders/agenda.ts"
import { reminderHandlers } from "./reminders/send.ts"
import { smsSender } from "./sms/sms.ts"
import { waitlistHandlers } from "./waitlist/jobs.ts"
import { startSlotTopUp } from "./scheduling/slotTopUp.ts"

const config = loadConfigOrExit()
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, "pglite") })
await seedOnFirstStart(database)

// On PostgreSQL several gateways may share the database: the read caches hear each other's writes,
// each keeps the doctors' listings in memory and hears their changes, and password attempts are
// counted in it. PGlite is held by this one process.
const readCache = new ReadCache(config.readCacheMs)
const listener = config.databaseUrl ? await PostgresListener.open(config.databaseUrl) : undefined
const readCacheBus = listener ? await PostgresReadCacheBus.open(listener, readCache) : undefined
const listings = listener ? await ListingFeed.open(listener, database.db) : undefined
const credentialLimits = config.databaseUrl ? new DatabaseCredentialLimits(database.db) : undefined
const forgetAttempts = credentialLimits && setInterval(() => void credentialLimits.forgetExpired().catch(() => undefined), 10 * 60_000).unref()
const app = createApp({
  db: database.db,
  config,
  readCache,
  ...(readCacheBus ? { readCacheBus } : {}),
  ...(listings ? { listings } : {}),
  ...(credentialLimits ? { credentialLimits } : {}),
})
// Slots are made ahead by this job and by the doctors' own writes, never by a read.
const stopSlotTopUp = startSlotTopUp(database.db, config.slotTopUpIntervalMs)
// Jobs live in the database: what was due while the process was down runs at its first poll.
const senders = { sendMail: accountMailSender(config), sendSms: smsSender(config), replyTo: config.mailTo }
// Waitlist offers link to the app where it is served (PUBLIC_ORIGIN behind a proxy).
const appOrigin = config.publicOrigin || `http://localhost:${config.port}`
const handlers = {
  ...reminderHandlers(senders),
  ...agendaHandlers(senders),
  ...mailHandlers({ sendMail: senders.sendMail, mailTo: config.mailTo }),
  ...waitlistHandlers(senders, appOrigin),
}
// The doctors' agendas are planned hourly by a job that enqueues its next run; this starts the chain (once per hour, whoever enqueues it).
await enqueueAgendaPlanning(database.db, new Date())
const stopJobs = startJobWorker(new JobWorker(database.db, handlers), config.jobPollMs)
// Requests being answered: a client that hangs up does not stop its handler, which still needs the database.
let answering = 0
const fetch: typeof app.fetch = async (...args) => {
  answering++
  try {
    return await app.fetch(...args)
  } finally {
    answering--
  }
}
const server = serve({ fetch, port: config.port }, (info) => {
  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${path.relative(process.cwd(), config.dataDir) || "."}`
  console.log(`\nPromed is running on http://localhost:${info.port}  (data: ${where})`)
  console.log(`  gateway  http://localhost:${info.port}/api/v1`)
  console.log(`  sign-in  http://localhost:${info.port}/auth/login`)
  console.log(`Demo accounts (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.join(", ")}\n`)
})

/**
 * Stops taking connections and waits for the requests under way to be answered (their queries need
 * the database, closed next), for a few seconds at most.
 */
async function closeServer(): Promise<void> {
  const http = server as Server
  http.close()
  http.closeIdleConnections()
  const deadline = Date.now() + 5_000
  while (answering > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
  http.closeAllConnections()
}

let stopping = false
async function stop(signal: string) {
  if (stopping) return
  stopping = true
  console.log(`${signal}: stopping`)
  await closeServer()
  await stopSlotTopUp()
  await stopJobs()
  clearInterval(forgetAttempts)
  await readCacheBus?.close()
  await listener?.close()
  await listings?.close()
  await database.close()
  process.exit(0)
}
process.on("SIGINT", () => void stop("SIGINT"))
process.on("SIGTERM", () => void stop("SIGTERM"))
