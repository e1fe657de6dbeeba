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
  /** PGlite only: the whole database as a file, to open copies of it quickly (test templates). */
  dump?(): Promise<Blob>
}

export type DatabaseOptions =
  | { readonly url: string }
  | { readonly dataDir: string }
  /** In memory; from a dump of another database (`dumpDatabase`) when given. */
  | { readonly memory: true; readonly from?: Blob }

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations")

/** Opens PostgreSQL when a URL is given, else PGlite, and brings the schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ("url" in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: 20 })
    const db = drizzlePg({ client: pool, schema })
    await migratePg(db, { migrationsFolder })
    return { db: db as unknown as Db, kind: "postgres", close: () => pool.end() }
  }
  const dataDir = "dataDir" in options ? options.dataDir : undefined
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const from = "memory" in options ? options.from : undefined
  const client = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(from ? { loadDataDir: from } : {}), extensions: { pg_trgm } })
  const db = drizzlePglite({ client, schema })
  await migratePglite(db, { migrationsFolder })
  return { db: db as unknown as Db, kind: "pglite", close: () => client.close(), dump: () => client.dumpDataDir("none") }
}
