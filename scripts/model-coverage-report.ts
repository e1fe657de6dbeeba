/**
 * Prints, per machine of machines/, the states and transitions its model-based test covered and
 * the paths it ran; fails when a machine has no test or is not fully covered.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { COVERAGE_DIR, type MachineCoverage } from "../machines/testing/coverage.ts"

const machineFiles = readdirSync("machines").filter((f) => f.endsWith(".machine.ts"))
const rows: string[][] = [["machine", "states", "transitions", "paths", ""]]
let failed = false

for (const file of machineFiles.sort()) {
  const name = file.replace(/\.machine\.ts$/, "")
  const testFile = path.join("machines", `${name}.machine.test.ts`)
  const coverageFile = path.join(COVERAGE_DIR, `${name}.json`)
  if (!existsSync(testFile) || !existsSync(coverageFile)) {
    rows.push([name, "-", "-", "0", "NO MODEL-BASED TEST"])
    failed = true
    continue
  }
  const c = JSON.parse(readFileSync(coverageFile, "utf8")) as MachineCoverage
  const full = c.states.covered.length === c.states.total.length && c.transitions.covered.length === c.transitions.total.length
  if (!full) failed = true
  rows.push([
    name,
    `${c.states.covered.length}/${c.states.total.length}`,
    `${c.transitions.covered.length}/${c.transitions.total.length}`,
    String(c.paths),
    full ? "full" : "INCOMPLETE",
  ])
}

const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join("  "))
process.exit(failed ? 1 : 0)
