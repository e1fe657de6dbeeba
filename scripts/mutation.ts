/**
 * `npm run test:mutation [target…]`: StrykerJS over machines/, schemas/, server/scheduling/ and
 * server/repositories/ (or the folders or files named), one Stryker run per target so each keeps
 * its own incremental file under .tmp/mutation/, then the score per folder from every report
 * there. A folder with `eachFile` (machines/) runs as one Stryker run per such file, smallest
 * first, each judged by its own tests. Too slow for `npm test`; its latest figures go in the
 * README's Quality table.
 *
 *   npm run test:mutation                      all four folders
 *   npm run test:mutation -- machines          one folder (machines: one run per machine)
 *   npm run test:mutation -- machines/searchBox.machine.ts   one file (its own report)
 *   npm run test:mutation -- --report          only print the table of the reports already there
 *   npm run test:mutation -- --plant [target…] plant each static survivor by hand (scripts/mutationPlant.ts)
 */
import { spawnSync } from "node:child_process"
import { readdirSync, statSync } from "node:fs"
import MUTATION_FOLDERS from "./mutation-folders.json" with { type: "json" }
import { printMutationSummary } from "./mutationSummary.ts"

const args = process.argv.slice(2)
if (args.includes("--plant")) {
  const planting = spawnSync("npx", ["tsx", "scripts/mutationPlant.ts", ...args], { stdio: "inherit" })
  printMutationSummary(Object.keys(MUTATION_FOLDERS))
  process.exit(planting.status ?? 1)
}
const reportOnly = args.includes("--report")
const targets = args.filter((a) => !a.startsWith("--"))
const folders: Record<string, { mutate: string[]; eachFile?: string }> = MUTATION_FOLDERS

/** A folder with `eachFile` becomes its files of that ending, smallest first; anything else stays. */
function runsOf(target: string): string[] {
  const eachFile = folders[target]?.eachFile
  if (!eachFile) return [target]
  return readdirSync(target)
    .filter((name) => name.endsWith(eachFile))
    .map((name) => `${target}/${name}`)
    .sort((a, b) => statSync(a).size - statSync(b).size)
}

const runs = reportOnly ? [] : (targets.length > 0 ? targets : Object.keys(MUTATION_FOLDERS)).flatMap(runsOf)

let failed = false
for (const target of runs) {
  const started = Date.now()
  console.log(`\n=== mutation testing: ${target} ===`)
  const result = spawnSync("npx", ["stryker", "run", "stryker.config.mjs"], {
    stdio: "inherit",
    env: { ...process.env, MUTATION_TARGET: target },
  })
  console.log(`=== ${target}: ${((Date.now() - started) / 1000).toFixed(0)} s, exit ${result.status} ===`)
  if (result.status !== 0) failed = true
}

printMutationSummary(Object.keys(MUTATION_FOLDERS))
process.exit(failed ? 1 : 0)
