import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    // Vitest leaves one of two cores idle by default; the suites wait on databases and sockets enough to use both.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          include: ["machines/**/*.test.ts", "schemas/**/*.test.ts", "src/**/*.test.{ts,tsx}"],
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
        },
      },
    ],
  },
})
