import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { randomBytes } from "node:crypto"
import { asc, eq } from "drizzle-orm"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createApp } from "../app.ts"
import { loadConfig } from "../config.ts"
import { openDatabase, type Database } from "../db/client.ts"
import { appointments, medicalRecords, users } from "../db/schema.ts"
import { seed } from "../db/seed.ts"
import { DEMO_PASSWORD } from "../db/demoAccounts.ts"
import { multipartBody, SAMPLE_BYTES } from "../storage/testing/uploadedFiles.ts"
import { TEST_DB } from "../testing/testGateway.ts"
import { backup, BackupError, restore, type Place } from "./backup.ts"

/**
 * Issue 37: a backup restores into an empty database and a fresh data folder, and the restored
 * gateway finds every appointment, every medical record and every uploaded file, byte for byte.
 * On PostgreSQL (pg_dump's custom format, pg_restore) and on the embedded PGlite, as the suite runs.
 */
const adminUrl = process.env.TEST_DATABASE_URL
const folders: string[] = []
const databases: string[] = []
const newFolder = (name: string) => {
  const folder = mkdtempSync(path.join(os.tmpdir(), `promed-${name}-`))
  folders.push(folder)
  return folder
}
const withAdmin = async <T>(work: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}
/** A place to hold Promed: a new empty PostgreSQL database on the PostgreSQL run, and a new data folder. */
async function newPlace(name: string): Promise<Place> {
  const dataDir = newFolder(name)
  if (TEST_DB !== "postgres") return { dataDir }
  const database = `promed_b_${randomBytes(5).toString("hex")}`
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${database}`))
  databases.push(database)
  const url = new URL(adminUrl!)
  url.pathname = `/${database}`
  return { databaseUrl: url.toString(), dataDir }
}

/** A gateway on a place, called in-process, as `npm start` would serve it. */
async function open(place: Place) {
  const database: Database = await openDatabase(place.databaseUrl ? { url: place.databaseUrl } : { dataDir: path.join(place.dataDir, "pglite") })
  const app = createApp({ db: database.db, config: { ...loadConfig({}), dataDir: place.dataDir, logRequests: false, staticDir: "/nonexistent" } })
  return { database, app }
}

const BUCKET = "promed-local.appspot.com"
let source: Place
let saved: string
let files: Array<{ name: string; bytes: Uint8Array }>
let before: { appointments: unknown[]; records: unknown[] }

const readAll = async (database: Database) => ({
  appointments: await database.db.select().from(appointments).orderBy(asc(appointments.id)),
  records: await database.db.select().from(medicalRecords).orderBy(asc(medicalRecords.id)),
})

beforeAll(async () => {
  source = await newPlace("source")
  const { database, app } = await open(source)
  await seed(database.db, {})
  // The demo patient uploads two record files through the Storage surface, as the app does.
  const signedIn = await app.request("/auth/token", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "patient@demo.sn", password: DEMO_PASSWORD }),
  })
  const { token } = (await signedIn.json()) as { token: string }
  const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, "patient@demo.sn"))
  files = [
    { name: `medical-records/${user!.id}/a1_radio-thorax.pdf`, bytes: SAMPLE_BYTES.pdf },
    { name: `medical-records/${user!.id}/b2_ordonnance.png`, bytes: SAMPLE_BYTES.png },
  ]
  for (const file of files) {
    const { body, headers } = multipartBody(file.name, file.bytes, "application/octet-stream")
    const uploaded = await app.request(`/v0/b/${BUCKET}/o?name=${encodeURIComponent(file.name)}`, {
      method: "POST",
      headers: { ...headers, Authorization: `Firebase ${token}` },
      body,
    })
    expect(uploaded.status).toBe(200)
  }
  before = await readAll(database)
  await database.close()
  saved = path.join(newFolder("backup"), "promed-backup")
  await backup(source, saved)
}, 120_000)

afterAll(async () => {
  if (adminUrl && databases.length > 0)
    await withAdmin(async (admin) => {
      for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    })
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

describe(`a backup on ${TEST_DB}`, () => {
  it("restores into an empty database and a fresh data folder: every appointment, record and file is there", async () => {
    const target = await newPlace("target")
    await restore(saved, target)
    const { database, app } = await open(target)
    try {
      expect(before.appointments.length).toBeGreaterThan(0)
      expect(before.records.length).toBeGreaterThan(0)
      expect(await readAll(database)).toEqual(before)
      // The files are served by the restored gateway, to their owner, byte for byte.
      const signedIn = await app.request("/auth/token", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "patient@demo.sn", password: DEMO_PASSWORD }),
      })
      // Signing in writes a session: the restored database takes writes.
      expect(signedIn.status).toBe(200)
      const { token } = (await signedIn.json()) as { token: string }
      for (const file of files) {
        const read = await app.request(`/v0/b/${BUCKET}/o/${encodeURIComponent(file.name)}?alt=media`, { headers: { Authorization: `Firebase ${token}` } })
        expect(read.status).toBe(200)
        expect(new Uint8Array(await read.arrayBuffer())).toEqual(file.bytes)
      }
    } finally {
      await database.close()
    }
  }, 120_000)

  it("refuses a database or a data folder that holds something already, and a damaged backup", async () => {
    await expect(restore(saved, source)).rejects.toThrow(BackupError)
    const target = await newPlace("damaged")
    const copy = path.join(newFolder("copy"), "b")
    await backup(source, copy)
    writeFileSync(path.join(copy, "files.tar"), "not a tar")
    await expect(restore(copy, target)).rejects.toThrow(/checksum/)
    await expect(backup(source, copy)).rejects.toThrow(/not empty/)
  }, 120_000)
})
