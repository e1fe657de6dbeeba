/**
 * Mutation runs only (vitest.mutation.config.ts adds it next to the tests named for a run): each
 * file of MUTATION_MODULES must load, and each machine it exports must be built (a `create…Machine`
 * factory is called with a placeholder actor). A mutant that makes a module throw while it loads or
 * a machine throw while it is built (a target naming a state that no longer exists, a factory or a
 * schema helper that returns nothing) leaves its test files with no tests at all, which StrykerJS's
 * vitest runner counts as Survived; here it fails a test, as it fails the app.
 */
import path from "node:path"
import { expect, it } from "vitest"
import { fromPromise } from "xstate"

for (const file of (process.env.MUTATION_MODULES ?? "").split(",").filter(Boolean)) {
  it(`${file} loads and builds its machines`, async () => {
    const exports = (await import(/* @vite-ignore */ path.resolve(file))) as Record<string, unknown>
    for (const [name, value] of Object.entries(exports)) {
      if (!name.endsWith("Machine")) continue
      const machine: unknown =
        /^create\w*Machine$/.test(name) && typeof value === "function" ? (value as (logic: unknown) => unknown)(fromPromise(async () => undefined)) : value
      expect(machine, name).toHaveProperty("getInitialSnapshot")
    }
  })
}
