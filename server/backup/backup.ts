import { spawn } from "node:child_process"
import { createHash } from "node:crypto"
import { createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { PGlite } from "@electric-sql/pglite"
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm"
import pg from "pg"

/**
 * Backups that restore (issue 37). A backup is a folder of three files:
 * - `database.pgdump`: PostgreSQL's own custom-format dump (pg_dump -Fc), restored by pg_restore;
 *   on the embedded default, `database.pglite.tar.gz`, PGlite's own dump of its data folder;
 * - `files.tar`: the uploaded files (DATA_DIR/storage), by the system's tar;
 * - `manifest.json`: what was saved (rows per table, files and bytes) and each file's SHA-256.
 * The rows are counted in the very snapshot pg_dump saves (pg_export_snapshot), so that a restore
 * is judged against what the dump holds, even under load. Mails and SMS kept as files by the local
 * sinks are not part of it: they are a developer's outbox, not the product's data.
 */
export interface Manifest {
  readonly format: 1
  readonly createdAt: string
  readonly database: "postgres" | "pglite"
  /** Rows of every table, by schema-qualified name. */
  readonly rows: Record<string, number>
  readonly files: { readonly count: number; readonly bytes: number }
  readonly sha256: Record<string, string>
}

export interface Place {
  /** PostgreSQL's URL; unset, the embedded PGlite in DATA_DIR/pglite (the gateway must be stopped). */
  readonly databaseUrl?: string | undefined
  readonly dataDir: string
}

const DUMP = { postgres: "database.pgdump", pglite: "database.pglite.tar.gz" } as const
const FILES = "files.tar"
const MANIFEST = "manifest.json"
const STORAGE = "storage"

/** Says why a backup or a restore cannot go on, in one sentence for the operator. */
export class BackupError extends Error {
  override name = "BackupError"
}

type Query = (text: string) => Promise<Array<Record<string, unknown>>>

/** Rows of every ordinary table outside PostgreSQL's own schemas, the migrations' journal included. */
export async function countRows(query: Query): Promise<Record<string, number>> {
  const tables = await query(`
    SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`)
  const rows: Record<string, number> = {}
  for (const { name } of tables) {
    const [row] = await query(`SELECT count(*)::int AS n FROM ${String(name)}`)
    rows[String(name)] = Number(row?.n)
  }
  return rows
}

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name), path.join(prefix, entry.name)) : entry.isFile() ? [path.join(prefix, entry.name)] : [],
  )
}

function storageFacts(dataDir: string) {
  const root = path.join(dataDir, STORAGE)
  const files = filesUnder(root)
  return { count: files.length, bytes: files.reduce((sum, file) => sum + statSync(path.join(root, file)).size, 0) }
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256")
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest("hex")
}

/** Runs a program to its end; its standard error becomes the failure's sentence. */
function run(command: string, args: ReadonlyArray<string>, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "ignore", "pipe"] })
    let stderr = ""
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
    child.on("error", (error) => reject(new BackupError(`${command} could not run (${error.message}): install PostgreSQL's client programs and tar.`)))
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim().split("\n").slice(-3).join(" ")}`)),
    )
  })
}

const openPglite = (dataDir: string, from?: Blob) =>
  PGlite.create({ dataDir: path.join(dataDir, "pglite"), extensions: { pg_trgm }, ...(from ? { loadDataDir: from } : {}) })
const pgliteQuery =
  (client: PGlite): Query =>
  async (text) =>
    (await client.query<Record<string, unknown>>(text)).rows

/** Writes a backup of `from` into the folder `to`, which must not exist yet or be empty. */
export async function backup(from: Place, to: string): Promise<Manifest> {
  if (existsSync(to) && readdirSync(to).length > 0) throw new BackupError(`${to} is not empty: a backup goes into a new folder.`)
  if (!from.databaseUrl && !existsSync(path.join(from.dataDir, "pglite")))
    throw new BackupError(`${path.join(from.dataDir, "pglite")} holds no database: set DATA_DIR (or DATABASE_URL).`)
  mkdirSync(to, { recursive: true })
  const kind = from.databaseUrl ? "postgres" : "pglite"
  let rows: Record<string, number>
  if (from.databaseUrl) {
    // One snapshot for the counts and the dump: the transaction exporting it stays open until pg_dump has it.
    const client = new pg.Client({ connectionString: from.databaseUrl })
    await client.connect()
    try {
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
      const snapshot = String((await client.query<{ id: string }>("SELECT pg_export_snapshot() AS id")).rows[0]!.id)
      rows = await countRows(async (text) => (await client.query<Record<string, unknown>>(text)).rows)
      await run("pg_dump", [
        "--format=custom",
        "--no-owner",
        "--no-privileges",
        `--snapshot=${snapshot}`,
        `--file=${path.join(to, DUMP.postgres)}`,
        from.databaseUrl,
      ])
      await client.query("COMMIT")
    } finally {
      await client.end()
    }
  } else {
    if (!existsSync(path.join(from.dataDir, "pglite")))
      throw new BackupError(`${path.join(from.dataDir, "pglite")} holds no database: set DATA_DIR (or DATABASE_URL).`)
    const client = await openPglite(from.dataDir)
    try {
      rows = await countRows(pgliteQuery(client))
      await writeFile(path.join(to, DUMP.pglite), Buffer.from(await (await client.dumpDataDir("gzip")).arrayBuffer()))
    } finally {
      await client.close()
    }
  }
  // The files after the database: a file uploaded meanwhile is saved without its row, never a row without its file.
  const storage = path.join(from.dataDir, STORAGE)
  mkdirSync(storage, { recursive: true })
  await run("tar", ["-cf", path.join(to, FILES), "-C", from.dataDir, STORAGE])
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: kind,
    rows,
    files: storageFacts(from.dataDir),
    sha256: { [DUMP[kind]]: await sha256Of(path.join(to, DUMP[kind])), [FILES]: await sha256Of(path.join(to, FILES)) },
  }
  writeFileSync(path.join(to, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)
  return manifest
}

/** Reads a backup's manifest and checks every file it names against its SHA-256. */
export async function verified(from: string): Promise<Manifest> {
  const file = path.join(from, MANIFEST)
  if (!existsSync(file)) throw new BackupError(`${from} holds no ${MANIFEST}: not a Promed backup.`)
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Manifest
  if (manifest.format !== 1) throw new BackupError(`${file} is of format ${String(manifest.format)}; this version restores format 1.`)
  for (const [name, sum] of Object.entries(manifest.sha256)) {
    if (!existsSync(path.join(from, name))) throw new BackupError(`${name} is missing from ${from}.`)
    if ((await sha256Of(path.join(from, name))) !== sum) throw new BackupError(`${name} does not match its checksum: the backup is damaged.`)
  }
  return manifest
}

/** What differs between two counts of rows, one sentence per table. */
function differences(expected: Record<string, number>, found: Record<string, number>): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(found)])
  return [...names]
    .filter((name) => expected[name] !== found[name])
    .map((name) => `${name}: ${expected[name] ?? "none"} saved, ${found[name] ?? "none"} restored`)
}

/**
 * Restores the backup in `from` into an empty database and a data folder without uploaded files;
 * it refuses anything else (a restore never mixes with live data). Then it counts what it restored
 * against the manifest, and fails with the differences.
 */
export async function restore(from: string, into: Place): Promise<Manifest> {
  const manifest = await verified(from)
  const kind = into.databaseUrl ? "postgres" : "pglite"
  if (kind !== manifest.database)
    throw new BackupError(`${from} is a backup of ${manifest.database}; set DATABASE_URL ${kind === "postgres" ? "off" : "on"} to restore it.`)
  if (filesUnder(path.join(into.dataDir, STORAGE)).length > 0)
    throw new BackupError(`${path.join(into.dataDir, STORAGE)} holds files already: restore into a fresh DATA_DIR.`)
  let rows: Record<string, number>
  if (into.databaseUrl) {
    const client = new pg.Client({ connectionString: into.databaseUrl })
    await client.connect()
    try {
      const query: Query = async (text) => (await client.query<Record<string, unknown>>(text)).rows
      const present = await countRows(query)
      if (Object.keys(present).length > 0)
        throw new BackupError(`the database holds ${Object.keys(present).length} tables already: restore into an empty database.`)
      await run("pg_restore", [
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        "--single-transaction",
        `--dbname=${into.databaseUrl}`,
        path.join(from, DUMP.postgres),
      ])
      rows = await countRows(query)
    } finally {
      await client.end()
    }
  } else {
    if (existsSync(path.join(into.dataDir, "pglite")) && readdirSync(path.join(into.dataDir, "pglite")).length > 0)
      throw new BackupError(`${path.join(into.dataDir, "pglite")} holds a database already: restore into a fresh DATA_DIR.`)
    const client = await openPglite(into.dataDir, new Blob([await readFile(path.join(from, DUMP.pglite))]))
    try {
      rows = await countRows(pgliteQuery(client))
    } finally {
      await client.close()
    }
  }
  mkdirSync(into.dataDir, { recursive: true })
  await run("tar", ["-xf", path.join(from, FILES), "-C", into.dataDir])
  const problems = differences(manifest.rows, rows)
  const files = storageFacts(into.dataDir)
  if (files.count !== manifest.files.count || files.bytes !== manifest.files.bytes)
    problems.push(`files: ${manifest.files.count} (${manifest.files.bytes} bytes) saved, ${files.count} (${files.bytes} bytes) restored`)
  if (problems.length > 0) throw new BackupError(`the restore does not match its backup: ${problems.join("; ")}`)
  return manifest
}
