import { mkdirSync, readFileSync } from "node:fs"
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
import { sql } from "drizzle-orm"
import { scoped } from "../observability/log.ts"
import * as schema from "./schema.ts"

const log = scoped("db")

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
  /** PostgreSQL only: the pool's connections, all, idle, and the requests waiting for one (metrics). */
  poolStats?: () => PoolStats
}

export interface PoolStats {
  readonly total: number
  readonly idle: number
  readonly waiting: number
}

export type DatabaseOptions =
  | { readonly url: string }
  | { readonly dataDir: string }
  /** In memory; from a dump of another database (`dumpDatabase`) when given. */
  | { readonly memory: true; readonly from?: Blob }

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations")
/** How many migrations this build carries (Drizzle's journal): a database is up to date once it has applied as many. */
export const EXPECTED_MIGRATIONS = (JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] }).entries
  .length

/** How many migrations the database has applied: Drizzle's migrators record each as a row of drizzle.__drizzle_migrations. */
export async function appliedMigrations(db: Db): Promise<number> {
  const result = (await db.execute<Record<string, unknown>>(sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`)) as {
    rows: Array<{ applied: number }>
  }
  return result.rows[0]?.applied ?? 0
}

/** A lost connection's reason for the log: its code, never its message (a driver's may quote the URL). */
function reasonOf(error: Error): string {
  const code = (error as { code?: unknown }).code
  return typeof code === "string" ? code : error.message.startsWith("Connection terminated") ? "terminated" : error.name
}

/** The advisory lock key of start-up work ("promed01" read as a number): any fixed value unused elsewhere. */
const STARTUP_LOCK = 0x70726f6d65643031n.toString()

/** Opens PostgreSQL when a URL is given, else PGlite, and brings the schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ("url" in options) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 20,
      // Waiting for a connection is bounded: during an outage a request fails in seconds (503), not
      // after the client's own time-out.
      connectionTimeoutMillis: 5_000,
      // A primary that vanished without closing its sockets (a failover, a cut link) is found out by
      // TCP keep-alive rather than by the next query hanging.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    })
    let closing = false
    // An idle connection that PostgreSQL ends (a restart, a failover, an administrator) is reported
    // on the pool, which replaces it. A connection checked out (in a transaction between two
    // queries) reports its loss on itself only, and an 'error' nobody hears stops the process
    // (STACK.md): every connection gets its own listener when it is made. The request using it
    // gets the failure of its query, answered 503.
    const lost = (error: Error) => {
      if (!closing) log.warn({ reason: reasonOf(error) }, "a database connection was lost")
    }
    pool.on("error", lost)
    pool.on("connect", (client) => client.on("error", lost))
    // pool.end() resolves once its connections are told to end, not once they have.
    const close = () => {
      closing = true
      return pool.end()
    }
    const db = drizzlePg({ client: pool, schema })
    const exclusively = async <T>(work: () => Promise<T>): Promise<T> => {
      const holder = await pool.connect()
      // The lock's connection is checked out for the whole start-up work: the pool's 'connect'
      // listener above hears its loss.
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
    return {
      db: db as unknown as Db,
      kind: "postgres",
      close,
      exclusively,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    }
  }
  const dataDir = "dataDir" in options ? options.dataDir : undefined
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const from = "memory" in options ? options.from : undefined
  const client = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(from ? { loadDataDir: from } : {}), extensions: { pg_trgm } })
  const db = drizzlePglite({ client, schema })
  await migratePglite(db, { migrationsFolder })
  return {
    db: db as unknown as Db,
    kind: "pglite",
    close: () => client.close(),
    exclusively: (work) => work(),
    dump: () => client.dumpDataDir("none"),
  }
}
