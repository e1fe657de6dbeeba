import { describe, expect, it } from "vitest"
import { runPrepared } from "./prepared.ts"

/** A query of a given text that records how it was run. */
function query(text: string, runs: string[]) {
  return {
    toSQL: () => ({ sql: text }),
    prepare: (name: string) => ({ execute: async () => void runs.push(`named ${name}`) }),
    execute: async () => void runs.push("unnamed"),
  }
}

describe("runPrepared", () => {
  it("names a statement after its text (same text, same name), and runs unnamed once 200 texts are named", async () => {
    const runs: string[] = []
    await runPrepared(query("select 1", runs))
    await runPrepared(query("select 1", runs))
    await runPrepared(query("select 2", runs))
    expect(runs[0]).toMatch(/^named q[0-9a-f]{24}$/)
    expect(runs[1]).toBe(runs[0])
    expect(runs[2]).not.toBe(runs[0])
    for (let i = 0; i < 300; i++) await runPrepared(query(`select ${i + 3}`, runs))
    expect(runs.filter((r) => r.startsWith("named")).length - 1).toBe(200)
    expect(runs.at(-1)).toBe("unnamed")
    await runPrepared(query("select 1", runs))
    expect(runs.at(-1)).toBe(runs[0])
  })
})
