import type { Server } from "node:http"
import path from "node:path"
import { serve } from "@hono/node-server"
import { createApp } from "./app.ts"
import { CREDENTIAL_LIMITS, FEED_ROTATION_LIMITS, SIGN_UP_LIMITS } from "./auth/credentialLimits.ts"
import { DatabaseCredentialLimits } from "./auth/databaseCredentialLimits.ts"
import { cannotStart, linkOrigin, loadConfigOrExit } from "./config.ts"
import { openDatabase, type Database } from "./db/client.ts"
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./db/demoAccounts.ts"
import { seedOnFirstStart } from "./db/seed.ts"
import { describeDatabase, waitForDatabase } from "./db/wait.ts"
import { databaseProbe, Readiness } from "./http/health.ts"
import { ReadCache } from "./http/readCache.ts"
import { PostgresReadCacheBus } from "./http/readCacheBus.ts"
import { PostgresListener } from "./db/listener.ts"
import { accountMailSender } from "./email/accountOutbox.ts"
import { mailHandlers } from "./email/mailJobs.ts"
import { errorFacts } from "./http/errorLog.ts"
import { JobWorker, startJobWorker } from "./jobs/worker.ts"
import { drainHttpServer, InFlight } from "./lifecycle/httpDrain.ts"
import { dataDirProblem, startFailed } from "./lifecycle/startup.ts"
import { log } from "./observability/log.ts"
import { Metrics } from "./observability/metrics.ts"
import { agendaHandlers, enqueueAgendaPlanning } from "./reminders/agenda.ts"
import { reminderHandlers } from "./reminders/send.ts"
import { smsSender } from "./sms/sms.ts"
import { waitlistHandlers } from "./waitlist/jobs.ts"
import { paymentHandlers } from "./payments/jobs.ts"
import { paymentProviderOf } from "./payments/providers.ts"
import { startSlotTopUp } from "./scheduling/slotTopUp.ts"

// An error nobody handled leaves the process in a state nobody knows: it is logged as one line and
// the process stops, for its manager to start again. (Every pg client has its 'error' heard, db/.)
process.on("uncaughtException", (error) => {
  log.fatal({ error: errorFacts(error) }, "uncaught exception: stopping")
  process.exit(1)
})
process.on("unhandledRejection", (error) => {
  log.fatal({ error: errorFacts(error) }, "unhandled rejection: stopping")
  process.exit(1)
})

const config = loadConfigOrExit()
const dataDirTrouble = dataDirProblem(config.dataDir)
if (dataDirTrouble) cannotStart([dataDirTrouble])
const where = config.databaseUrl ? `PostgreSQL at ${describeDatabase(config.databaseUrl).where}` : "PGlite"

// A gateway and its database usually start together, in any order: the start waits for it.
let database: Database
try {
  if (config.databaseUrl) await waitForDatabase(config.databaseUrl, { waitMs: config.databaseWaitMs })
  database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, "pglite") })
  await seedOnFirstStart(database, (line) => log.info({ scope: "start" }, line), { demoData: config.demoData })
} catch (error) {
  startFailed(error, where)
}

// On PostgreSQL several gateways may share the database: the read caches hear each other's writes,
// and password attempts and sign-ups are counted in it. PGlite is held by this one process.
const readCache = new ReadCache(config.readCacheMs)
let listener: PostgresListener | undefined
let readCacheBus: PostgresReadCacheBus | undefined
try {
  listener = config.databaseUrl ? await PostgresListener.open(config.databaseUrl) : undefined
  readCacheBus = listener ? await PostgresReadCacheBus.open(listener, readCache) : undefined
} catch (error) {
  startFailed(error, where)
}
// Password attempts, sign-ups and feed rotations alike, in one table under kinds of their own.
const limits = config.databaseUrl
  ? {
      credentialLimits: new DatabaseCredentialLimits(database.db, CREDENTIAL_LIMITS),
      signUpLimits: new DatabaseCredentialLimits(database.db, SIGN_UP_LIMITS),
      feedRotationLimits: new DatabaseCredentialLimits(database.db, FEED_ROTATION_LIMITS),
    }
  : undefined
const forgetAttempts =
  limits &&
  setInterval(() => {
    for (const store of Object.values(limits)) void store.forgetExpired().catch(() => undefined)
  }, 10 * 60_000).unref()
const readiness = new Readiness(databaseProbe(database.db, listener))
// Metrics only with a token to read them (METRICS_TOKEN); the pool's gauges on PostgreSQL.
const metrics = config.metricsToken ? new Metrics(database.db) : undefined
if (metrics && database.poolStats) metrics.observePool(database.poolStats)
// One provider for the gateway and the job worker (refunds, reconciliation).
const paymentProvider = paymentProviderOf(config)
const app = createApp({
  db: database.db,
  config,
  payments: paymentProvider,
  readCache,
  readiness,
  ...(metrics ? { metrics } : {}),
  ...(readCacheBus ? { readCacheBus } : {}),
  ...limits,
})
// Slots are made ahead by this job and by the doctors' own writes, never by a read.
const stopSlotTopUp = startSlotTopUp(database.db, config.slotTopUpIntervalMs)
// Jobs live in the database: what was due while the process was down runs at its first poll.
const senders = { sendMail: accountMailSender(config), sendSms: smsSender(config), replyTo: config.mailTo }
const handlers = {
  ...reminderHandlers(senders),
  ...agendaHandlers(senders),
  ...mailHandlers({ sendMail: senders.sendMail, mailTo: config.mailTo }),
  // Waitlist offers link to the app where it is served.
  ...waitlistHandlers(senders, linkOrigin(config)),
  // Deposits (issue 40): refunds through the provider, and each payment's reconciliation at its end.
  ...paymentHandlers(paymentProvider, senders, linkOrigin(config), config.bookingLimits),
}
// The doctors' agendas are planned hourly by a job that enqueues its next run; this starts the chain
// (once per hour, whoever enqueues it). A database lost meanwhile only delays it to the next start.
await enqueueAgendaPlanning(database.db, new Date()).catch((error: unknown) =>
  log.warn({ scope: "start", error: errorFacts(error).name }, "the agenda planning could not be enqueued; the next start does it"),
)
const stopJobs = startJobWorker(new JobWorker(database.db, handlers), config.jobPollMs)
const inFlight = new InFlight()
const server = serve({ fetch: inFlight.wrap(app.fetch), port: config.port }, (info) => {
  const data = config.databaseUrl ? `${where} (DATABASE_URL)` : `PGlite in ${path.relative(process.cwd(), config.dataDir) || "."}`
  log.info({ scope: "start", port: info.port }, `Promed is running on http://localhost:${info.port} (data: ${data})`)
  // For the person who typed `npm start`: where to go and how to sign in, as plain lines.
  if (process.stdout.isTTY) {
    console.log(`  gateway  http://localhost:${info.port}/api/v1`)
    console.log(`  sign-in  http://localhost:${info.port}/auth/login`)
    if (config.demoData) console.log(`Demo accounts (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.join(", ")}\n`)
    else console.log("No demo data (DEMO_DATA=false): make the first admin with `npm run create-admin -- --email … --role ADMIN`\n")
  }
}) as Server

let stopping = false
/**
 * SIGTERM (a rolling restart, `docker stop`): /readyz turns 503 so the load balancer moves away,
 * new connections are refused, the requests under way are answered and the running jobs finish or
 * are handed back, all within SHUTDOWN_GRACE_S; then the database is closed and the process exits 0.
 */
async function stop(signal: string) {
  if (stopping) return
  stopping = true
  const deadline = Date.now() + config.shutdownGraceMs
  log.info({ scope: "stop", signal, graceMs: config.shutdownGraceMs }, "stopping: draining requests and jobs")
  readiness.drain()
  const remaining = () => Math.max(0, deadline - Date.now())
  await Promise.all([
    drainHttpServer(server, inFlight, deadline),
    stopJobs(remaining()),
    Promise.race([stopSlotTopUp(), new Promise((resolve) => setTimeout(resolve, remaining()))]),
  ])
  clearInterval(forgetAttempts)
  await readCacheBus?.close()
  await listener?.close()
  await database.close().catch(() => undefined)
  log.info({ scope: "stop", inFlight: inFlight.count }, "stopped")
  process.exit(0)
}
process.on("SIGINT", () => void stop("SIGINT"))
process.on("SIGTERM", () => void stop("SIGTERM"))
