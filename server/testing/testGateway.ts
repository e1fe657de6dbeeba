import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import pg from "pg"
import { createApp } from "../app.ts"
import { loadConfig } from "../config.ts"
import { openDatabase, type Database } from "../db/client.ts"
import { DEMO_PASSWORD } from "../db/demoAccounts.ts"
import { seed } from "../db/seed.ts"

/** Which database the gateway suites run on: PGlite by default, PostgreSQL when TEST_DB=postgres. */
export const TEST_DB = process.env.TEST_DB === "postgres" ? "postgres" : "pglite"

async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL")
  const name = `promed_t_${randomBytes(6).toString("hex")}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}

export interface CallOptions {
  token?: string | null
  body?: unknown
  headers?: Record<string, string>
}

/**
 * A seeded database and the gateway app for one test file, called in-process. Every suite that
 * uses it runs once on PGlite and once on PostgreSQL (see scripts/test-gateway.ts).
 */
export async function startTestGateway(
  options: {
    seedDoctors?: number
    /** A built SPA to serve (none by default). */
    staticDir?: string
    /** How long public reads are kept (the product's default when absent). */
    readCacheMs?: number
  } = {},
) {
  let database: Database
  let drop = async () => {}
  if (TEST_DB === "postgres") {
    const created = await createPostgresDatabase()
    database = await openDatabase({ url: created.url })
    drop = created.drop
  } else {
    database = await openDatabase({ memory: true })
  }
  await seed(database.db, { doctors: options.seedDoctors })
  const defaults = loadConfig({})
  // Files a test writes (stored objects, mails of the local mailbox) go to a folder of its own.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "promed-gw-"))
  const config = {
    ...defaults,
    dataDir,
    logRequests: false,
    staticDir: options.staticDir ?? "/nonexistent",
    readCacheMs: options.readCacheMs ?? defaults.readCacheMs,
  }
  const app = createApp({ db: database.db, config })

  async function call(method: string, path: string, opts: CallOptions = {}) {
    const headers: Record<string, string> = { ...opts.headers }
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`
    let body: string | Uint8Array | undefined
    if (opts.body instanceof Uint8Array) {
      body = opts.body
    } else if (opts.body !== undefined) {
      headers["Content-Type"] ??= "application/json"
      body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body)
    }
    const response = await app.request(path, { method, headers, body: body as BodyInit | undefined })
    const text = await response.text()
    let json: any = undefined
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { status: response.status, body: json, text, headers: response.headers }
  }

  /** Signs in through POST /auth/token and returns the session token. */
  async function signIn(email: string, password: string = DEMO_PASSWORD): Promise<string> {
    const response = await call("POST", "/auth/token", { body: { email, password } })
    if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${response.status} ${response.text}`)
    return response.body.token as string
  }

  return {
    db: database.db,
    kind: database.kind,
    app,
    call,
    signIn,
    api: (method: string, path: string, opts?: CallOptions) => call(method, `/api/v1${path}`, opts),
    config,
    async stop() {
      await database.close()
      await drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export type TestGateway = Awaited<ReturnType<typeof startTestGateway>>
