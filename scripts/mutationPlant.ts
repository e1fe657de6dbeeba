/**
 * `npm run test:mutation -- --plant [file, file:line or folder…] [--all] [--typecheck-only] [--postgres]`:
 * each static mutant StrykerJS reported Survived (with `--all`, every survivor and uncovered mutant) is planted by hand —
 * written into a scratch copy of the working tree — and judged as `npm test` would judge it: first
 * by the type checker (`npm test` starts with it; Stryker has no TypeScript checker here, TypeScript
 * 7 having no JavaScript API), then by the same tests as its Stryker run. With `--typecheck-only`
 * the tests are not run, and a mutant the compiler takes is left to Stryker's verdict. Verdicts go
 * to .tmp/mutation/planted.json and the summary counts them beside Stryker's.
 *
 * Why: StrykerJS 9.6's vitest runner was suspected of reporting static mutants (evaluated when
 * their module loads: every mutant of a machine, most of a schema's) Survived although their tests
 * fail (stryker-js #6144 and #6209). Planting does without mutant switching: the mutated file is the
 * file, loaded fresh by a new vitest process. (It found no such case: docs/mutation-survivors.md.)
 */
import { spawnSync } from "node:child_process"
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import path from "node:path"
import { LOCAL_POSTGRES_URL } from "./localPostgres.ts"
import MUTATION_FOLDERS from "./mutation-folders.json" with { type: "json" }
import { hashOf, latestByFile, type Mutant, mutantKey, PLANTED_FILE, type Planted, type PlantedVerdict, readPlanted, spanOf } from "./mutationSummary.ts"

const folders: Record<string, { tests?: string; eachFile?: string; gateway?: boolean }> = MUTATION_FOLDERS
// One copy per run, so that runs over different folders can go side by side.
const TREE = path.resolve(".tmp", `plant-tree-${process.pid}`)

/** The mutated source: the replacement written over the text the mutant replaces. */
function plantedSource(source: string, mutant: Mutant): string {
  const { from, to } = spanOf(source, mutant)
  return source.slice(0, from) + (mutant.replacement ?? "") + source.slice(to)
}

/** The tests a file's Stryker run is judged by (stryker.config.mjs): a machine's own, else its folder's. */
function judgesOf(file: string): { tests: string; gateway: boolean } {
  const folder = folders[path.dirname(file)]
  if (!folder) throw new Error(`${file} is in no mutation folder`)
  if (folder.eachFile) return { tests: file.replace(/\.ts$/, ".test.ts"), gateway: false }
  return { tests: folder.tests ?? "", gateway: folder.gateway === true }
}

/** A scratch copy of the working tree as it is (committed or not), node_modules shared. */
function prepareTree() {
  rmSync(TREE, { recursive: true, force: true })
  const files = spawnSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" })
    .stdout.split("\n")
    .filter((f) => f && existsSync(f))
  for (const file of files) {
    mkdirSync(path.join(TREE, path.dirname(file)), { recursive: true })
    cpSync(file, path.join(TREE, file))
  }
  symlinkSync(path.resolve("node_modules"), path.join(TREE, "node_modules"))
}

interface Run {
  readonly verdict: PlantedVerdict
  readonly failingTests: number
  readonly seconds: number
  readonly output: string
}

/** Whether the planted tree compiles (`npm run typecheck`, in the copy). */
function compiles(): boolean {
  return spawnSync("npx", ["tsc", "--noEmit", "-p", "."], { cwd: TREE, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }).status === 0
}

function runJudges(file: string, limitMs: number): Run {
  const { tests, gateway } = judgesOf(file)
  const started = Date.now()
  const result = spawnSync("npx", ["vitest", "run", "--config", "vitest.mutation.config.ts", "--bail", "1"], {
    cwd: TREE,
    encoding: "utf8",
    timeout: limitMs,
    killSignal: "SIGKILL",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, MUTATION_TESTS: tests, MUTATION_MODULES: file, ...database, ...(gateway ? { MUTATION_GATEWAY: "1" } : {}), CI: "1" },
  })
  const seconds = Math.round((Date.now() - started) / 1000)
  const output = `${result.stdout}${result.stderr}`
  const failingTests = Number(/Tests\s+(\d+) failed/.exec(output)?.[1] ?? 0)
  if (result.error || result.signal) return { verdict: "Timeout", failingTests, seconds, output }
  return { verdict: result.status === 0 ? "Survived" : "Killed", failingTests, seconds, output }
}

const args = process.argv.slice(2).filter((a) => a !== "--plant")
const every = args.includes("--all")
const typecheckOnly = args.includes("--typecheck-only")
// Gateway suites on PostgreSQL (`--postgres`, TEST_DATABASE_URL or the local default), where the
// contended cases run that PGlite, one query at a time, cannot (a double booking, a double sign-up).
const database: Record<string, string> = args.includes("--postgres")
  ? { TEST_DB: "postgres", TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES_URL }
  : { TEST_DB: "pglite" }
const targets = args.filter((a) => !a.startsWith("--"))
/** A target names a folder, a file, or one line of a file (`server/repositories/doctorSearch.ts:11`). */
const wanted = (file: string, line: number) =>
  targets.length === 0 || targets.some((t) => file === t || t === `${file}:${line}` || file.startsWith(`${t.replace(/\/$/, "")}/`))

const candidates = [...latestByFile()]
  .filter(([file]) => wanted(file, 0) || targets.some((t) => t.startsWith(`${file}:`)))
  .flatMap(([file, { source, mutants }]) => {
    if (!existsSync(file) || readFileSync(file, "utf8") !== source) {
      console.log(`${file}: changed since its report, not planted`)
      return []
    }
    return mutants
      .filter((m) => (m.status === "Survived" || (every && m.status === "NoCoverage")) && (every || m.static === true) && wanted(file, m.location.start.line))
      .map((mutant) => ({ file, source, mutant }))
  })

console.log(`Planting ${candidates.length} survivors in ${path.relative(process.cwd(), TREE)}`)
prepareTree()
const baselines = new Map<string, number>()
let failed = !compiles()
if (failed) console.log("The working tree does not compile without a mutant: nothing planted")

/** Adds a verdict to planted.json as it is now (another run may have written to it meanwhile). */
function record(entry: Planted) {
  const planted = new Map(readPlanted().map((p) => [`${p.file}|${p.sourceHash}|${p.mutant}`, p]))
  planted.set(`${entry.file}|${entry.sourceHash}|${entry.mutant}`, entry)
  writeFileSync(PLANTED_FILE, `${JSON.stringify([...planted.values()], null, 1)}\n`)
}

for (const { file, source, mutant } of failed ? [] : candidates) {
  const judges = JSON.stringify(judgesOf(file))
  if (!typecheckOnly && !baselines.has(judges)) {
    // The unmutated tree must pass its judges, or a failure says nothing about a mutant.
    const baseline = runJudges(file, 30 * 60_000)
    if (baseline.verdict !== "Survived") {
      console.log(`${file}: its tests fail without a mutant (${baseline.verdict}), not planted\n${baseline.output.slice(-3000)}`)
      failed = true
      break
    }
    baselines.set(judges, baseline.seconds)
    console.log(`${file}: its tests pass unmutated in ${baseline.seconds} s`)
  }
  const target = path.join(TREE, file)
  writeFileSync(target, plantedSource(source, mutant))
  const started = Date.now()
  const typeError = !compiles()
  const run: Omit<Run, "output"> | null = typeError
    ? { verdict: "Killed", failingTests: 0, seconds: Math.round((Date.now() - started) / 1000) }
    : typecheckOnly
      ? null
      : runJudges(file, Math.max(120, 3 * baselines.get(judges)!) * 1000)
  writeFileSync(target, source)
  const line = source.split("\n")[mutant.location.start.line - 1]!.trim().slice(0, 90)
  const what = `${file}:${mutant.location.start.line} ${mutant.mutatorName} → ${JSON.stringify(mutant.replacement ?? "").slice(0, 50)}`
  if (!run) {
    console.log(`compiles ${what}  ${line}`)
    continue
  }
  record({
    file,
    mutant: mutantKey(mutant),
    sourceHash: hashOf(source),
    verdict: run.verdict,
    judge: typeError ? "typecheck" : "tests",
    failingTests: run.failingTests,
    seconds: run.seconds,
  })
  console.log(`${run.verdict.padEnd(8)} ${typeError ? "(type error) " : ""}${what} (${run.seconds} s)  ${line}`)
}

rmSync(TREE, { recursive: true, force: true })
if (failed) process.exit(1)
