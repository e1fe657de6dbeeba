/**
 * Issue 37's fault suite (tests/faults/): PostgreSQL restarted, stopped, failed over, and gateways
 * stopped and killed, under a booking storm. It runs the production server, dist/server/main.js:
 * `npm test` builds it first; run alone, this builds the server if it is missing. The suite makes
 * PostgreSQL clusters of its own (ports 5544-5546) with Debian's tools, as root; without them it
 * says NOT RUN, and fails under CI.
 */
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"

if (!existsSync("dist/server/main.js")) {
  const built = spawnSync("npx", ["tsx", "scripts/buildServer.ts"], { stdio: "inherit" })
  if (built.status !== 0) process.exit(built.status ?? 1)
}
console.log("\n=== fault suite on PostgreSQL clusters of its own ===")
const result = spawnSync("npx", ["vitest", "run", "--project", "faults", ...process.argv.slice(2)], { stdio: "inherit" })
process.exit(result.status ?? 1)
