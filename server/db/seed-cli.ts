/**
 * Seeds the demo data: `tsx server/db/seed-cli.ts [--doctors N] [--weeks W] [--reset]`.
 * Uses DATABASE_URL when set, else PGlite in $DATA_DIR/pglite (DATA_DIR defaults to .data).
 * --reset drops the schemas `public` and `drizzle` first, then migrates again from scratch.
 */
import path from "node:path"
import { parseArgs } from "node:util"
import { sql } from "drizzle-orm"
import { type DatabaseOptions, openDatabase } from "./client.ts"
import { hasReferenceData, SEED_ACCOUNTS, seed } from "./seed.ts"
import { DEMO_PASSWORD } from "./demoAccounts.ts"

const { values } = parseArgs({
  options: {
    doctors: { type: "string" },
    weeks: { type: "string" },
    reset: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
})
if (values.help) {
  console.log("Usage: tsx server/db/seed-cli.ts [--doctors N] [--weeks W] [--reset]")
  process.exit(0)
}
const doctors = values.doctors === undefined ? undefined : Number(values.doctors)
if (doctors !== undefined && (!Number.isInteger(doctors) || doctors < 2)) {
  console.error("--doctors must be an integer ≥ 2 (the two demo doctors are included)")
  process.exit(2)
}

const weeks = values.weeks === undefined ? undefined : Number(values.weeks)
if (weeks !== undefined && (!Number.isInteger(weeks) || weeks < 1 || weeks > 12)) {
  console.error("--weeks must be an integer from 1 to 12")
  process.exit(2)
}

const target: DatabaseOptions = process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: path.join(process.env.DATA_DIR ?? ".data", "pglite") }
const where = "url" in target ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${"dataDir" in target ? target.dataDir : "memory"}`

let database = await openDatabase(target)
try {
  if (values.reset) {
    // openDatabase migrates on open, so drop everything and open again to migrate from scratch.
    await database.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`)
    await database.db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`)
    await database.db.execute(sql`CREATE SCHEMA public`)
    await database.close()
    database = await openDatabase(target)
    console.log(`Reset ${where}`)
  }
  if (!values.reset && (await hasReferenceData(database.db))) {
    console.log(`${where} is already seeded (demo or reference data); use --reset to start again.`)
  } else {
    await runSeed()
  }
} finally {
  await database.close()
}

async function runSeed(): Promise<void> {
  console.log(`Seeding ${where}${doctors ? ` with ${doctors} doctors` : ""}…`)
  const summary = await seed(database.db, { ...(doctors === undefined ? {} : { doctors }), ...(weeks === undefined ? {} : { weeks }) })
  const { timings, durationMs, ...counts } = summary
  console.table(counts)
  console.log(
    `Done in ${(durationMs / 1000).toFixed(1)} s (${Object.entries(timings)
      .map(([k, v]) => `${k} ${v} ms`)
      .join(", ")})`,
  )
  console.log(`Accounts (password ${DEMO_PASSWORD}): ${SEED_ACCOUNTS.map((a) => `${a.email} (${a.role})`).join(", ")}`)
}
