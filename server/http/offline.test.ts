import { mkdtempSync, rmSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { buildClient, SHARED_CLIENT_BUILD } from "../testing/clientBuild.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"

/*
 * Issue 13, "Offline": the gateway serves the service worker and the manifest of the production
 * build as files of their own, never as a page, and the worker is revalidated on every update
 * check (a worker cached for a year would keep an old app on every phone). Nothing of a user stays
 * cached after sign-out: no browser or proxy keeps the API's answers.
 */

let scratch: string
let gw: TestGateway

beforeAll(async () => {
  scratch = mkdtempSync(path.join(os.tmpdir(), "promed-sw-"))
  const clientDir = SHARED_CLIENT_BUILD ? path.join(SHARED_CLIENT_BUILD, "client") : buildClient(scratch)
  gw = await startTestGateway({ staticDir: clientDir })
}, 300_000)

afterAll(async () => {
  await gw?.stop()
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

describe("GET /sw.js", () => {
  it("is the worker's script, revalidated on each check, under the site's content security policy", async () => {
    // Browsers ask for a worker's script with Accept: */*.
    const response = await gw.call("GET", "/sw.js", { headers: { accept: "*/*" } })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/)
    expect(response.headers.get("cache-control")).toBe("no-cache")
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'")
    expect(response.text).not.toMatch(/<html/i)
    // The pages' fallback when the network fails, and none of the API's answers.
    expect(response.text).toContain("/app-shell.html")
    expect(response.text).not.toMatch(/"url":\s*"\/?api\//)
  })

  it("answers 304 to a worker check that already has it", async () => {
    const first = await gw.call("GET", "/sw.js")
    const again = await gw.call("GET", "/sw.js", { headers: { "if-none-match": first.headers.get("etag")! } })
    expect(again.status).toBe(304)
  })
})

describe("GET /manifest.webmanifest", () => {
  it("is the web app manifest: name, start address, standalone, icons that exist", async () => {
    const response = await gw.call("GET", "/manifest.webmanifest")
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toMatch(/^application\/manifest\+json/)
    const manifest = JSON.parse(response.text) as {
      name: string
      start_url: string
      display: string
      lang: string
      icons: Array<{ src: string; sizes: string }>
    }
    expect(manifest).toMatchObject({ name: "Promed", start_url: "/", display: "standalone", lang: "fr" })
    for (const icon of manifest.icons) {
      const file = await gw.call("GET", icon.src)
      expect(file.status, icon.src).toBe(200)
    }
  })
})

describe("API answers", () => {
  it("are kept by no cache: the patient's appointments, her session, and an error alike", async () => {
    const token = await gw.signIn("patient@demo.sn")
    for (const [path, status] of [
      ["/appointments", 200],
      ["/session", 200],
      ["/appointments/00000000-0000-4000-8000-000000000000", 404],
    ] as const) {
      const response = await gw.api("GET", path, { token })
      expect(response.status, path).toBe(status)
      expect(response.headers.get("cache-control"), path).toBe("no-store")
    }
    const refused = await gw.api("GET", "/appointments")
    expect(refused.status).toBe(401)
    expect(refused.headers.get("cache-control")).toBe("no-store")
  })

  it("keep a caching rule their route sets itself (the calendar file)", async () => {
    const token = await gw.signIn("patient@demo.sn")
    const list = await gw.api("GET", "/appointments", { token })
    const id = (list.body as Array<{ id: string }>)[0]!.id
    const calendar = await gw.api("GET", `/appointments/${id}/calendar.ics`, { token })
    expect(calendar.status).toBe(200)
    expect(calendar.headers.get("cache-control")).toBe("private, no-store")
  })
})
