import { mkdirSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { PGlite } from "@electric-sql/pglite"
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm"
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core"
import { drizzle as drizzlePglite } from "drizzle-orm/pglite"
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator"
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres"
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator"
import pg from "pg"
import * as schema from "./schema.ts"

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export interface Database {
  readonly db: Db
  readonly kind: "pglite" | "postgres"
  close(): Promise<void>
  /**
   * Runs `work` while no other process on this database runs its own: the start-up work (migrate,
   * first seed) of several gateways starting at once on one PostgreSQL, which would otherwise race
   * (two `CREATE EXTENSION`s, two seeds). A session advisory lock; PGlite has a single process.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>
  /** PGlite only: the whole database as a file, to open copies of it quickly (test templates). */
  dump?(): Promise<Blob>
}

export type DatabaseOptions =
  | { readonly url: string }
  | { readonly dataDir: string }
  /** In memory; from a dump of another database (`dumpDatabase`) when given. */
  | { readonly memory: true; readonly from?: Blob }

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations")

/** The advisory lock key of start-up work ("promed01" read as a number): any fixed value unused elsewhere. */
const STARTUP_LOCK = 0x70726f6d65643031n.toString()

/** Opens PostgreSQL when a URL is given, else PGlite, and brings the schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ("url" in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: 20 })
    // An idle connection that PostgreSQL ends (a restart, a dropped database, an administrator)
    // is reported on the pool, which replaces it; unheard, the report would stop the process.
    let closing = false
    pool.on("error", (error) => {
      if (!closing) console.warn(`[db] an idle connection was lost: ${error.message}`)
    })
    // pool.end() resolves once its connections are told to end, not once they have.
    const close = () => {
      closing = true
      return pool.end()
    }
    const db = drizzlePg({ client: pool, schema })
    const exclusively = async <T>(work: () => Promise<T>): Promise<T> => {
      const holder = await pool.connect()
      try {
        await holder.query("SELECT pg_advisory_lock($1)", [STARTUP_LOCK])
        try {
          return await work()
        } finally {
          await holder.query("SELECT pg_advisory_unlock($1)", [STARTUP_LOCK])
        }
      } finally {
        holder.release()
      }
    }
    await exclusively(() => migratePg(db, { migrationsFolder }))
    return { db: db as unknown as Db, kind: "postgres", close, exclusively }
  }
  const dataDir = "dataDir" in options ? options.dataDir : undefined
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const from = "memory" in options ? options.from : undefined
  const client = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(from ? { loadDataDir: from } : {}), extensions: { pg_trgm } })
  const db = drizzlePglite({ client, schema })
  await migratePglite(db, { migrationsFolder })
  return { db: db as unknown as Db, kind: "pglite", close: () => client.close(), exclusively: (work) => work(), dump: () => client.dumpDataDir("none") }
}
