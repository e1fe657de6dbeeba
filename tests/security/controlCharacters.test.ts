import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { captureConsole, controlVariants, leaks, pathName, stringLeaves, withLeaf, type ConsoleCapture } from "./hostileInput.ts"
import {
  databaseFingerprint,
  describeFailure,
  expectSessionsAlive,
  expectTextPatternsUsed,
  fieldsOf,
  HOSTILE_ROUTES,
  personalValues,
  prepareWorld,
  refusalProblem,
  textKindOf,
  worldSecrets,
  type World,
} from "./hostileRoutes.ts"

// Issue 9, item 5: a NUL (or any control character) in a name, an allergy, a biography, a review…
// answered 500 and the error log printed the query's values. Every string of every valid body,
// arrays and objects in arrays included, is sent again holding control characters, one at a time.
// Free text typed by a person must also say which field, with validation.controlCharacters.

let w: World
let before: string
let capture: ConsoleCapture
let secrets: Map<string, string>
const sent = new Map<string, string>()

beforeAll(async () => {
  w = await prepareWorld()
  secrets = await worldSecrets(w)
  before = await databaseFingerprint(w.gw)
  capture = captureConsole(vi.spyOn)
})

afterAll(async () => {
  capture?.restore()
  await w?.gw.stop()
})

describe("control characters in any string of a body: a 4xx with a catalogue code, and a field error on free text", () => {
  for (const route of HOSTILE_ROUTES) {
    it(`${route.method} ${route.name}`, async () => {
      const valid = await route.body(w)
      expectTextPatternsUsed(route, valid)
      for (const [value, what] of personalValues(route, valid)) secrets.set(value, what)
      const failures: string[] = []
      let requests = 0
      for (const leaf of stringLeaves(valid)) {
        const kind = textKindOf(route, leaf.path)
        const field = pathName(leaf.path)
        for (const variant of controlVariants(leaf.value, kind === "multiline")) {
          sent.set(variant.value, `the hostile value sent to ${route.name} ${field}`)
          const answer = await w.call(route.method, route.path(w), {
            token: w.tokens[route.as],
            body: withLeaf(valid, leaf.path, variant.value),
            encoding: route.encoding,
            headers: route.headers,
          })
          requests += 1
          const expected = `${field}: validation.controlCharacters`
          const problem =
            refusalProblem(route, answer) ??
            (kind && !fieldsOf(answer).includes(expected) ? `no field error "${expected}" (fields: ${fieldsOf(answer).join(", ") || "none"})` : null)
          if (problem) failures.push(describeFailure(`${route.method} ${route.name}`, field, variant.label, variant.value, answer, problem))
        }
      }
      expect(requests).toBeGreaterThan(0)
      expect(failures, `${failures.length} of ${requests} hostile bodies were not refused as they should be:\n${failures.join("\n")}\n`).toEqual([])
    })
  }

  it("control characters in query parameters: the slot reads' dates and include, the contact form's lang", async () => {
    const reads: Array<{ as: "visitor" | "doctorA"; base: () => string; query: Record<string, string> }> = [
      {
        as: "visitor",
        base: () => `/api/v1/doctor-availability/${w.f.doctorA}/available-time-slots`,
        query: { startDate: "2026-12-01", endDate: "2026-12-07", include: "booked" },
      },
      { as: "doctorA", base: () => `/api/v1/doctor-availability/${w.f.doctorA}/time-slots`, query: { startDate: "2026-12-01", endDate: "2026-12-07" } },
    ]
    const contact = HOSTILE_ROUTES.find((r) => r.name === "contact email")!
    const contactBody = await contact.body(w)
    const failures: string[] = []
    for (const read of reads) {
      for (const [key, value] of Object.entries(read.query)) {
        for (const variant of controlVariants(value, false)) {
          sent.set(variant.value, `the hostile value sent in ?${key}`)
          const answer = await w.call("GET", `${read.base()}?${new URLSearchParams({ ...read.query, [key]: variant.value })}`, { token: w.tokens[read.as] })
          const problem = refusalProblem({}, answer)
          if (problem) failures.push(describeFailure(`GET ${read.base()}`, `?${key}`, variant.label, variant.value, answer, problem))
        }
      }
    }
    for (const variant of controlVariants("fr", false)) {
      const answer = await w.call("POST", `/api/v1/email/send?${new URLSearchParams({ lang: variant.value })}`, { body: contactBody })
      const problem = refusalProblem({}, answer)
      if (problem) failures.push(describeFailure("POST contact email", "?lang", variant.label, variant.value, answer, problem))
    }
    expect(failures, failures.join("\n")).toEqual([])
  })

  it("leaves the database exactly as it was", async () => {
    expect(await databaseFingerprint(w.gw)).toBe(before)
  })

  it("every caller is still signed in (no refusal came from a session lost on the way)", async () => {
    await expectSessionsAlive(w)
  })

  it("no log line shows personal data, a token or a value that was sent (route templates and ids only)", () => {
    const found = [...leaks(capture.lines, secrets), ...leaks(capture.lines, sent)]
    expect(found, `${found.length} log lines give away data:\n${found.slice(0, 40).join("\n")}\n`).toEqual([])
  })
})
