import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestGateway, type TestGateway } from "../../server/testing/testGateway.ts"
import { OWN_ORIGIN, postLogin } from "./loginCalls.ts"

let gw: TestGateway
beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw?.stop()
})

/** The attacks of issue 9 item 2, each of which once took the token to evil.example. */
const REPORTED = ["/.//evil.example/steal", "/x/..//evil.example", "/%2e//evil.example"]

/** Pieces that URL parsers treat specially; returnTo values are made by gluing them together. */
const PIECES = [
  "/",
  "//",
  "///",
  "/\\",
  "\\",
  "\\\\",
  ".",
  "..",
  "./",
  "../",
  "/./",
  "/../",
  "%2e",
  "%2E",
  "%2e%2e",
  "%252e",
  "%2f",
  "%2F",
  "%252f",
  "%5c",
  "%5C",
  "%255c",
  "%00",
  "%0a",
  "%09",
  "\t",
  "\n",
  "\r",
  " ",
  "\u0000",
  "\u000b",
  "\u00a0",
  "\u200b",
  "\u202e",
  "\ufeff",
  "é",
  "ß",
  "😀",
  "\ud800",
  "@",
  ":",
  ":80",
  "evil.example",
  "EVIL.example",
  "localhost",
  "127.0.0.1",
  "[::1]",
  "user:pass@",
  "javascript:",
  "JavaScript:",
  "http:",
  "https:",
  "data:",
  "data:text/html,",
  "file:",
  "blob:",
  "vbscript:",
  "?",
  "#",
  "&",
  "=",
  "sessionToken=x",
  "login=true",
  "auth",
  "/auth/login",
  "profile",
  "doctors",
]

const glued = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 12 }).map((parts) => parts.join(""))
const returnTo = fc.oneof(
  { weight: 6, arbitrary: glued },
  { weight: 1, arbitrary: glued.map((s) => `/${s}`) },
  { weight: 1, arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.tuple(glued, fc.integer({ min: 500, max: 5_000 })).map(([s, n]) => `/${"a".repeat(n)}${s}`) },
)

/** Where a browser goes with this Location, read from the login site's address and from our origin. */
function destinations(location: string): URL[] {
  return [new URL(location, `${OWN_ORIGIN}/auth/login`), new URL(location, OWN_ORIGIN), new URL(location, "http://localhost")]
}

function expectOnOurOrigin(location: string, token: string | undefined, what: string) {
  // No tab, line break or other control character a parser could strip or a header could be split on.
  expect(location, what).toMatch(/^[\x21-\x7e]+$/)
  // Never protocol-relative, however a browser reads backslashes.
  expect(location.replace(/\\/g, "/"), what).not.toMatch(/^(?:[a-z][a-z0-9+.-]*:)?\/\//i)
  for (const url of destinations(location)) {
    expect(url.origin, what).toBe(OWN_ORIGIN)
    expect(url.username + url.password, what).toBe("")
    expect(url.pathname.toLowerCase(), what).not.toMatch(/^\/auth/)
    // A path the SPA serves, so that it takes the token out of the address bar (issue 38): no file, no gateway route.
    const last = url.pathname.split("/").pop()!
    expect(last.replace(/%2e/gi, "."), what).not.toContain(".")
    expect(url.pathname.toLowerCase(), what).not.toMatch(/^\/(api|v0|livez|readyz|metrics)(\/|$)/)
  }
  if (token === undefined) return
  const url = destinations(location)[0]!
  expect(url.searchParams.get("sessionToken"), what).toBe(token)
  // The token is in the query of our address and nowhere else in it.
  expect(location.split(token).length, what).toBe(2)
  expect(url.pathname + url.hash, what).not.toContain(token)
}

describe("returnTo: the token only ever goes back to our own origin", () => {
  it("after a sign-in, for any returnTo, the 303 lands on a path of our origin carrying the token", async () => {
    await fc.assert(
      fc.asyncProperty(returnTo, async (value) => {
        const answer = await postLogin(gw.app, "192.0.2.10", "patient@demo.sn", "Passw0rd!", { returnTo: value })
        const what = `returnTo ${JSON.stringify(value).slice(0, 200)} → ${answer.headers.get("location")?.slice(0, 200)}`
        expect(answer.status, what).toBe(303)
        const location = answer.headers.get("location")!
        const token = new URL(location, OWN_ORIGIN).searchParams.get("sessionToken") ?? undefined
        expect(token, what).toMatch(/^[A-Za-z0-9_-]{43}$/)
        expectOnOurOrigin(location, token, what)
      }),
      { numRuns: 150, examples: REPORTED.map((value) => [value]) },
    )
    // 150 password checks, each deliberately slow.
  }, 120_000)

  it("the three reported attacks fall back to the role home (the SPA sends / there, SPEC §2)", async () => {
    for (const value of REPORTED) {
      const answer = await postLogin(gw.app, "192.0.2.11", "doctor@demo.sn", "Passw0rd!", { returnTo: value })
      expect(answer.status).toBe(303)
      expect(new URL(answer.headers.get("location")!, OWN_ORIGIN).pathname, value).toBe("/")
    }
  })

  it("a path the SPA does not serve (a file such as /x.y, the API, the probes) lands on the role home, where the token is read and dropped", async () => {
    for (const value of ["/x.y", "/x.y?a=1#b", "/profile/x%2Ey", "/favicon.ico", "/api/v1/session", "/v0/b/bucket/o", "/livez", "/READYZ", "/metrics"]) {
      const answer = await postLogin(gw.app, "192.0.2.13", "patient@demo.sn", "Passw0rd!", { returnTo: value })
      expect(answer.status).toBe(303)
      const url = new URL(answer.headers.get("location")!, OWN_ORIGIN)
      expect(url.pathname, value).toBe("/")
      expect(url.searchParams.get("sessionToken"), value).toMatch(/^[A-Za-z0-9_-]{43}$/)
    }
    // Dots elsewhere in a route are not a file: /doctors/search?q=dr.ndiaye stays.
    const kept = await postLogin(gw.app, "192.0.2.13", "patient@demo.sn", "Passw0rd!", { returnTo: "/doctors/search?keyword=dr.ndiaye" })
    expect(new URL(kept.headers.get("location")!, OWN_ORIGIN).pathname).toBe("/doctors/search")
  })

  it("a path of our own comes back as it was asked for, query and fragment included", async () => {
    const answer = await postLogin(gw.app, "192.0.2.12", "doctor@demo.sn", "Passw0rd!", {
      returnTo: "/doctor/schedule?week=2&sessionToken=old#today",
      lang: "en",
    })
    const url = new URL(answer.headers.get("location")!, OWN_ORIGIN)
    expect(url.pathname).toBe("/doctor/schedule")
    expect(url.searchParams.get("week")).toBe("2")
    expect(url.searchParams.getAll("sessionToken")).toHaveLength(1)
    expect(url.searchParams.get("sessionToken")).not.toBe("old")
    // The doctor's saved language (French) wins over the login page's (issue 11).
    expect(url.searchParams.get("lang")).toBe("fr")
    expect(url.hash).toBe("#today")
  })

  it("the login and sign-up pages' hidden returnTo, back link and links to each other, for any returnTo, point to a path of our origin", async () => {
    const unescape = (s: string) =>
      s
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&")
    // The links between the login and sign-up pages carry the returnTo along: it must be as safe there.
    const carried = (href: string) => new URL(href, OWN_ORIGIN).searchParams.get("returnTo") ?? ""
    await fc.assert(
      fc.asyncProperty(returnTo, async (value) => {
        const login = await gw.call("GET", `/auth/login?${new URLSearchParams({ returnTo: value })}`)
        const register = await gw.call("GET", `/auth/register?${new URLSearchParams({ returnTo: value })}`)
        expect(login.status).toBe(200)
        expect(register.status).toBe(200)
        const links = [...login.text.matchAll(/<p><a href="([^"]*)">/g)].map((m) => unescape(m[1]!))
        const toRegister = links.find((href) => href.startsWith("/auth/register?"))!
        const back = links.find((href) => href !== toRegister)!
        const toLogin = unescape(/<p><a href="(\/auth\/login\?[^"]*)">/.exec(register.text)![1]!)
        const targets = [
          unescape(/name="returnTo" value="([^"]*)"/.exec(login.text)![1]!),
          back,
          carried(toRegister),
          unescape(/name="returnTo" value="([^"]*)"/.exec(register.text)![1]!),
          carried(toLogin),
        ]
        for (const target of targets) expectOnOurOrigin(target, undefined, `returnTo ${JSON.stringify(value).slice(0, 200)} → ${target.slice(0, 200)}`)
      }),
      { numRuns: 400, examples: REPORTED.map((value) => [value]) },
    )
  })
})
