/**
 * Runs the unit suites and the gateway suites on PGlite at other instants than now, through
 * libfaketime (`apt-get install -y faketime`): a test that holds only on some days or hours fails
 * here before it fails in CI on that day. PGlite reads the process's clock, so the database's now()
 * moves with it; PostgreSQL, a server of its own, would not. By hand (about 7 minutes an instant):
 *
 *   npx tsx scripts/clock-audit.ts [instant…]   (instants as "2026-12-31 23:40:00", UTC)
 *
 * The defaults are the hours where dates turn: late on a Saturday in Dakar (already Sunday in
 * N'Djamena, an hour ahead), the year's last minutes, just past midnight on a Monday; and a Sunday
 * noon, when the tests' Sunday morning hours are already behind (two bugs were found there by CI).
 */
import { spawnSync } from "node:child_process"

const DEFAULT_INSTANTS = ["2027-01-02 23:40:00", "2026-12-31 23:40:00", "2026-11-30 00:05:00", "2026-11-29 12:00:00"]

const given = process.argv.slice(2)
const instants = given.length > 0 ? given : DEFAULT_INSTANTS

if (spawnSync("faketime", ["-f", "+0", "true"]).error) {
  console.error("faketime is not installed: apt-get install -y faketime")
  process.exit(2)
}

const failed: string[] = []
for (const instant of instants) {
  for (const [project, env] of [
    ["unit", {}],
    ["gateway", { TEST_DB: "pglite" }],
  ] as const) {
    console.log(`\n=== ${project} suites at ${instant} UTC ===`)
    const run = spawnSync("faketime", ["-f", `@${instant}`, "npx", "vitest", "run", "--project", project, "--reporter=dot"], {
      stdio: "inherit",
      // Timers and timeouts keep the real monotonic clock: only the wall clock moves.
      env: { ...process.env, ...env, TZ: "UTC", FAKETIME_DONT_FAKE_MONOTONIC: "1" },
    })
    if (run.status !== 0) failed.push(`${project} at ${instant}`)
  }
}

console.log(failed.length === 0 ? `\nEvery suite passed at ${instants.join(", ")} UTC.` : `\nFAILED: ${failed.join("; ")}`)
process.exit(failed.length === 0 ? 0 : 1)
