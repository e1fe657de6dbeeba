import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ERROR_CODES } from "../../schemas/errors.ts"
import { startTestGateway, type TestGateway } from "../../server/testing/testGateway.ts"
import { ACCESS_ROWS, multipart, recordObject, ROUTES_WITHOUT_ID, type AccessRow, type RowContext } from "./accessRows.ts"
import { CALLERS, createFixtures, signInEveryone, type CallerName, type Fixtures, type Tokens } from "./fixtures.ts"

let gw: TestGateway
let tokens: Tokens
let fixtures: Fixtures
let ctx: RowContext

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n")

beforeAll(async () => {
  gw = await startTestGateway()
  tokens = await signInEveryone(gw)
  fixtures = await createFixtures(gw, tokens)
  ctx = { gw, tokens, bucket: "promed-local.appspot.com" }
  for (const file of ["matrix.pdf", "matrix-delete.pdf"]) {
    const name = recordObject(fixtures, file)
    const upload = multipart(name, "application/pdf", PDF)
    const response = await gw.call("POST", `/v0/b/${ctx.bucket}/o?name=${encodeURIComponent(name)}`, {
      body: upload.body,
      headers: { ...upload.headers, Authorization: `Firebase ${tokens.patientA}` },
    })
    if (response.status !== 200) throw new Error(`fixture upload failed: ${response.status} ${response.text}`)
  }
})

afterAll(async () => {
  await gw?.stop()
})

/** The gateway's own route list: what it answers, not what we think it answers. */
function gatewayRoutes(): string[] {
  const seen = new Set<string>()
  for (const route of gw.app.routes) if (route.method !== "ALL") seen.add(`${route.method} ${route.path}`)
  return [...seen].sort()
}

const takesId = (route: string) => /[:*]/.test(route.split(" ")[1]!.replace(/^\/\*$/, ""))

async function callAs(row: AccessRow, caller: CallerName) {
  const call = await row.call(fixtures, ctx)
  const token = tokens[caller]
  const headers: Record<string, string> = { ...call.headers }
  if (token) headers.Authorization = row.auth === "firebase" ? `Firebase ${token}` : `Bearer ${token}`
  const path = call.path.replace("{bucket}", ctx.bucket)
  const method = row.route.split(" ")[0]!
  return gw.call(method, path, { body: call.body, headers })
}

describe("access matrix", () => {
  it("has a row for every route that takes an id, and no row for a route that does not exist", () => {
    const routes = gatewayRoutes()
    const rows = new Set(ACCESS_ROWS.map((r) => r.route))
    expect(routes.filter((r) => takesId(r) && !rows.has(r))).toEqual([])
    // Routes with ids in the body (bookings, reviews, reactions) have rows too.
    expect(routes.filter((r) => !takesId(r) && !rows.has(r) && !ROUTES_WITHOUT_ID.has(r))).toEqual([])
    expect([...rows].filter((r) => !routes.includes(r))).toEqual([])
  })

  for (const row of ACCESS_ROWS) {
    it(`${row.route}: ${row.rule}`, async () => {
      // Refusals first: an owner's change must never hide a refusal that should have happened.
      const order = [...CALLERS].sort((a, b) => Number(row.expect[a] < 300) - Number(row.expect[b] < 300))
      const actual = {} as Record<CallerName, number>
      for (const caller of order) {
        const response = await callAs(row, caller)
        actual[caller] = response.status
        if (row.route.includes("/api/v1/") && response.status >= 400) {
          expect(ERROR_CODES, `${caller}: ${response.text}`).toContain(response.body?.code)
        }
      }
      expect(actual).toEqual(row.expect)
    })
  }
})
