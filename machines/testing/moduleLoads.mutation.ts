/**
 * Mutation runs only (vitest.mutation.config.ts adds it next to a machine's own tests): each file
 * of MUTATION_MODULES must load. A mutant that makes a machine throw while it is built (a target
 * naming a state that no longer exists, say) leaves its test file with no tests at all, which
 * StrykerJS's vitest runner counts as Survived; here it fails a test, as it fails the app.
 */
import path from "node:path"
import { it } from "vitest"

for (const file of (process.env.MUTATION_MODULES ?? "").split(",").filter(Boolean)) {
  it(`${file} loads`, async () => {
    await import(/* @vite-ignore */ path.resolve(file))
  })
}
