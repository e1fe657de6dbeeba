/**
 * The vitest configuration of mutation runs (stryker.config.mjs): one project, the tests named by
 * MUTATION_TESTS (comma-separated globs, e.g. a machine's own model test), else every unit test;
 * with MUTATION_MODULES, machines/testing/moduleLoads.mutation.ts too (each of those modules loads).
 * With MUTATION_GATEWAY, the named tests are gateway suites: their seeded database templates and
 * time limits, as in vitest.config.ts, and no read cache. `npm test` keeps vitest.config.ts.
 */
import { defineConfig } from "vitest/config"
import { UNIT_TESTS } from "./vitest.config.ts"

const gateway = process.env.MUTATION_GATEWAY === "1"

export default defineConfig({
  test: {
    include: [...(process.env.MUTATION_TESTS?.split(",") ?? UNIT_TESTS), ...(process.env.MUTATION_MODULES ? ["machines/testing/moduleLoads.mutation.ts"] : [])],
    environment: "node",
    ...(gateway
      ? {
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: "forks" as const,
          globalSetup: ["server/testing/databaseTemplates.ts"],
          // Every read reaches the code: see server/testing/testGateway.ts.
          env: { PROMED_TEST_READ_CACHE_MS: "0" },
        }
      : {}),
  },
})
