import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createApp } from "../../server/app.ts"
import { loadConfig } from "../../server/config.ts"
import { captureLogs } from "../../server/observability/log.ts"
import { startTestGateway, type TestGateway } from "../../server/testing/testGateway.ts"
import { SAME_ORIGIN_FORM } from "./loginCalls.ts"

let gw: TestGateway
beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw?.stop()
})

describe("headers on every kind of answer", () => {
  for (const [what, path] of [
    ["the app's pages", "/doctors"],
    ["the gateway", "/api/v1/session"],
    ["the login site", "/auth/login"],
    ["the storage surface", "/v0/b/promed-local.appspot.com/o"],
  ] as const) {
    it(`${what}: a CSP without inline scripts, no sniffing, no framing, no referrer`, async () => {
      const response = await gw.call("GET", path)
      const csp = response.headers.get("content-security-policy") ?? ""
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? ""
      expect(scriptSrc).toBe("'self'")
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toContain("object-src 'none'")
      expect(response.headers.get("x-content-type-options")).toBe("nosniff")
      expect(response.headers.get("x-frame-options")).toBe("DENY")
      expect(response.headers.get("referrer-policy")).toBe("no-referrer")
    })
  }
})

describe("the session token never reaches the logs", () => {
  it("is not logged when it arrives in the address after sign-in, nor when signing in", async () => {
    const capture = captureLogs("debug")
    try {
      const app = createApp({ db: gw.db, config: { ...loadConfig({}), logRequests: true, staticDir: "/nonexistent" } })
      const token = await gw.signIn("patient@demo.sn")
      await app.request(`/?login=true&sessionToken=${token}&lang=fr`)
      await app.request(`/profile?sessionToken=${token}`)
      await app.request("/api/v1/session", { headers: { Authorization: `Bearer ${token}` } })
      const login = await app.request("/auth/login", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...SAME_ORIGIN_FORM },
        body: "email=patient%40demo.sn&password=Passw0rd%21&returnTo=%2F&lang=fr",
      })
      const issued = new URL(login.headers.get("location")!, "http://x").searchParams.get("sessionToken")!
      const lines = capture.text().split("\n").filter(Boolean)
      expect(lines.length).toBeGreaterThanOrEqual(4)
      for (const line of lines) {
        expect(line).not.toContain(token)
        expect(line).not.toContain(issued)
        expect(line).not.toContain("Passw0rd")
      }
    } finally {
      capture.stop()
    }
  })
})
