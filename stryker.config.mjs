// @ts-check
/**
 * StrykerJS over the code whose behaviour the unit and gateway suites are meant to pin down.
 * Run through `npm run test:mutation [target…]` (scripts/mutation.ts), which sets MUTATION_TARGET
 * to one folder (or one file) at a time so that each keeps an incremental file of its own: a
 * rerun only retests the mutants whose code or covering tests changed (not machines: see below).
 */

import { readdirSync, readFileSync } from "node:fs"

/**
 * The four folders the mutation score is reported for: the sources mutated in each, and which tests
 * judge them. A machine is judged by its own model test only (`eachFile`: scripts/mutation.ts runs
 * one Stryker run per `*.machine.ts`, and machines/x.machine.ts is judged by machines/x.machine.test.ts;
 * every mutant of a machine is static, so each one runs every test given); schemas by their own
 * tests (`tests`: most of a schema's mutants are static too, and every unit test importing a schema
 * would rerun for each, minutes a mutant); the server folders by the
 * gateway suites named in `tests` (`gateway`: with their seeded database templates).
 */
/** @type {Record<string, { mutate: string[], eachFile?: string, tests?: string, gateway?: boolean }>} */
const MUTATION_FOLDERS = JSON.parse(readFileSync(new URL("./scripts/mutation-folders.json", import.meta.url), "utf8"))

/** Tests, test helpers and SPEC oracles are the judges, not the code under test. */
const NOT_MUTATED = ["!**/*.test.ts", "!**/*.oracle.ts", "!machines/testing/**"]

const target = process.env.MUTATION_TARGET ?? "machines"
const slug = target.replace(/[^a-zA-Z0-9]+/g, "-").slice(0, 80)
// A folder by name, or files (a glob such as machines/{a,b}.machine.ts) judged like their folder's.
const home = Object.keys(MUTATION_FOLDERS).find((name) => target.startsWith(`${name}/`))
const folder = MUTATION_FOLDERS[target] ?? { ...(home ? MUTATION_FOLDERS[home] : {}), mutate: [target] }
const mutate = folder.mutate

// The tests run for each mutant (vitest.mutation.config.ts reads MUTATION_TESTS): a machine's own
// model test(s), or the folder's own tests; the server folders keep vitest.config.ts and its gateway project.
// A machine that throws while it is built must fail a test too (machines/testing/moduleLoads.mutation.ts):
// its module is imported at run time, so vitest's `related` (static imports) is off for these runs
// (and for every folder whose judges are named by `tests`).
// A target may name lines of a file (machines/bookingWizard.machine.ts:172-300), as Stryker's `mutate` allows.
const mutatedFiles = mutate.map((target) => target.replace(/:[\d:-]+$/, ""))
if (folder.eachFile) process.env.MUTATION_TESTS = mutatedFiles.map((file) => file.replace(/\.ts$/, ".test.ts")).join(",")
if (folder.tests) process.env.MUTATION_TESTS = folder.tests
// A module that throws while it loads leaves the test files importing it with no tests, which the
// vitest runner counts as Survived: the module-load test makes that a failure (schemas' static
// mutants, a `bounded` helper that returns nothing, were "survivors" for that reason alone).
if (folder.eachFile || folder.tests) process.env.MUTATION_MODULES = sourceFilesOf(mutate).join(",")
// Gateway suites named by `tests` (server/scheduling: its own suites and the availability routes'),
// rather than every suite that imports the server: each of those starts a gateway, seconds a file.
if (folder.gateway) process.env.MUTATION_GATEWAY = "1"
/** The source files a `mutate` list names: files as given, a folder's `dir/*.ts` listed; exclusions and tests left out. */
function sourceFilesOf(patterns) {
  const excluded = patterns.filter((p) => p.startsWith("!")).map((p) => p.slice(1))
  return patterns
    .filter((p) => !p.startsWith("!"))
    .map((p) => p.replace(/:[\d:-]+$/, ""))
    .flatMap((p) => {
      if (!p.endsWith("/*.ts")) return [p]
      const dir = p.slice(0, -"/*.ts".length)
      return readdirSync(dir).map((name) => `${dir}/${name}`)
    })
    .filter((file) => file.endsWith(".ts") && !/\.(test|typetest|oracle)\.ts$/.test(file) && !/[*?{]/.test(file) && !excluded.includes(file))
}
const vitestConfig = folder.eachFile || folder.tests ? "vitest.mutation.config.ts" : "vitest.config.ts"

// The gateway suites (server/scheduling, server/repositories) run on the embedded PGlite database.
process.env.TEST_DB ??= "pglite"

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  testRunner: "vitest",
  vitest: { configFile: vitestConfig, related: !(folder.eachFile || folder.tests) },
  plugins: ["@stryker-mutator/vitest-runner"],
  mutate: [...mutate, ...NOT_MUTATED],
  coverageAnalysis: "perTest",
  // Not for machines: every mutant of a machine is static, and its coverage is credited to the
  // module-load test alone (the one test that imports the module while it runs), so an incremental
  // rerun reused every survivor whose load test had not changed, however much the model test had.
  // Nor for folders judged by named tests (schemas): their static mutants are credited the same way.
  incremental: !(folder.eachFile || folder.tests),
  incrementalFile: `.tmp/mutation/${slug}.incremental.json`,
  reporters: ["clear-text", "progress", "json", "html"],
  jsonReporter: { fileName: `.tmp/mutation/${slug}.report.json` },
  htmlReporter: { fileName: `.tmp/mutation/${slug}.report.html` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: false },
  // Two cores are shared with everything else a developer machine runs.
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  // A mutant may take its tests' time ×1.5 plus this. At 20 s, two equivalent mutants of the booking
  // wizard (its 2,600 paths, on a loaded shared core) ran past the limit and were counted Timeout.
  timeoutMS: 60_000,
  // The first, unmutated run of every covering test measures coverage per test: minutes on a busy machine.
  dryRunTimeoutMinutes: 30,
  tempDirName: `.tmp/stryker-sandbox/${slug}`,
  cleanTempDir: "always",
  // TypeScript 7 has no JavaScript API for Stryker to rewrite tsconfig.json with, and nothing in it
  // points outside the sandbox; vitest strips types without checking them, so no // @ts-nocheck either.
  tsconfigFile: "no-tsconfig-rewrite.json",
  disableTypeChecks: false,
  ignorePatterns: ["dist", ".data", ".tmp", "test-results", "playwright-report", "tests/e2e", "tests/perf"],
  thresholds: { high: 90, low: 80, break: null },
}

export default config
