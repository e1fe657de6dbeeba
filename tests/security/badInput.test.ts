import fc from "fast-check"
import type * as Schema from "effect/Schema"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { AvailableSlotsQuery, PublicSlotsQuery } from "../../schemas/availability.ts"
import { ERROR_CODES } from "../../schemas/errors.ts"
import { ACCESS_ROWS } from "./accessRows.ts"
import { brokenBodies, brokenQueries } from "./breakers.ts"
import type { CallerName, Fixtures } from "./fixtures.ts"
import { captureConsole, leaks, type ConsoleCapture } from "./hostileInput.ts"
import { databaseFingerprint, HOSTILE_ROUTES, prepareWorld, worldSecrets, type World } from "./hostileRoutes.ts"

const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 30)
type AnySchema = Schema.Codec<unknown, unknown, never, never>

let w: World
let f: Fixtures
let before: string
let capture: ConsoleCapture
let secrets: Map<string, string>

/** Every JSON body route of the gateway with the schema it decodes the body with (hostileRoutes.ts). */
const BODY_ROUTES = HOSTILE_ROUTES.filter((r) => r.schema !== undefined && r.encoding !== "form")

interface QueryRoute {
  name: string
  path: (f: Fixtures) => string
  as: CallerName
  schema: AnySchema
  valid: Record<string, string>
}

const QUERY_ROUTES: ReadonlyArray<QueryRoute> = [
  {
    name: "doctor's time slots",
    path: (f) => `/api/v1/doctor-availability/${f.doctorA}/time-slots`,
    as: "doctorA",
    schema: AvailableSlotsQuery,
    valid: { startDate: "2026-12-01", endDate: "2026-12-07" },
  },
  {
    name: "public slots",
    path: (f) => `/api/v1/doctor-availability/${f.doctorA}/available-time-slots`,
    as: "visitor",
    schema: PublicSlotsQuery,
    valid: { startDate: "2026-12-01", endDate: "2026-12-07" },
  },
]

beforeAll(async () => {
  w = await prepareWorld()
  f = w.f
  before = await databaseFingerprint(w.gw)
  secrets = await worldSecrets(w)
  capture = captureConsole(vi.spyOn)
})

afterAll(async () => {
  capture?.restore()
  await w?.gw.stop()
})

/** A refused request: a 4xx with a code of the catalogue, never a 5xx. */
function expectRefused(response: { status: number; body: { code?: string } | undefined; text: string }, what: string) {
  expect(response.status, `${what} → ${response.status} ${response.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400)
  expect(response.status, `${what} → ${response.text.slice(0, 300)}`).toBeLessThan(500)
  expect(ERROR_CODES, `${what} → ${response.text.slice(0, 300)}`).toContain(response.body?.code)
}

describe("bad input is refused with a 4xx and a catalogue code, never a 5xx", () => {
  for (const route of BODY_ROUTES) {
    it(`${route.method} ${route.name}: broken bodies built from its schema`, async () => {
      const valid = (await route.body(w)) as Record<string, never>
      await fc.assert(
        fc.asyncProperty(brokenBodies(route.schema!, valid), async (body) => {
          const response = await w.call(route.method, route.path(w), { token: w.tokens[route.as], body })
          expectRefused(response, JSON.stringify(body).slice(0, 200))
        }),
        { numRuns: RUNS },
      )
    })
  }

  for (const route of QUERY_ROUTES) {
    it(`GET ${route.name}: broken query strings`, async () => {
      await fc.assert(
        fc.asyncProperty(brokenQueries(route.schema, route.valid), async (query) => {
          const response = await w.call("GET", `${route.path(f)}?${new URLSearchParams(query)}`, { token: w.tokens[route.as] })
          expectRefused(response, JSON.stringify(query).slice(0, 200))
        }),
        { numRuns: RUNS },
      )
    })
  }

  it("malformed ids in every id route of the gateway", async () => {
    const idRoutes = ACCESS_ROWS.filter((r) => r.route.includes("/api/v1/") && r.route.includes(":"))
    const hostileId = fc.constantFrom(
      "not-a-uuid",
      "1",
      "-1",
      "' OR 1=1 --",
      "%00",
      "..%2F..%2Fetc",
      "😀",
      "x".repeat(2_000),
      "00000000-0000-0000-0000-000000000000Z",
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...idRoutes), hostileId, fc.constantFrom<CallerName>("patientA", "doctorA"), async (row, id, caller) => {
        const [method, pattern] = row.route.split(" ") as [string, string]
        // Every path parameter but the date one gets the hostile id.
        const path = pattern.replace(/:date\b/, "2026-12-01").replace(/:\w+/g, encodeURIComponent(id))
        const response = await w.call(method, path, { token: w.tokens[caller], body: method === "GET" || method === "DELETE" ? undefined : {} })
        expectRefused(response, `${method} ${path.slice(0, 120)}`)
      }),
      { numRuns: RUNS * 2 },
    )
  })

  it("leaves the database exactly as it was", async () => {
    expect(await databaseFingerprint(w.gw)).toBe(before)
  })

  it("no log line shows personal data or a token", () => {
    const found = leaks(capture.lines, secrets)
    expect(found, found.slice(0, 40).join("\n")).toEqual([])
  })
})
