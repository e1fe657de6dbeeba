import { defineConfig } from "vitest/config"

/** The unit project's tests (vitest.mutation.config.ts runs them too). */
export const UNIT_TESTS = ["machines/**/*.test.ts", "schemas/**/*.test.ts", "src/**/*.test.{ts,tsx}"]

export default defineConfig({
  test: {
    // Vitest leaves one of two cores idle by default; the suites wait on databases and sockets enough to use both.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          include: UNIT_TESTS,
          environment: "node",
        },
      },
      {
        test: {
          name: "gateway",
          include: ["server/**/*.test.ts", "tests/security/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // One database per file, copied from templates built once per run; files run in parallel workers.
          pool: "forks",
          globalSetup: ["server/testing/databaseTemplates.ts"],
          // The gateway's JSON logs stay out of the suites' output; a test reads them with captureLogs (server/observability/log.ts).
          env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "silent" },
        },
      },
      {
        test: {
          // Issue 37's faults on real PostgreSQL clusters of their own (scripts/test-faults.ts runs it after a build).
          name: "faults",
          include: ["tests/faults/**/*.test.ts"],
          environment: "node",
          pool: "forks",
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 240_000,
          env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "silent" },
        },
      },
    ],
  },
})
