import { sql } from "drizzle-orm"
import { drizzle } from "drizzle-orm/node-postgres"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createApp } from "../app.ts"
import { loadConfig } from "../config.ts"
import type { Db } from "../db/client.ts"
import * as schema from "../db/schema.ts"
import { startTestGateway, TEST_DB, type TestGateway } from "../testing/testGateway.ts"
import { databaseProbe, Readiness } from "./health.ts"
import { testIds } from "../../schemas/testIds.ts"

let gw: TestGateway
beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw?.stop()
})

const json = async (response: Response) => ({ status: response.status, type: response.headers.get("content-type"), body: (await response.json()) as unknown })

describe("health endpoints", () => {
  it("/livez says the process runs; /readyz says ready with the database, migrations (and on PostgreSQL the listener) checked", async () => {
    expect(await json(await gw.app.request("/livez"))).toEqual({ status: 200, type: "application/json", body: { status: "live" } })
    const ready = await json(await gw.app.request("/readyz"))
    expect(ready.status).toBe(200)
    expect(ready.body).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok" } })
    expect((await gw.app.request("/readyz")).headers.get("cache-control")).toBe("no-store")
  })

  it("/readyz turns 503 'draining' once shutdown begins, and every answer then closes its connection", async () => {
    const readiness = new Readiness(async () => ({ database: "ok" }))
    const app = createApp({ db: gw.db, config: gw.config, readiness })
    expect((await app.request("/readyz")).status).toBe(200)
    expect((await app.request("/api/v1/specialties")).headers.get("connection")).toBeNull()
    readiness.drain()
    // The probe's last answer is reused for half a second; draining is not.
    expect(await json(await app.request("/readyz"))).toMatchObject({ status: 503, body: { status: "draining" } })
    expect((await app.request("/api/v1/specialties")).headers.get("connection")).toBe("close")
    expect((await app.request("/livez")).status).toBe(200)
  })
})

/** A gateway whose PostgreSQL is out of reach: nothing listens on port 1, every connection is refused. */
function unreachableGateway() {
  const pool = new pg.Pool({ connectionString: "postgres://promed:pw@127.0.0.1:1/promed", connectionTimeoutMillis: 1000 })
  pool.on("error", () => {})
  const db = drizzle({ client: pool, schema }) as unknown as Db
  return { app: createApp({ db, config: { ...loadConfig({}), logRequests: false, staticDir: "/nonexistent" } }), close: () => pool.end() }
}

describe("while the database is out of reach", () => {
  it("/readyz answers 503 naming the database, /livez still 200", async () => {
    const { app, close } = unreachableGateway()
    try {
      expect(await json(await app.request("/readyz"))).toEqual({
        status: 503,
        type: "application/json",
        body: { status: "unavailable", checks: { database: "unreachable", migrations: "unknown" } },
      })
      expect((await app.request("/livez")).status).toBe(200)
    } finally {
      await close()
    }
  })

  it("writes and reads answer 503 SERVER_ERROR with Retry-After, never 500: a booking, a sign-in, a search, a profile, a storage list", async () => {
    const { app, close } = unreachableGateway()
    const doctorId = testIds.doctor("00000000-0000-4000-8000-000000000001")
    try {
      const answers = await Promise.all([
        app.request("/api/v1/appointments", {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: "Bearer some-session-token-of-a-patient" },
          body: JSON.stringify({ doctorId, timeSlotId: doctorId, appointmentTime: "2030-01-01T09:00:00Z", appointmentType: "CLINIC" }),
        }),
        app.request("/auth/token", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: "patient@demo.sn", password: "Passw0rd!" }),
        }),
        app.request("/api/v1/doctors/search", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ paginationSettings: { offset: 0, limit: 10 } }),
        }),
        app.request(`/api/v1/doctors/${doctorId}`),
        app.request("/v0/b/promed-local.appspot.com/o?prefix=users/x/", { headers: { Authorization: "Firebase some-session-token-of-a-patient" } }),
      ])
      for (const [i, answer] of answers.entries()) {
        expect(answer.status, `answer ${i}: ${await answer.clone().text()}`).toBe(503)
        expect(answer.headers.get("retry-after")).toMatch(/^[1-9][0-9]*$/)
      }
      const apiBodies = await Promise.all(answers.slice(0, 4).map((answer) => answer.json()))
      for (const body of apiBodies) expect(body).toMatchObject({ code: "SERVER_ERROR" })
    } finally {
      await close()
    }
  })
})

describe("the listening connection", () => {
  const onPostgres = TEST_DB === "postgres"
  it(
    onPostgres
      ? "PostgreSQL: /readyz is 503 'reconnecting' once the listening connection is cut, and ready again when it is back"
      : "PGlite pass (no listening connection; asked in the PostgreSQL pass): /readyz does not wait on a listener",
    async () => {
      const probeOnce = async () =>
        json(await createApp({ db: gw.db, config: gw.config, readiness: new Readiness(databaseProbe(gw.db, gw.listener)) }).request("/readyz"))
      if (!onPostgres) return expect((await probeOnce()).body).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok" } })
      expect((await probeOnce()).body).toMatchObject({ status: "ready", checks: { listener: "ok" } })
      await gw.db.execute(sql`SELECT pg_terminate_backend(${gw.listener!.backendPid!})`)
      const seen = new Set<string>()
      for (let i = 0; i < 300 && !(seen.has("unavailable") && seen.has("ready after")); i++) {
        const answer = await probeOnce()
        const status = (answer.body as { status: string; checks: { listener: string } }).status
        if (status === "unavailable") {
          expect(answer).toMatchObject({ status: 503, body: { checks: { database: "ok", listener: "reconnecting" } } })
          seen.add("unavailable")
        } else if (seen.has("unavailable")) seen.add("ready after")
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      expect([...seen]).toEqual(["unavailable", "ready after"])
    },
  )
})
