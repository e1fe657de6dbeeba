/**
 * Runs the gateway suites twice: on PGlite (the embedded default) and on PostgreSQL. PostgreSQL is
 * found at TEST_DATABASE_URL, else at the local default that .ci/run sets up. When none answers,
 * the PostgreSQL run is reported as NOT RUN in capitals: a skipped half is never silently green.
 */
import { spawnSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { buildClient } from "../server/testing/clientBuild.ts"
import { LOCAL_POSTGRES_URL, postgresAnswers } from "./localPostgres.ts"

/** `--built`: `npm run build` has just made dist/ (npm test does), so the suites use that build. */
const built = process.argv.includes("--built")
const extra = process.argv.slice(2).filter((arg) => arg !== "--built")

// The server-rendering suite needs a production build; both runs share one: dist/ with --built,
// else one made here (the suite builds its own when run alone, or when only some files are asked for).
const files = extra.filter((arg) => !arg.startsWith("-"))
let buildRoot: string | undefined
if (built) {
  buildRoot = path.resolve("dist")
} else if (files.length === 0) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "promed-gw-build-"))
  process.on("exit", () => rmSync(scratch, { recursive: true, force: true }))
  buildClient(scratch)
  buildRoot = scratch
}

function runVitest(label: string, env: Record<string, string>): number {
  console.log(`\n=== gateway suites on ${label} ===`)
  const result = spawnSync("npx", ["vitest", "run", "--project", "gateway", ...extra], {
    stdio: "inherit",
    env: { ...process.env, ...(buildRoot ? { PROMED_TEST_CLIENT_BUILD: buildRoot } : {}), ...env },
  })
  return result.status ?? 1
}

const pgliteStatus = runVitest("PGlite", { TEST_DB: "pglite" })
const url = process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES_URL
let postgresStatus = 0
if (await postgresAnswers(url)) {
  postgresStatus = runVitest("PostgreSQL", { TEST_DB: "postgres", TEST_DATABASE_URL: url })
} else {
  console.log(`\n!!! PostgreSQL NOT RUN: nothing answers at ${url.replace(/:[^:@/]+@/, ":***@")}.`)
  console.log("!!! Set TEST_DATABASE_URL (or run .ci/run, which installs and starts PostgreSQL).")
  if (process.env.CI) postgresStatus = 1
}
process.exit(pgliteStatus || postgresStatus)
