import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestGateway, TEST_DB, type TestGateway } from "../testing/testGateway.ts"
import { inTransaction } from "./transaction.ts"
import { isDatabaseUnavailable } from "./unavailable.ts"

let gw: TestGateway
beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw?.stop()
})

const onPostgres = TEST_DB === "postgres"
/** The rows of a statement, as both drivers give them. */
const rowsOf = async (query: Promise<unknown>) => ((await query) as { rows: Array<Record<string, unknown>> }).rows
const pidOf = async (db: TestGateway["db"]) => (await rowsOf(db.execute(sql`SELECT pg_backend_pid() AS pid`)))[0]!.pid as number
const settle = () => new Promise((resolve) => setTimeout(resolve, 200))

describe("a connection lost under a request", () => {
  it(
    onPostgres
      ? "PostgreSQL: a transaction whose connection is ended between two queries fails with an outage error for that request only; the process lives and the next query works"
      : "PGlite pass (one in-process connection, nothing to lose; PostgreSQL's connections are cut in the PostgreSQL pass): a transaction commits",
    async () => {
      if (!onPostgres) return expect(await inTransaction(gw.db, (tx) => rowsOf(tx.execute(sql`SELECT 1 AS one`)))).toHaveLength(1)
      const failure = await inTransaction(gw.db, async (tx) => {
        const pid = await pidOf(tx)
        // Another connection ends this one while it is idle in its transaction: node-postgres then
        // emits 'error' on the checked-out client itself, which stops the process when nobody hears it.
        await gw.db.execute(sql`SELECT pg_terminate_backend(${pid})`)
        await settle()
        await tx.execute(sql`SELECT 1`)
      }).then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(failure).toBeDefined()
      expect(isDatabaseUnavailable(failure)).toBe(true)
      // The pool replaced what it lost: the next request is served.
      expect(await rowsOf(gw.db.execute(sql`SELECT 2 AS two`))).toEqual([{ two: 2 }])
    },
  )

  it(
    onPostgres
      ? "PostgreSQL: idle connections of the pool ended by the server (a restart) are replaced without a crash"
      : "PGlite pass (no pool; asked in the PostgreSQL pass): queries keep working",
    async () => {
      if (!onPostgres) return expect(await rowsOf(gw.db.execute(sql`SELECT 3 AS three`))).toEqual([{ three: 3 }])
      await Promise.all(Array.from({ length: 5 }, () => gw.db.execute(sql`SELECT pg_sleep(0.05)`)))
      const others = sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`
      await gw.db.execute(others)
      await settle()
      expect(await rowsOf(gw.db.execute(sql`SELECT 3 AS three`))).toEqual([{ three: 3 }])
    },
  )
})
