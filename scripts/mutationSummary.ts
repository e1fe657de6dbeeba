/**
 * The mutation score per folder, read from the JSON reports StrykerJS leaves in .tmp/mutation/
 * (mutation-testing-report-schema). A mutant's file decides its folder, so a report of one file
 * and a report of its whole folder are merged by file, the newer report winning.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import path from "node:path"

export const MUTATION_DIR = path.resolve(".tmp", "mutation")

type Status = "Killed" | "Survived" | "NoCoverage" | "Timeout" | "CompileError" | "RuntimeError" | "Ignored" | "Pending"
interface Report {
  readonly files: Record<string, { readonly mutants: ReadonlyArray<{ readonly status: Status }> }>
}

/** Per file, the mutant statuses of the newest report that holds it. */
function latestByFile(): Map<string, Status[]> {
  if (!existsSync(MUTATION_DIR)) return new Map()
  const reports = readdirSync(MUTATION_DIR)
    .filter((f) => f.endsWith(".report.json"))
    .map((f) => path.join(MUTATION_DIR, f))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
  const byFile = new Map<string, Status[]>()
  for (const file of reports) {
    const report = JSON.parse(readFileSync(file, "utf8")) as Report
    for (const [name, result] of Object.entries(report.files)) {
      byFile.set(
        path.relative(process.cwd(), path.resolve(name)),
        result.mutants.map((m) => m.status),
      )
    }
  }
  return byFile
}

export function printMutationSummary(folders: ReadonlyArray<string>) {
  const byFile = latestByFile()
  const rows = [["folder", "score", "killed", "survived", "no coverage", "timeout", "errors", "files"]]
  for (const folder of folders) {
    const statuses = [...byFile].filter(([file]) => path.dirname(file) === folder).flatMap(([, s]) => s)
    const files = [...byFile.keys()].filter((file) => path.dirname(file) === folder).length
    const count = (s: Status) => statuses.filter((x) => x === s).length
    const killed = count("Killed")
    const timeout = count("Timeout")
    const survived = count("Survived")
    const noCoverage = count("NoCoverage")
    const errors = count("CompileError") + count("RuntimeError")
    // Stryker's score: detected (killed or timed out) over all valid mutants.
    const valid = killed + timeout + survived + noCoverage
    const score = valid === 0 ? "not run" : `${((100 * (killed + timeout)) / valid).toFixed(1)}%`
    rows.push([folder, score, String(killed), String(survived), String(noCoverage), String(timeout), String(errors), String(files)])
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  console.log("\nMutation score per folder (latest report of each file, .tmp/mutation/):")
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join("  "))
}

if (import.meta.url === `file://${process.argv[1]}`) printMutationSummary(process.argv.slice(2))
