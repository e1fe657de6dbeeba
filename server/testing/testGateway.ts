import { randomBytes } from "node:crypto"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { inject } from "vitest"
import { createApp } from "../app.ts"
import { loadConfig } from "../config.ts"
import { openDatabase, type Database } from "../db/client.ts"
import { PostgresListener } from "../db/listener.ts"
import { DEMO_PASSWORD } from "../db/demoAccounts.ts"
import { seed } from "../db/seed.ts"
import type { PaymentProvider } from "../payments/provider.ts"
import { paymentProviderOf } from "../payments/providers.ts"
import { databaseUrl, templateKey, withAdmin, type DatabaseTemplates } from "./databaseTemplates.ts"

/** Which database the gateway suites run on: PGlite by default, PostgreSQL when TEST_DB=postgres. */
export const TEST_DB = process.env.TEST_DB === "postgres" ? "postgres" : "pglite"

/** The run's seeded templates (server/testing/databaseTemplates.ts); none outside the gateway project. */
function templateFor(seedDoctors: number | undefined): string | undefined {
  let templates: DatabaseTemplates | null = null
  try {
    templates = inject("databaseTemplates")
  } catch {
    return undefined
  }
  return templates?.kind === TEST_DB ? templates.byKey[templateKey(seedDoctors)] : undefined
}

/** A fresh database of its own for one test file: a copy of the seeded template when there is one. */
async function openTestDatabase(seedDoctors: number | undefined): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const template = templateFor(seedDoctors)
  if (TEST_DB === "postgres") {
    const adminUrl = process.env.TEST_DATABASE_URL
    if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL")
    const name = `promed_t_${randomBytes(6).toString("hex")}`
    await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`))
    const url = databaseUrl(adminUrl, name)
    const database = await openDatabase({ url })
    if (!template) await seed(database.db, { doctors: seedDoctors })
    const drop = () => withAdmin(adminUrl, async (admin) => void (await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)))
    return { database, url, drop }
  }
  const database = await openDatabase({ memory: true, ...(template ? { from: new Blob([readFileSync(template)]) } : {}) })
  if (!template) await seed(database.db, { doctors: seedDoctors })
  return { database, drop: async () => {} }
}

export interface CallOptions {
  token?: string | null
  body?: unknown
  headers?: Record<string, string>
}

/**
 * Mutation runs turn the read cache off (vitest.mutation.config.ts): Stryker runs for a mutant only
 * the tests that reached its code, and a read answered from the cache an earlier test filled reaches
 * nothing, so the test that would have caught it never runs.
 */
function testReadCacheMs(): number | undefined {
  const value = process.env.PROMED_TEST_READ_CACHE_MS
  return value === undefined ? undefined : Number(value)
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
    /** How long public reads are kept (the product's default when absent, or PROMED_TEST_READ_CACHE_MS's). */
    readCacheMs?: number
    /**
     * Issue 38's booking limits, on as in the product; off only for a suite that books the demo
     * patient again and again about other rules (tests/security/marketplaceAbuse.test.ts proves them).
     */
    bookingLimits?: boolean
    /** The gateway's clock (issue 38's codes and caps read it); the real one when absent. */
    clock?: () => Date
    /** The payment provider (issue 40); PAYMENT_PROVIDER's default, the sandbox, when absent. */
    payments?: PaymentProvider
  } = {},
) {
  const { database, url, drop } = await openTestDatabase(options.seedDoctors)
  const defaults = loadConfig({})
  // Files a test writes (stored objects, mails of the local mailbox) go to a folder of its own.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "promed-gw-"))
  const config = {
    ...defaults,
    dataDir,
    // app.request's own origin: the links the gateway builds point where the tests call it.
    publicOrigin: "http://localhost",
    logRequests: false,
    staticDir: options.staticDir ?? "/nonexistent",
    readCacheMs: options.readCacheMs ?? testReadCacheMs() ?? defaults.readCacheMs,
    bookingLimits: options.bookingLimits ?? defaults.bookingLimits,
  }
  // On PostgreSQL, as in production: a listening connection, which the readiness probe checks.
  const listener = url ? await PostgresListener.open(url) : undefined
  const payments = options.payments ?? paymentProviderOf(config)
  const app = createApp({ db: database.db, config, payments, ...(options.clock ? { clock: options.clock } : {}) })

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
    /** The database's address on PostgreSQL, for a test that opens connections of its own. */
    url,
    app,
    call,
    signIn,
    api: (method: string, path: string, opts?: CallOptions) => call(method, `/api/v1${path}`, opts),
    config,
    /** The gateway's payment provider: the jobs and the reconciliation are run with it. */
    payments,
    /** On PostgreSQL, the gateway's listening connection. */
    listener,
    async stop() {
      await listener?.close()
      await database.close()
      await drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export type TestGateway = Awaited<ReturnType<typeof startTestGateway>>
