import { cpSync, mkdtempSync, rmSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { doctors } from "../db/schema.ts"
import { buildClient, SHARED_CLIENT_BUILD } from "../testing/clientBuild.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { testIds } from "../../schemas/testIds.ts"

/*
 * The server-rendered public pages, against a real production build (client and server renderer,
 * as `npm run build` makes them): the build scripts/test-gateway.ts made for the run, else one
 * built for this file into a temporary folder.
 */

/** This file's own folder: its build when there is no shared one, and the copies it makes. */
let scratch: string
let clientDir: string
let gw: TestGateway
let doctorId: string

const HTML = { accept: "text/html,application/xhtml+xml" }

const page = (url: string, headers: Record<string, string> = {}) => gw.call("GET", url, { headers: { ...HTML, ...headers } })
const scriptsOf = (html: string) => html.match(/<script\b[^>]*>/g) ?? []
const dataBlockOf = (html: string) => {
  const json = /<script type="application\/json" id="promed-page-data">(.*?)<\/script>/s.exec(html)?.[1]
  return json === undefined
    ? undefined
    : (JSON.parse(json) as { queries: Array<{ queryKey: unknown[]; data?: unknown; error?: { code: string; status: number } }> })
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(os.tmpdir(), "promed-ssr-"))
  clientDir = SHARED_CLIENT_BUILD ? path.join(SHARED_CLIENT_BUILD, "client") : buildClient(scratch)
  // Reads uncached: some tests change a doctor straight in the database, then render the page.
  gw = await startTestGateway({ staticDir: clientDir, readCacheMs: 0 })
  const search = await gw.api("POST", "/doctors/search", { body: { paginationSettings: { offset: 0, limit: 1 }, query: { keyword: "Moussa Ndiaye" } } })
  doctorId = search.body.data[0].id
  // The renderer loads on the first page: that cost belongs to the setup, not to the first test's time limit.
  await page("/facilities")
}, 300_000)

afterAll(async () => {
  await gw?.stop()
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

describe("GET /doctors/{id}", () => {
  it("is the doctor's profile in the HTML, with the data block and only the module entry as script", async () => {
    const response = await page(`/doctors/${doctorId}`)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toMatch(/^text\/html/)
    expect(response.headers.get("cache-control")).toBe("no-cache")
    expect(response.text).toMatch(/<h1 id="doctor-profile-title">Dr Moussa Ndiaye<\/h1>/)
    expect(response.text).toContain('<html lang="fr" dir="ltr"')
    expect(response.text).toContain(`data-href="/doctors/${doctorId}"`)
    // No script in <head>: the data, and one deferred takeover that starts the module entry after the first paint.
    expect(scriptsOf(response.text)).toEqual([
      '<script type="application/json" id="promed-page-data">',
      expect.stringMatching(/^<script defer data-takeover data-entry="\/assets\/index-[\w-]+\.js" data-modules="[^"]*" src="\/assets\/takeover-[\w-]+\.js">$/),
    ])
    expect(response.text).not.toMatch(/<link rel="modulepreload"|<script type="module"/)
    const data = dataBlockOf(response.text)
    expect(data?.queries).toEqual([{ queryKey: ["doctors", "detail", doctorId], data: expect.objectContaining({ id: doctorId, lastName: "Ndiaye" }) }])
    // The screen and its texts, in the page's language, are fetched beside the entry.
    const modules = /data-modules="([^"]*)"/.exec(response.text)![1]!.split(" ")
    expect(modules).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/assets\/shell-[\w-]+\.js$/), expect.stringMatching(/^\/assets\/DoctorProfilePage-[\w-]+\.js$/)]),
    )
    expect(modules).toContainEqual(expect.stringMatching(/^\/assets\/fr-doctorProfile-[\w-]+\.js$/))
    // All the app's CSS is one file (vite.config.ts), in <head> from the shell.
    expect(response.text.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      expect.stringMatching(/^<link rel="stylesheet" crossorigin href="\/assets\/style-[\w-]+\.css">$/),
    ])
  })

  it("is the not-found page with a 404 for a doctor who does not exist, or an id that cannot be one", async () => {
    for (const id of ["00000000-0000-0000-0000-000000000000", "nope"]) {
      const response = await page(`/doctors/${id}`)
      expect(response.status).toBe(404)
      expect(response.text).toContain('<h1 id="doctor-missing-title">Médecin introuvable</h1>')
    }
    // The gateway's refusal travels too, so the browser hydrates the same not-found page.
    const missing = await page("/doctors/00000000-0000-0000-0000-000000000000")
    expect(dataBlockOf(missing.text)?.queries[0]?.error).toMatchObject({ status: expect.any(Number) })
    // An id that cannot be one is refused by the route itself (in the browser too): nothing is asked.
    const malformed = await page("/doctors/nope")
    expect(dataBlockOf(malformed.text)?.queries ?? []).toEqual([])
  })

  it("keeps any text of the data inside its block: a biography cannot close the script element", async () => {
    const hostile = `Cardiologue </script><script>alert("x")</script> <!-- $& $' 100 $`
    await gw.db
      .update(doctors)
      .set({ biography: hostile })
      .where(eq(doctors.id, testIds.doctor(doctorId)))
    try {
      const response = await page(`/doctors/${doctorId}?fresh=1`)
      expect(scriptsOf(response.text)).toHaveLength(2)
      expect(response.text).not.toContain("</script><script>")
      // Shown as text in the page, and intact in the data the browser gets.
      expect(response.text).toContain("Cardiologue &lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &lt;!-- $&amp; $&#x27; 100 $")
      expect(dataBlockOf(response.text)?.queries[0]?.data).toMatchObject({ biography: hostile })
    } finally {
      await gw.db
        .update(doctors)
        .set({ biography: null })
        .where(eq(doctors.id, testIds.doctor(doctorId)))
    }
  })
})

describe("GET /doctors", () => {
  it("lists the cardiologists of ?specialties=CARDIOLOGY in the HTML", async () => {
    const search = await gw.api("POST", "/doctors/search", {
      body: { paginationSettings: { offset: 0, limit: 10 }, query: { specialtyCodes: ["CARDIOLOGY"], providedServiceCodes: ["CLINIC"] } },
    })
    const cardiologist = search.body.data[0] as { firstName: string; lastName: string }
    const response = await page("/doctors?specialties=CARDIOLOGY")
    expect(response.status).toBe(200)
    expect(response.text).toContain(`${cardiologist.firstName} ${cardiologist.lastName}`)
    expect(response.text).toContain("Cardiologie")
    expect(response.text).toContain(`${search.body.paginationSettings.totalCount} médecin`)
    expect(dataBlockOf(response.text)?.queries[0]?.queryKey.slice(0, 2)).toEqual(["doctors", "search"])
  })

  it("renders /doctors/search the same way", async () => {
    const response = await page("/doctors/search?specialties=CARDIOLOGY")
    expect(response.status).toBe(200)
    expect(response.text).toContain("Cardiologie")
    expect(dataBlockOf(response.text)).toBeDefined()
  })
})

describe("an address the page lives elsewhere at", () => {
  const totalOf = async (path: string, query: object) =>
    (await gw.api("POST", path, { body: { paginationSettings: { offset: 0, limit: 1 }, query } })).body.paginationSettings.totalCount as number

  it("sends a page beyond the last to the last one, which is drawn whole", async () => {
    const last = Math.ceil((await totalOf("/doctors/search", {})) / 10)
    expect(last).toBeGreaterThan(1)
    const beyond = await page("/doctors?page=999")
    expect(beyond.status).toBe(302)
    expect(beyond.headers.get("location")).toBe(`/doctors?page=${last}`)
    expect(beyond.text).toBe("")
    const lastPage = await page(`/doctors?page=${last}`)
    expect(lastPage.status).toBe(200)
    expect(lastPage.text).toContain(`Page ${last} sur ${last}`)
    expect(lastPage.text).toMatch(/<article/)

    const lastFacilities = Math.ceil((await totalOf("/healthcare-facilities/search", {})) / 10)
    const facilities = await page("/facilities?view=list&page=999")
    expect(facilities.status).toBe(302)
    expect(facilities.headers.get("location")).toBe(`/facilities?view=list&page=${lastFacilities}`)
  })

  it("sends a search that finds nothing to its first page, and keeps every other value as written", async () => {
    const none = await page("/doctors/search?keyword=zzqqxxnothing&specialties=CARDIOLOGY,NEUROLOGY&page=3")
    expect(none.status).toBe(302)
    expect(none.headers.get("location")).toBe("/doctors/search?keyword=zzqqxxnothing&specialties=CARDIOLOGY%2CNEUROLOGY")
    const there = await page(none.headers.get("location")!)
    expect(there.status).toBe(200)
  })

  it("sends another spelling of an address (a value the page drops) to the page as it reads it", async () => {
    const dropped = await page("/doctors?rating=abc")
    expect(dropped.status).toBe(302)
    expect(dropped.headers.get("location")).toBe("/doctors")
    // An existing page in its own spelling is drawn, not sent round again.
    for (const address of ["/doctors", "/doctors?page=2", "/doctors?specialties=CARDIOLOGY%2CNEUROLOGY", "/facilities?view=list"]) {
      expect((await page(address)).status, address).toBe(200)
    }
  })

  it("sends an address that is respelt and then beyond the last page to that page at once, in one redirect", async () => {
    const last = Math.ceil((await totalOf("/healthcare-facilities/search", {})) / 10)
    const respelt = await page("/facilities?type=SPA&page=999")
    expect(respelt.status).toBe(302)
    expect(respelt.headers.get("location")).toBe(`/facilities?page=${last}`)
    const cardiologists = Math.ceil((await totalOf("/doctors/search", { specialtyCodes: ["CARDIOLOGY"] })) / 10)
    const lowerCase = await page("/doctors?specialties=cardiology&page=999")
    expect(lowerCase.status).toBe(302)
    expect(lowerCase.headers.get("location")).toBe(
      cardiologists > 1 ? `/doctors?specialties=CARDIOLOGY&page=${cardiologists}` : "/doctors?specialties=CARDIOLOGY",
    )
    expect((await page(lowerCase.headers.get("location")!)).status).toBe(200)
  })

  it("keeps the request's language and login parameters, and never hands one visitor's token to another", async () => {
    const arabic = await page("/doctors?page=999&lang=ar&sessionToken=visitor-a")
    expect(arabic.status).toBe(302)
    expect(arabic.headers.get("location")).toMatch(/^\/doctors\?page=\d+&sessionToken=visitor-a&lang=ar$/)
    // The same address in the same language is answered from the page cache: with this request's own parameters only.
    const other = await page("/doctors?page=999&lang=ar")
    expect(other.headers.get("location")).toMatch(/^\/doctors\?page=\d+&lang=ar$/)
    const fromCookie = await page("/doctors?page=999", { cookie: "promed_lang=en" })
    expect(fromCookie.headers.get("location")).toMatch(/^\/doctors\?page=\d+$/)
  })
})

describe("GET /facilities", () => {
  it("lists facilities, and holds the map's place without drawing it", async () => {
    const response = await page("/facilities?view=both")
    expect(response.status).toBe(200)
    expect(response.text).toMatch(/<h1 id="facilities-title">Établissements de santé<\/h1>/)
    expect(response.text).toMatch(/<article class="card facility-card/)
    expect(response.text).toContain('class="facility-map-placeholder"')
    expect(response.text).not.toContain('data-testid="facility-map"')
  })
})

describe("language", () => {
  it("renders in Arabic, right to left, from the cookie or from ?lang=ar (the address then loses lang, as in the browser)", async () => {
    const fromCookie = await page(`/doctors/${doctorId}`, { cookie: "theme=x; promed_lang=ar" })
    expect(fromCookie.text).toContain('<html lang="ar" dir="rtl"')
    expect(fromCookie.text).toContain('data-prerendered="ar"')
    expect(fromCookie.headers.get("content-language")).toBe("ar")
    const fromAddress = await page("/facilities?lang=ar&view=list", { cookie: "promed_lang=en" })
    expect(fromAddress.text).toContain('<html lang="ar" dir="rtl"')
    expect(fromAddress.text).toContain('data-href="/facilities?view=list"')
    const english = await page("/facilities", { cookie: "promed_lang=en" })
    expect(english.text).toContain('<html lang="en" dir="ltr"')
    expect(english.text).toContain("Health facilities")
  })

  it("defaults to French, and never serves one language's page for another", async () => {
    const french = await page("/facilities?page=1")
    expect(french.text).toContain('<html lang="fr" dir="ltr"')
    const arabic = await page("/facilities?page=1", { cookie: "promed_lang=ar" })
    expect(arabic.text).toContain('<html lang="ar" dir="rtl"')
  })
})

describe("what is not server-rendered", () => {
  it("serves the shell for other addresses and for requests that do not want HTML", async () => {
    const other = await page("/contact")
    expect(other.text).toContain('<div id="root"></div>')
    const json = await gw.call("GET", "/doctors", { headers: { accept: "application/json" } })
    expect(json.text).toContain('<div id="root"></div>')
  })

  it("keeps the landing prerendered at build time", async () => {
    const landing = await page("/")
    expect(landing.text).toContain('data-prerendered="fr" data-href="/"')
    expect(landing.text).toContain('id="hero"')
    expect(landing.headers.get("server-timing")).toBeNull()
  })

  it("falls back to the shell when the build has no server renderer", async () => {
    const bare = path.join(scratch, "bare")
    cpSync(clientDir, bare, { recursive: true })
    const shellOnly = await startTestGateway({ staticDir: bare })
    try {
      const response = await shellOnly.call("GET", `/doctors/${doctorId}`, { headers: HTML })
      expect(response.status).toBe(200)
      expect(response.text).toContain('<div id="root"></div>')
      expect(response.text).not.toContain("promed-page-data")
    } finally {
      await shellOnly.stop()
    }
    // A second gateway of its own: a database copied and a server started inside the test.
  }, 120_000)
})

describe("headers and cache", () => {
  it("keeps the content security policy strict: no inline script allowed", async () => {
    const response = await page("/facilities")
    const csp = response.headers.get("content-security-policy") ?? ""
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]
    expect(scriptSrc).toBe("'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
  })

  it("tells how long the render took, and serves the same page again from memory for a few seconds", async () => {
    const first = await page("/facilities?sort=rating")
    expect(first.headers.get("server-timing")).toMatch(/^load;dur=[\d.]+, draw;dur=[\d.]+, ssr;dur=[\d.]+$/)
    const again = await page("/facilities?sort=rating")
    expect(again.headers.get("server-timing")).toBe('ssr;desc="cached"')
    expect(again.text).toBe(first.text)
  })
})
