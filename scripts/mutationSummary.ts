/**
 * The mutation score per folder, read from the JSON reports StrykerJS leaves in .tmp/mutation/
 * (mutation-testing-report-schema). A mutant's file decides its folder. Reports are merged by
 * mutant (its place and replacement), the newer report winning, among the reports of a file that
 * saw the file as it is in its newest report: a run over some lines of a file (a long machine run
 * in parts) adds to the others, and a report of code since changed is left out.
 *
 * A static mutant Stryker reports Survived may have been planted by hand since
 * (`npm run test:mutation -- --plant`, scripts/mutationPlant.ts): its verdict, recorded in
 * .tmp/mutation/planted.json for the same source, is shown beside Stryker's and counted in the
 * score "with planted".
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import path from "node:path"

export const MUTATION_DIR = path.resolve(".tmp", "mutation")
export const PLANTED_FILE = path.join(MUTATION_DIR, "planted.json")

type Status = "Killed" | "Survived" | "NoCoverage" | "Timeout" | "CompileError" | "RuntimeError" | "Ignored" | "Pending"
export interface Mutant {
  readonly id: string
  readonly status: Status
  readonly static?: boolean
  readonly mutatorName: string
  readonly replacement?: string
  readonly location: { readonly start: { readonly line: number; readonly column: number }; readonly end: { readonly line: number; readonly column: number } }
}
interface Report {
  readonly files: Record<string, { readonly source: string; readonly mutants: ReadonlyArray<Mutant> }>
}
export interface FileResult {
  readonly source: string
  readonly mutants: ReadonlyArray<Mutant>
}

/** What planting a mutant by hand gave: its tests failed (Killed), passed (Survived), or ran past the limit. */
export type PlantedVerdict = "Killed" | "Survived" | "Timeout"
export interface Planted {
  readonly file: string
  readonly mutant: string
  readonly sourceHash: string
  readonly verdict: PlantedVerdict
  /** Which judge decided: the type checker (`npm test` starts with it) or the run's tests. Absent: tests. */
  readonly judge?: "typecheck" | "tests"
  readonly failingTests: number
  readonly seconds: number
}

export const mutantKey = ({ location: { start, end }, mutatorName, replacement }: Mutant) =>
  `${start.line}:${start.column}-${end.line}:${end.column}:${mutatorName}:${replacement ?? ""}`

export const hashOf = (source: string) => {
  // FNV-1a: enough to tell one version of a file from another.
  let hash = 0x811c9dc5
  for (let i = 0; i < source.length; i++) hash = Math.imul(hash ^ source.charCodeAt(i), 0x01000193) >>> 0
  return `${source.length}-${hash.toString(16)}`
}

/** Per file, each mutant's newest result among the reports that tested the file's newest source. */
export function latestByFile(): Map<string, FileResult> {
  if (!existsSync(MUTATION_DIR)) return new Map()
  const reports = readdirSync(MUTATION_DIR)
    .filter((f) => f.endsWith(".report.json"))
    .map((f) => path.join(MUTATION_DIR, f))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
  const byFile = new Map<string, { source: string; mutants: Map<string, Mutant> }>()
  // Newest first: a file's newest source decides which reports count for it.
  for (const file of reports.reverse()) {
    const report = JSON.parse(readFileSync(file, "utf8")) as Report
    for (const [name, result] of Object.entries(report.files)) {
      const key = path.relative(process.cwd(), path.resolve(name))
      const seen = byFile.get(key) ?? { source: result.source, mutants: new Map<string, Mutant>() }
      byFile.set(key, seen)
      if (seen.source !== result.source) continue
      for (const mutant of result.mutants) if (!seen.mutants.has(mutantKey(mutant))) seen.mutants.set(mutantKey(mutant), mutant)
    }
  }
  return new Map([...byFile].map(([key, { source, mutants }]) => [key, { source, mutants: [...mutants.values()] }]))
}

export function readPlanted(): Planted[] {
  return existsSync(PLANTED_FILE) ? (JSON.parse(readFileSync(PLANTED_FILE, "utf8")) as Planted[]) : []
}

export function printMutationSummary(folders: ReadonlyArray<string>) {
  const byFile = latestByFile()
  const planted = new Map(readPlanted().map((p) => [`${p.file}|${p.sourceHash}|${p.mutant}`, p.verdict]))
  const plantedVerdict = (file: string, source: string, mutant: Mutant) =>
    mutant.status === "Survived" ? planted.get(`${file}|${hashOf(source)}|${mutantKey(mutant)}`) : undefined
  const rows = [["folder", "score", "killed", "survived", "no coverage", "timeout", "errors", "files", "survivors planted: killed", "score with planted"]]
  for (const folder of folders) {
    const files = [...byFile].filter(([file]) => path.dirname(file) === folder)
    const mutants = files.flatMap(([file, { source, mutants }]) => mutants.map((m) => ({ status: m.status, planted: plantedVerdict(file, source, m) })))
    const count = (s: Status) => mutants.filter((m) => m.status === s).length
    const killed = count("Killed")
    const timeout = count("Timeout")
    const survived = count("Survived")
    const noCoverage = count("NoCoverage")
    const errors = count("CompileError") + count("RuntimeError")
    const plantedKilled = mutants.filter((m) => m.planted === "Killed").length
    const plantedAny = mutants.filter((m) => m.planted !== undefined).length
    // Stryker's score: detected (killed or timed out) over all valid mutants.
    const valid = killed + timeout + survived + noCoverage
    const percent = (detected: number) => (valid === 0 ? "not run" : `${((100 * detected) / valid).toFixed(1)}%`)
    rows.push([
      folder,
      percent(killed + timeout),
      String(killed),
      String(survived),
      String(noCoverage),
      String(timeout),
      String(errors),
      String(files.length),
      `${plantedKilled} of ${plantedAny}`,
      percent(killed + timeout + plantedKilled),
    ])
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  console.log("\nMutation score per folder (newest result of each mutant, .tmp/mutation/):")
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join("  "))
}

/** Where a mutant's text starts and ends in its source (lines and columns count from 1). */
export function spanOf(source: string, { location: { start, end } }: Mutant): { readonly from: number; readonly to: number } {
  const lines = source.split("\n")
  const offset = (line: number, column: number) => lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0) + column - 1
  return { from: offset(start.line, start.column), to: offset(end.line, end.column) }
}

/** The text a mutant replaces (not its whole line: reading the line misnames which part was changed). */
export function replacedText(source: string, mutant: Mutant): string {
  const { from, to } = spanOf(source, mutant)
  return source.slice(from, to)
}

/** Every survivor and uncovered mutant of the folders or files named: where, what it replaces, and with what. */
export function printSurvivors(targets: ReadonlyArray<string>) {
  const planted = new Map(
    readPlanted().map((p) => [`${p.file}|${p.sourceHash}|${p.mutant}`, p.judge === "typecheck" ? `${p.verdict} by a type error` : p.verdict]),
  )
  const short = (text: string) => JSON.stringify(text.replace(/\s+/g, " ")).slice(0, 70)
  for (const [file, { source, mutants }] of latestByFile()) {
    if (targets.length > 0 && !targets.some((t) => file === t || path.dirname(file) === t.replace(/\/$/, ""))) continue
    for (const m of mutants.filter((m) => m.status === "Survived" || m.status === "NoCoverage")) {
      const verdict = planted.get(`${file}|${hashOf(source)}|${mutantKey(m)}`)
      const notes = [m.static ? "static" : "", verdict ? `planted: ${verdict}` : ""].filter(Boolean).join(", ")
      console.log(
        `${file}:${m.location.start.line}:${m.location.start.column} ${m.status} ${m.mutatorName} ${short(replacedText(source, m))} → ${short(m.replacement ?? "")}${notes ? ` (${notes})` : ""}`,
      )
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2)
  if (args.includes("--survivors")) printSurvivors(args.filter((a) => a !== "--survivors"))
  else printMutationSummary(args)
}
