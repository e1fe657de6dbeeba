import { describe, expect, it } from "vitest"
import type { Db } from "./client.ts"
import { preparedStatement } from "./prepared.ts"

/** Stand-ins for two databases: the helper only tells them apart. */
const first = {} as Db
const second = {} as Db

describe("preparedStatement", () => {
  it("builds a statement once per database, under its own name, and runs it with each call's values", async () => {
    const built: Array<{ db: Db; name: string }> = []
    const statement = preparedStatement("test_builds_once", (db, name) => {
      built.push({ db, name })
      return { execute: async (values?: Record<string, unknown>) => values }
    })
    expect(await statement(first).execute({ id: 1 })).toEqual({ id: 1 })
    expect(await statement(first).execute({ id: 2 })).toEqual({ id: 2 })
    await statement(second).execute()
    expect(built).toEqual([
      { db: first, name: "test_builds_once" },
      { db: second, name: "test_builds_once" },
    ])
  })

  it("refuses a name already given: PostgreSQL would run the other statement under it", () => {
    const build = () => ({ execute: async () => [] })
    preparedStatement("test_named_twice", build)
    expect(() => preparedStatement("test_named_twice", build)).toThrow(/test_named_twice/)
  })
})
