import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createApp } from "../app.ts"
import { loadConfig } from "../config.ts"
import { emptyDatabase } from "../testing/emptyDatabase.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { openDatabase, type Database } from "./client.ts"
import { seedOnFirstStart } from "./seed.ts"

// Issue 38, "No demo data in production": with DEMO_DATA off, the database gets the schema and the
// reference data only, and no account exists with a known password. With demo data on, the login
// page says it is a demonstration.

let place: Awaited<ReturnType<typeof emptyDatabase>>
let database: Database
let seededFirst: boolean
beforeAll(async () => {
  place = await emptyDatabase()
  database = await openDatabase(place.options)
  seededFirst = await seedOnFirstStart(database, () => {}, { demoData: false })
}, 120_000)
afterAll(async () => {
  await database?.close()
  await place?.drop()
})

const count = async (table: string) => {
  const result = (await database.db.execute<Record<string, unknown>>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as { rows: Array<{ n: number }> }
  return result.rows[0]!.n
}

describe("a first start with DEMO_DATA=false", () => {
  it("makes no account, so no password is known to anyone", async () => {
    expect(seededFirst).toBe(true)
    expect(await count("users")).toBe(0)
    expect(await count("sessions")).toBe(0)
  })

  it("makes no doctors, patients, appointments or reviews", async () => {
    for (const table of ["doctors", "patients", "dependants", "managers", "appointments", "reviews", "time_slots", "medical_records"]) {
      expect({ table, rows: await count(table) }).toEqual({ table, rows: 0 })
    }
  })

  it("has the reference data: specialties, and the healthcare facilities of Senegal and Chad, found by the public directory", async () => {
    const specialties = (await database.db.execute<Record<string, unknown>>(sql`SELECT code FROM specialties`)) as { rows: Array<{ code: string }> }
    expect(specialties.rows.map((row) => row.code)).toEqual(expect.arrayContaining(["GENERAL_PRACTITIONER", "CARDIOLOGY", "PEDIATRICS", "DERMATOLOGY"]))
    const app = createApp({ db: database.db, config: { ...loadConfig({}), logRequests: false, staticDir: "/nonexistent", readCacheMs: 0 } })
    const answer = await app.request("/api/v1/healthcare-facilities/search", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ paginationSettings: { offset: 0, limit: 100 } }),
    })
    expect(answer.status).toBe(200)
    const page = (await answer.json()) as { data: Array<{ name: string; location: { city: string } }>; paginationSettings: { totalCount: number } }
    expect(page.paginationSettings.totalCount).toBeGreaterThan(10)
    expect(page.data.map((facility) => facility.location.city)).toEqual(expect.arrayContaining(["Dakar", "N'Djamena"]))
    expect(page.data.map((facility) => facility.name)).toContain("Hôpital Principal de Dakar")
  })

  it("is not seeded again at the next start, with demo data or without (no demo account lands in a production database)", async () => {
    expect(await seedOnFirstStart(database, () => {}, { demoData: false })).toBe(false)
    expect(await seedOnFirstStart(database, () => {}, { demoData: true })).toBe(false)
    expect(await count("users")).toBe(0)
  })
})

describe("the login page", () => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await startTestGateway()
  })
  afterAll(async () => {
    await gw?.stop()
  })

  const NOTICE = {
    fr: "Démonstration : les comptes de démonstration partagent le mot de passe publié.",
    en: "Demonstration: the demo accounts share the published password.",
    ar: "نسخة تجريبية: الحسابات التجريبية تشترك في كلمة المرور المنشورة.",
  }

  it("says it is a demonstration when the server runs on demo data (the default), in French, English and Arabic", async () => {
    for (const [lang, notice] of Object.entries(NOTICE)) {
      expect(await (await gw.app.request(`/auth/login?lang=${lang}`)).text()).toContain(notice)
    }
  })

  it("says nothing of a demonstration, and lists no demo account, without demo data", async () => {
    const app = createApp({
      db: gw.db,
      config: { ...gw.config, ...loadConfig({ DEMO_DATA: "false", PUBLIC_ORIGIN: "https://promed.example" }), logRequests: false, staticDir: "/nonexistent" },
    })
    for (const [lang, notice] of Object.entries(NOTICE)) {
      const page = await (await app.request(`/auth/login?lang=${lang}`)).text()
      expect(page).toContain('<form method="post" action="/auth/login">')
      expect(page).not.toContain(notice)
      expect(page).not.toContain("patient@demo.sn")
    }
  })
})
