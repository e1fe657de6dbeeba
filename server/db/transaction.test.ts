import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { openDatabase, type Database } from "./client.ts"
import { specialties } from "./schema.ts"
import { inTransaction } from "./transaction.ts"

let database: Database
beforeAll(async () => {
  database = await openDatabase({ memory: true })
})
afterAll(async () => {
  await database?.close()
})

const named = (code: string) => database.db.select().from(specialties).where(eq(specialties.code, code))

describe("inTransaction", () => {
  it("commits what the work wrote when it resolves, and answers its value", async () => {
    const value = await inTransaction(database.db, async (tx) => {
      await tx.insert(specialties).values({ code: "Kept", label: "Kept" })
      return 42
    })
    expect(value).toBe(42)
    expect(await named("Kept")).toHaveLength(1)
  })

  it("rolls everything back when the work throws, and passes the error on", async () => {
    const failure = new Error("refused")
    await expect(
      inTransaction(database.db, async (tx) => {
        await tx.insert(specialties).values({ code: "Dropped", label: "Dropped" })
        throw failure
      }),
    ).rejects.toBe(failure)
    expect(await named("Dropped")).toEqual([])
  })

  it("nests as a savepoint: an inner failure caught inside leaves the outer work standing", async () => {
    await inTransaction(database.db, async (tx) => {
      await tx.insert(specialties).values({ code: "Outer", label: "Outer" })
      await inTransaction(tx, async (inner) => {
        await inner.insert(specialties).values({ code: "Inner", label: "Inner" })
        throw new Error("inner refused")
      }).catch(() => {})
    })
    expect(await named("Outer")).toHaveLength(1)
    expect(await named("Inner")).toEqual([])
  })
})
