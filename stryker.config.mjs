// @ts-check
/**
 * StrykerJS over the code whose behaviour the unit and gateway suites are meant to pin down.
 * Run through `npm run test:mutation [target…]` (scripts/mutation.ts), which sets MUTATION_TARGET
 * to one folder (or one file) at a time so that each keeps an incremental file of its own: a
 * rerun only retests the mutants whose code or covering tests changed.
 */

import { readFileSync } from "node:fs"

/**
 * The four folders the mutation score is reported for: the sources mutated in each, and where the
 * tests that judge them live. Machines are judged by their model tests in machines/ (the screens'
 * tests that import them too would multiply each mutant's run for little); schemas by any test.
 */
/** @type {Record<string, { mutate: string[], testDir?: string }>} */
const MUTATION_FOLDERS = JSON.parse(readFileSync(new URL("./scripts/mutation-folders.json", import.meta.url), "utf8"))

/** Tests, test helpers and SPEC oracles are the judges, not the code under test. */
const NOT_MUTATED = ["!**/*.test.ts", "!**/*.oracle.ts", "!machines/testing/**"]

const target = process.env.MUTATION_TARGET ?? "machines"
const slug = target.replace(/[^a-zA-Z0-9]+/g, "-").slice(0, 80)
// A folder by name, or files (a glob such as machines/{a,b}.machine.ts) judged like their folder's.
const home = Object.keys(MUTATION_FOLDERS).find((name) => target.startsWith(`${name}/`))
const folder = MUTATION_FOLDERS[target] ?? { ...(home ? MUTATION_FOLDERS[home] : {}), mutate: [target] }
const mutate = folder.mutate

// The gateway suites (server/scheduling, server/repositories) run on the embedded PGlite database.
process.env.TEST_DB ??= "pglite"

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  testRunner: "vitest",
  vitest: { configFile: "vitest.config.ts", related: true, ...(folder.testDir ? { dir: folder.testDir } : {}) },
  plugins: ["@stryker-mutator/vitest-runner"],
  mutate: [...mutate, ...NOT_MUTATED],
  coverageAnalysis: "perTest",
  incremental: true,
  incrementalFile: `.tmp/mutation/${slug}.incremental.json`,
  reporters: ["clear-text", "progress", "json", "html"],
  jsonReporter: { fileName: `.tmp/mutation/${slug}.report.json` },
  htmlReporter: { fileName: `.tmp/mutation/${slug}.report.html` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: false },
  // Two cores are shared with everything else a developer machine runs.
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  timeoutMS: 20_000,
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
