import { randomBytes } from "node:crypto"
import { sql } from "drizzle-orm"
import { afterAll, describe, expect, it } from "vitest"
import { databaseUrl, withAdmin } from "../testing/databaseTemplates.ts"
import { TEST_DB } from "../testing/testGateway.ts"
import { openDatabase, type Database } from "./client.ts"
import { seedOnFirstStart } from "./seed.ts"

const opened: Database[] = []
let dropScratch = async () => {}
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()))
  await dropScratch()
})

/** What main.ts does before it listens: open (migrating) and seed an empty database. */
async function start(options: Parameters<typeof openDatabase>[0]): Promise<boolean> {
  const database = await openDatabase(options)
  opened.push(database)
  return seedOnFirstStart(database, () => {})
}

const userCount = async (database: Database) =>
  (await database.db.execute<Record<string, unknown>>(sql`SELECT count(*)::int AS n FROM users`)) as { rows: Array<{ n: number }> }

describe("first start", () => {
  // Two gateways started together on an empty PostgreSQL used to race (one died on CREATE EXTENSION);
  // PGlite is held by one process, so there the second start simply finds the database ready.
  it(
    TEST_DB === "postgres"
      ? "PostgreSQL: two gateways starting at once on an empty database both start; the schema is made and the demo seeded once"
      : "PGlite (one process; concurrent starts are PostgreSQL's case, run in its pass): a second start finds the database migrated and seeded",
    async () => {
      let seededBy: boolean[]
      if (TEST_DB === "postgres") {
        const adminUrl = process.env.TEST_DATABASE_URL!
        const name = `promed_t_first_${randomBytes(5).toString("hex")}`
        await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`))
        dropScratch = () => withAdmin(adminUrl, async (admin) => void (await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)))
        const url = databaseUrl(adminUrl, name)
        seededBy = await Promise.all([start({ url }), start({ url })])
      } else {
        const dataDir = `/tmp/promed-first-start-${randomBytes(5).toString("hex")}`
        seededBy = [await start({ dataDir })]
        await opened.pop()!.close()
        seededBy.push(await start({ dataDir }))
      }
      expect(seededBy.filter(Boolean)).toHaveLength(1)
      const [first, second] = await Promise.all(opened.map(userCount))
      expect(first!.rows[0]!.n).toBeGreaterThan(0)
      if (second) expect(second.rows[0]!.n).toBe(first!.rows[0]!.n)
    },
    120_000,
  )
})
