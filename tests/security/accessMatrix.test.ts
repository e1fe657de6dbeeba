import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { accessAllows, errorsOf, routeOf } from "../../schemas/contract.ts"
import { ALL_CONTRACTS } from "../../schemas/contracts/index.ts"
import type { Role } from "../../schemas/enums.ts"
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
  // Who may call what, not how often: the booking limits (issue 38) have suites of their own.
  gw = await startTestGateway({ bookingLimits: false })
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

/** The role each caller signs in with (tests/security/fixtures.ts). */
const ROLE_OF: Record<CallerName, Role | null> = {
  visitor: null,
  patientA: "PATIENT",
  patientB: "PATIENT",
  doctorA: "DOCTOR",
  doctorB: "DOCTOR",
  manager: "MANAGER",
  admin: "ADMIN",
}

const takesId = (route: string) => /[:*]/.test(route.split(" ")[1]!.replace(/^\/\*$/, ""))

async function callAs(row: AccessRow, caller: CallerName, rowTokens: Tokens) {
  const call = await row.call(fixtures, ctx)
  const token = rowTokens[caller]
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

  it("registers exactly the contracts under /api/v1: no route without one, no contract without its route", () => {
    const registered = gatewayRoutes().filter((r) => r.split(" ")[1]!.startsWith("/api/v1/"))
    expect(registered).toEqual(ALL_CONTRACTS.map(({ contract }) => routeOf(contract)).sort())
  })

  it("has a row for every contract, and each contract's access agrees with what its rows expect from SPEC", () => {
    const contractRows = ACCESS_ROWS.filter((r) => r.contract !== null)
    expect(ALL_CONTRACTS.filter(({ contract }) => !contractRows.some((r) => r.contract === contract)).map((c) => c.name)).toEqual([])
    const disagreements: string[] = []
    for (const row of contractRows) {
      const access = row.contract!.access
      // Everyone the row expects to succeed is let through by the contract's access.
      for (const caller of CALLERS) {
        if (row.expect[caller] < 300 && !accessAllows(access, ROLE_OF[caller])) disagreements.push(`${row.route}: ${caller} succeeds, the contract refuses`)
      }
      // Visitors are turned away (401) exactly when the contract is not public.
      if ((row.expect.visitor === 401) !== (access !== "public"))
        disagreements.push(`${row.route}: visitor ${row.expect.visitor}, access ${JSON.stringify(access)}`)
    }
    expect(disagreements).toEqual([])
  })

  for (const row of ACCESS_ROWS) {
    it(`${row.route}: ${row.rule}`, async () => {
      // Refusals first: an owner's change must never hide a refusal that should have happened.
      const order = [...CALLERS].sort((a, b) => Number(row.expect[a] < 300) - Number(row.expect[b] < 300))
      const actual = {} as Record<CallerName, number>
      // A sign-out ends the session it is made with: it gets sessions of its own.
      const rowTokens = row.ownSession ? await signInEveryone(gw) : tokens
      for (const caller of order) {
        const response = await callAs(row, caller, rowTokens)
        actual[caller] = response.status
        if (row.route.includes("/api/v1/") && response.status >= 400) {
          expect(ERROR_CODES, `${caller}: ${response.text}`).toContain(response.body?.code)
          // The code is one the contract declares (schemas/contracts/).
          expect(row.contract ? errorsOf(row.contract) : undefined, `${caller}: ${response.text}`).toContain(response.body?.code)
        }
      }
      expect(actual).toEqual(row.expect)
    })
  }
})
