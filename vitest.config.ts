import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
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
          // One database per file; files run in parallel workers.
          pool: "forks",
        },
      },
    ],
  },
})
