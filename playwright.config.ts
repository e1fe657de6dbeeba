import { mkdtempSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test"
import { LOCAL_POSTGRES_URL, postgresAnswers } from "./scripts/localPostgres.ts"

const PORT = Number(process.env.E2E_PORT ?? 8181)
/** The local SMTP sink the contact form's mail goes to (tests/support/smtpSink.ts), and where it lists what it got. */
const SMTP_SINK_PORT = PORT + 1000
const SMTP_SINK_HTTP_PORT = PORT + 2000
// A throw-away data folder per run: the server creates and seeds it on start. Made once, in the
// main process, and inherited by the workers: specs read the SMS the server wrote there
// (<E2E_DATA_DIR>/sms/outbox.jsonl, no provider set).
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "promed-e2e-"))
const dataDir = process.env.E2E_DATA_DIR

// The day the run began, in Dakar. The schedule's model paths are named after the dates they visit,
// and each worker loads the spec again to find its tests by name: a run crossing midnight would
// otherwise name them differently there (read in the main process first, inherited by workers).
process.env.E2E_RUN_DATE ??= new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Dakar" }).format(new Date())

/**
 * Issue 14: the slot hold and the waitlist journeys run again on PostgreSQL, in this same run, as
 * the `postgres-*` projects against a second server on PORT + 50 (scripts/e2e-postgres.ts makes it
 * a fresh database and drops it at the end). Whether PostgreSQL answers (TEST_DATABASE_URL, else
 * the local default .ci/run starts) is asked once, in the main process; workers inherit the answer.
 * When nothing answers the journeys are reported as NOT RUN in capitals, and CI fails.
 * E2E_POSTGRES=off leaves them out on purpose (a run of a few specs that does not need them).
 */
const POSTGRES_PORT = PORT + 50
if (process.env.E2E_POSTGRES === undefined) {
  const adminUrl = process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES_URL
  process.env.E2E_POSTGRES = (await postgresAnswers(adminUrl)) ? "on" : "absent"
  if (process.env.E2E_POSTGRES === "absent") {
    console.log(`\n!!! Browser journeys on PostgreSQL NOT RUN: nothing answers at ${adminUrl.replace(/:[^:@/]+@/, ":***@")}.`)
    console.log("!!! Set TEST_DATABASE_URL (or run .ci/run, which installs and starts PostgreSQL).\n")
    if (process.env.CI) throw new Error("PostgreSQL is required under CI for the browser journeys on PostgreSQL")
  }
}
const onPostgres = process.env.E2E_POSTGRES === "on"
const POSTGRES_SPECS = ["e2e/slot-waitlist.spec.ts", "e2e/slot-hold.spec.ts"]
const LANGUAGE_SPEC = "e2e/language-choice.spec.ts"
const postgresProjects: NonNullable<PlaywrightTestConfig["projects"]> = onPostgres
  ? [
      // Both journeys sign in as patient2, who holds one slot at a time: the holds after the waitlist.
      // Their own database, so beside the PGlite projects.
      {
        name: "postgres-waitlist",
        use: { ...devices["Desktop Chrome"], userAgent: undefined, baseURL: `http://localhost:${POSTGRES_PORT}` },
        testMatch: [POSTGRES_SPECS[0]!],
      },
      {
        name: "postgres-holds",
        use: { ...devices["Desktop Chrome"], userAgent: undefined, baseURL: `http://localhost:${POSTGRES_PORT}` },
        testMatch: [POSTGRES_SPECS[1]!],
        dependencies: ["postgres-waitlist"],
      },
      // Each language journey signs up an account that never chose a language. The PGlite server's
      // other specs already make 10 sign-ups from this one client, issue 38's hourly limit; on
      // PostgreSQL's server the count is its database's own.
      {
        name: "postgres-language",
        use: { ...devices["Desktop Chrome"], userAgent: undefined, baseURL: `http://localhost:${POSTGRES_PORT}` },
        testMatch: [LANGUAGE_SPEC],
      },
    ]
  : []
type WebServer = Extract<NonNullable<PlaywrightTestConfig["webServer"]>, readonly unknown[]>[number]
const postgresServer: WebServer[] = onPostgres
  ? [
      {
        command: `npx tsx scripts/e2e-postgres.ts ${POSTGRES_PORT} ${path.join(dataDir, "postgres")}`,
        url: `http://localhost:${POSTGRES_PORT}/auth/login`,
        timeout: 180_000,
        reuseExistingServer: false,
        // SIGTERM, so the script stops its server and drops its database.
        gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
        stdout: "ignore",
        stderr: "pipe",
        env: {
          LOG_REQUESTS: "false",
          SMTP_URL: `smtp://127.0.0.1:${SMTP_SINK_PORT}`,
          CONTACT_MAIL_TO: "contact@promed.sn",
          JOB_POLL_MS: "1000",
          ...(process.env.E2E_STATIC_DIR ? { STATIC_DIR: process.env.E2E_STATIC_DIR } : {}),
        },
      },
    ]
  : []

export default defineConfig({
  testDir: "tests",
  testMatch: ["e2e/**/*.spec.ts", "a11y/**/*.spec.ts", "security/**/*.spec.ts"],
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 60_000,
  // Each assertion waits on a state, never a fixed time; this is how long it may take at most. On
  // CI's loaded host a page's first state after a full navigation (the app started, a session
  // checked) has taken up to 10 s, five times a quiet host's: the allowance keeps twice that.
  expect: { timeout: 20_000 },
  reporter: [["list"]],
  // One results folder per port, so runs on other ports don't clean up this run's traces.
  outputDir: `test-results/${PORT}`,
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    locale: "fr-FR",
    timezoneId: "Africa/Dakar",
    // The service worker precaches 124 files (0.9 MB) in each new browser context, i.e. in every
    // test, beside the test's own work on a host whose two cores are the limit (ten accessibility
    // cases: 119-122 s with it, 99-101 s without). The specs about it ask for it
    // (test.use({ serviceWorkers: "allow" })): offline.spec.ts, slot-hold.spec.ts.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-quic",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"], userAgent: undefined }, testIgnore: [...POSTGRES_SPECS, LANGUAGE_SPEC] },
    // patient2 waits in the waitlist journeys and holds in the slot-hold ones, and a patient holds one
    // slot at a time: the waitlist runs after the rest, never beside them.
    {
      name: "waitlist",
      use: { ...devices["Desktop Chrome"], userAgent: undefined },
      testMatch: ["e2e/slot-waitlist.spec.ts"],
      dependencies: ["chromium"],
    },
    // The holder (patient2) books Dr Ndiaye, whom other suites book for patient2 too: under issue 38's booking
    // limits (2 upcoming with one doctor) the holds run last, alone.
    {
      name: "holds",
      use: { ...devices["Desktop Chrome"], userAgent: undefined },
      testMatch: ["e2e/slot-hold.spec.ts"],
      dependencies: ["waitlist"],
    },
    ...postgresProjects,
  ],
  webServer: [
    {
      // The server as production runs it: compiled JavaScript from `npm run build` (scripts/buildServer.ts).
      command: "node dist/server/main.js",
      url: `http://localhost:${PORT}/auth/login`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        LOG_REQUESTS: "false",
        // The embedded default (E2E_DATABASE_URL runs the whole suite on a PostgreSQL database).
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
        SMTP_URL: `smtp://127.0.0.1:${SMTP_SINK_PORT}`,
        CONTACT_MAIL_TO: "contact@promed.sn",
        // Notices (reminders, cancellations) leave within a second, so a test sees them sent.
        JOB_POLL_MS: "1000",
        // A private build folder lets several runs share this checkout (npm test uses dist/client).
        ...(process.env.E2E_STATIC_DIR ? { STATIC_DIR: process.env.E2E_STATIC_DIR } : {}),
      },
    },
    {
      command: `npx tsx tests/support/smtpSink.ts ${SMTP_SINK_PORT} ${SMTP_SINK_HTTP_PORT}`,
      url: `http://127.0.0.1:${SMTP_SINK_HTTP_PORT}/messages`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    ...postgresServer,
  ],
})
