/**
 * The mutation score per folder, read from the JSON reports StrykerJS leaves in .tmp/mutation/
 * (mutation-testing-report-schema). A mutant's file decides its folder. Reports are merged by
 * mutant (its place and replacement), the newer report winning, among the reports of a file that
 * saw the file as it is in its newest report: a run over some lines of a file (a long machine run
 * in parts) adds to the others, and a report of code since changed is left out.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import path from "node:path"

export const MUTATION_DIR = path.resolve(".tmp", "mutation")

type Status = "Killed" | "Survived" | "NoCoverage" | "Timeout" | "CompileError" | "RuntimeError" | "Ignored" | "Pending"
interface Mutant {
  readonly status: Status
  readonly mutatorName: string
  readonly replacement?: string
  readonly location: { readonly start: { readonly line: number; readonly column: number }; readonly end: { readonly line: number; readonly column: number } }
}
interface Report {
  readonly files: Record<string, { readonly source: string; readonly mutants: ReadonlyArray<Mutant> }>
}

const mutantKey = ({ location: { start, end }, mutatorName, replacement }: Mutant) =>
  `${start.line}:${start.column}-${end.line}:${end.column}:${mutatorName}:${replacement ?? ""}`

/** Per file, the status of each mutant, from the newest report that tested it on the file's newest source. */
function latestByFile(): Map<string, Status[]> {
  if (!existsSync(MUTATION_DIR)) return new Map()
  const reports = readdirSync(MUTATION_DIR)
    .filter((f) => f.endsWith(".report.json"))
    .map((f) => path.join(MUTATION_DIR, f))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
  const byFile = new Map<string, { source: string; mutants: Map<string, Status> }>()
  // Newest first: a file's newest source decides which reports count for it.
  for (const file of reports.reverse()) {
    const report = JSON.parse(readFileSync(file, "utf8")) as Report
    for (const [name, result] of Object.entries(report.files)) {
      const key = path.relative(process.cwd(), path.resolve(name))
      const seen = byFile.get(key) ?? { source: result.source, mutants: new Map<string, Status>() }
      byFile.set(key, seen)
      if (seen.source !== result.source) continue
      for (const mutant of result.mutants) if (!seen.mutants.has(mutantKey(mutant))) seen.mutants.set(mutantKey(mutant), mutant.status)
    }
  }
  return new Map([...byFile].map(([key, { mutants }]) => [key, [...mutants.values()]]))
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
  console.log("\nMutation score per folder (newest result of each mutant, .tmp/mutation/):")
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join("  "))
}

if (import.meta.url === `file://${process.argv[1]}`) printMutationSummary(process.argv.slice(2))
