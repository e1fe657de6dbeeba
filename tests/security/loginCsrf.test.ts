import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createApp } from "../../server/app.ts"
import { loadConfig } from "../../server/config.ts"
import { startTestGateway, type TestGateway } from "../../server/testing/testGateway.ts"
import { callFrom, issuedToken, OWN_ORIGIN, SAME_ORIGIN_FORM, sessionCount } from "./loginCalls.ts"

let gw: TestGateway
beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw?.stop()
})

const credentials = { email: "patient@demo.sn", password: "Passw0rd!", returnTo: "/appointments" }

/** Posts another site could make a visitor's browser send, or that no browser page of ours sends. */
const FOREIGN: ReadonlyArray<[string, Record<string, string>]> = [
  ["an Origin of another site", { Origin: "https://evil.example" }],
  ["an Origin of another site with Fetch Metadata", { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate" }],
  ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
  ["Sec-Fetch-Site: same-site (a sibling subdomain)", { "Sec-Fetch-Site": "same-site", Origin: "http://evil.localhost" }],
  ["Sec-Fetch-Site: same-site alone", { "Sec-Fetch-Site": "same-site" }],
  ["Origin: null (sandboxed frame, data: page)", { Origin: "null" }],
  ["Origin: null from a cross-site sandboxed frame", { Origin: "null", "Sec-Fetch-Site": "cross-site" }],
  ["neither Origin nor Fetch Metadata", {}],
  ["only a Referer of our own (forgeable by no one, but not proof either)", { Referer: `${OWN_ORIGIN}/auth/login` }],
  ["our host on another port", { Origin: "http://localhost:8080" }],
  ["our host under another scheme", { Origin: "https://localhost" }],
  ["a look-alike host", { Origin: "http://localhost.evil.example" }],
  ["same-origin Fetch Metadata with a foreign Origin", { "Sec-Fetch-Site": "same-origin", Origin: "https://evil.example" }],
]

describe("login CSRF: only the login page's own form signs in", () => {
  for (const [what, headers] of FOREIGN) {
    it(`refuses a post with ${what}, shows the form again with the reason, creates no session`, async () => {
      const before = await sessionCount(gw.db)
      const answer = await callFrom(gw.app, "198.51.100.1", "POST", "/auth/login", { form: { ...credentials, lang: "en" }, headers })
      expect(answer.status).toBe(403)
      expect(answer.headers.get("location")).toBeNull()
      expect(issuedToken(answer)).toBeUndefined()
      expect(answer.text).toContain('role="alert"')
      expect(answer.text).toContain("This form did not come from the Promed sign-in page, so nobody was signed in.")
      // The form is there to sign in for real, without the other site's address filled in.
      expect(answer.text).toContain('<form method="post" action="/auth/login">')
      expect(answer.text).toContain('id="email" name="email" type="email" autocomplete="username" required value=""')
      expect(answer.text).toContain('name="returnTo" value="/appointments"')
      expect(await sessionCount(gw.db)).toBe(before)
    })
  }

  it("says so in French and Arabic too", async () => {
    const fr = await callFrom(gw.app, "198.51.100.1", "POST", "/auth/login", {
      form: { ...credentials, lang: "fr" },
      headers: { "Sec-Fetch-Site": "cross-site" },
    })
    expect(fr.text).toContain("Ce formulaire ne venait pas de la page de connexion de Promed")
    const ar = await callFrom(gw.app, "198.51.100.1", "POST", "/auth/login", {
      form: { ...credentials, lang: "ar" },
      headers: { "Sec-Fetch-Site": "cross-site" },
    })
    expect(ar.text).toContain('dir="rtl"')
    expect(ar.text).toContain("لم يأتِ هذا النموذج من صفحة تسجيل الدخول في بروميد")
  })

  const OWN: ReadonlyArray<[string, Record<string, string>]> = [
    ["Chromium's headers for the page's own form", SAME_ORIGIN_FORM],
    ["Fetch Metadata and Origin: null (a page of ours under the site-wide no-referrer policy)", { "Sec-Fetch-Site": "same-origin", Origin: "null" }],
    ["Fetch Metadata alone", { "Sec-Fetch-Site": "same-origin" }],
    ["Sec-Fetch-Site: none (the user resubmitting from the browser itself)", { "Sec-Fetch-Site": "none" }],
    ["only our Origin (a browser without Fetch Metadata)", { Origin: OWN_ORIGIN }],
  ]
  for (const [what, headers] of OWN) {
    it(`signs in a same-origin post with ${what}`, async () => {
      const before = await sessionCount(gw.db)
      const answer = await callFrom(gw.app, "198.51.100.2", "POST", "/auth/login", { form: { ...credentials, lang: "fr" }, headers })
      expect(answer.status).toBe(303)
      expect(issuedToken(answer)).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(await sessionCount(gw.db)).toBe(before + 1)
    })
  }

  it("judges Origin against PUBLIC_ORIGIN when the site sits behind a proxy", async () => {
    const app = createApp({ db: gw.db, config: { ...loadConfig({}), logRequests: false, staticDir: "/nonexistent", publicOrigin: "https://promed.example" } })
    const post = (origin: string) => callFrom(app, "198.51.100.3", "POST", "/auth/login", { form: credentials, headers: { Origin: origin } })
    expect((await post("https://promed.example")).status).toBe(303)
    expect((await post(OWN_ORIGIN)).status).toBe(403)
  })

  it("does not count refused posts as password guesses (another site cannot lock accounts through its visitors)", async () => {
    for (let i = 0; i < 8; i++) {
      const answer = await callFrom(gw.app, "198.51.100.4", "POST", "/auth/login", {
        form: { ...credentials, password: `Wrong${i}!` },
        headers: { "Sec-Fetch-Site": "cross-site" },
      })
      expect(answer.status).toBe(403)
    }
    const own = await callFrom(gw.app, "198.51.100.4", "POST", "/auth/login", { form: credentials, headers: SAME_ORIGIN_FORM })
    expect(own.status).toBe(303)
  })

  it("the login page asks browsers to send our Origin with its form", async () => {
    const page = await gw.call("GET", "/auth/login")
    expect(page.text).toContain('<meta name="referrer" content="same-origin">')
  })
})
