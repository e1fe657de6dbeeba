/**
 * Seeded databases built once per gateway run, copied by every test file instead of migrating and
 * seeding its own (that was ~4 s a file on PGlite). Each copy is still a database of its own.
 * PGlite: a dump on disk, loaded into memory. PostgreSQL: a template database, `CREATE DATABASE … TEMPLATE`.
 * The migrations, most of a template's cost (5 to 15 s on PGlite here, against 0.3 to 2 s of seed),
 * run once per run too: each template is seeded on a copy of one migrated database (issue 39).
 */
import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import pg from "pg"
import type { TestProject } from "vitest/node"
import { openDatabase } from "../db/client.ts"
import { seed } from "../db/seed.ts"

/** The seed sizes the suites ask for (`startTestGateway({ seedDoctors })`); others are seeded afresh. */
export const TEMPLATE_SEEDS: ReadonlyArray<number | undefined> = [undefined, 2, 3, 4]

export interface DatabaseTemplates {
  readonly kind: "pglite" | "postgres"
  /** By `templateKey(seedDoctors)`: a dump file (PGlite) or a database name (PostgreSQL). */
  readonly byKey: Readonly<Record<string, string>>
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates | null
  }
}

export const templateKey = (seedDoctors: number | undefined) => (seedDoctors === undefined ? "default" : `doctors${seedDoctors}`)

/** The admin URL with another database name. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

export async function withAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/** Vitest global setup of the gateway project: builds the templates and drops them at the end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (process.env.TEST_DB === "postgres" && adminUrl) {
    const run = randomBytes(4).toString("hex")
    const byKey: Record<string, string> = {}
    const migrated = `promed_tmpl_${run}_migrated`
    await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${migrated}`))
    await (await openDatabase({ url: databaseUrl(adminUrl, migrated) })).close()
    for (const doctors of TEMPLATE_SEEDS) {
      const name = `promed_tmpl_${run}_${templateKey(doctors)}`
      await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${migrated}`))
      const database = await openDatabase({ url: databaseUrl(adminUrl, name) })
      await seed(database.db, { doctors })
      await database.close()
      byKey[templateKey(doctors)] = name
    }
    project.provide("databaseTemplates", { kind: "postgres", byKey })
    return async () => {
      await withAdmin(adminUrl, async (admin) => {
        for (const name of [...Object.values(byKey), migrated]) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      })
    }
  }
  const folder = mkdtempSync(path.join(os.tmpdir(), "promed-templates-"))
  const byKey: Record<string, string> = {}
  const base = await openDatabase({ memory: true })
  if (!base.dump) throw new Error("PGlite databases can be dumped")
  const migrated = await base.dump()
  await base.close()
  for (const doctors of TEMPLATE_SEEDS) {
    const database = await openDatabase({ memory: true, from: migrated })
    await seed(database.db, { doctors })
    if (!database.dump) throw new Error("PGlite databases can be dumped")
    const file = path.join(folder, `${templateKey(doctors)}.tar`)
    writeFileSync(file, new Uint8Array(await (await database.dump()).arrayBuffer()))
    await database.close()
    byKey[templateKey(doctors)] = file
  }
  project.provide("databaseTemplates", { kind: "pglite", byKey })
  return async () => rmSync(folder, { recursive: true, force: true })
}
