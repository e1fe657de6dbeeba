import { Temporal } from "temporal-polyfill"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import {
  captureConsole,
  FAR_DATES,
  IMPOSSIBLE_DATES,
  IMPOSSIBLE_INSTANTS,
  isDateShaped,
  isInstantShaped,
  leaks,
  pathName,
  pathPattern,
  stringLeaves,
  withLeaf,
  type ConsoleCapture,
} from "./hostileInput.ts"
import {
  databaseFingerprint,
  DATE_READS,
  describeFailure,
  expectSessionsAlive,
  fieldsOf,
  HOSTILE_ROUTES,
  personalValues,
  prepareWorld,
  refusalProblem,
  worldSecrets,
  type Answer,
  type World,
} from "./hostileRoutes.ts"

// Issue 9, item 5: impossible dates answered 500 (/available-time-slots/date/2026-02-30,
// startDate=2026-02-31, 2026-11-31, 0000-01-01, a date of birth of 2000-02-30). Every date and
// instant of every valid body, every date query parameter and every date in a path is sent again
// as something that is not a calendar date in the API's form (SPEC §7: yyyy-MM-dd, UTC instants).

let w: World
let before: string
let capture: ConsoleCapture
let secrets: Map<string, string>
const sent = new Map<string, string>()

/** Where the valid bodies hold dates and instants: if one goes missing, the enumeration would test less. */
const EXPECTED_DATE_FIELDS: Record<string, ReadonlyArray<string>> = {
  book: ["appointmentTime"],
  reschedule: ["appointmentTime"],
  "patient profile": ["dateOfBirth", "dependants.*.dateOfBirth"],
  "add medical record": ["date"],
}

const inTwoDays = Temporal.Now.plainDateISO("UTC").add({ days: 2 }).toString()

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

const noted = (value: string, where: string) => {
  if (value.length >= 4) sent.set(value, `the impossible date sent in ${where}`)
}

describe("impossible dates: a 4xx with a catalogue code and a field error, never a 5xx", () => {
  for (const route of HOSTILE_ROUTES.filter((r) => r.name in EXPECTED_DATE_FIELDS)) {
    it(`${route.method} ${route.name}: every date and instant in its body`, async () => {
      const valid = await route.body(w)
      for (const [value, what] of personalValues(route, valid)) secrets.set(value, what)
      const leaves = stringLeaves(valid).filter((l) => isDateShaped(l.value) || isInstantShaped(l.value))
      expect(new Set(leaves.map((l) => pathPattern(l.path)))).toEqual(new Set(EXPECTED_DATE_FIELDS[route.name]))
      const failures: string[] = []
      let requests = 0
      for (const leaf of leaves) {
        const field = pathName(leaf.path)
        const birth = field.endsWith("dateOfBirth")
        // A date of birth must also be in the past (SPEC §5).
        const values = isInstantShaped(leaf.value) ? IMPOSSIBLE_INSTANTS : birth ? [...IMPOSSIBLE_DATES, "9999-12-31", inTwoDays] : IMPOSSIBLE_DATES
        for (const value of values) {
          noted(value, `${route.name} ${field}`)
          const answer = await w.call(route.method, route.path(w), { token: w.tokens[route.as], body: withLeaf(valid, leaf.path, value) })
          requests += 1
          const problem =
            refusalProblem(route, answer) ??
            (fieldsOf(answer).some((f) => f.startsWith(`${field}: `)) ? null : `no field error on ${field} (fields: ${fieldsOf(answer).join(", ") || "none"})`)
          if (problem) failures.push(describeFailure(`${route.method} ${route.name}`, field, "date", value, answer, problem))
        }
      }
      expect(failures, `${failures.length} of ${requests} impossible dates were not refused as they should be:\n${failures.join("\n")}\n`).toEqual([])
    })
  }

  for (const read of DATE_READS) {
    it(`${read.name}: impossible dates refused, far ones answered without a 5xx`, async () => {
      const failures: string[] = []
      const valid = { startDate: "2026-12-01", endDate: read.params.length === 1 ? "2026-12-01" : "2026-12-07" }
      const check = async (dates: { startDate: string; endDate: string }, what: string, mustRefuse: boolean) => {
        const url = read.url(w, dates)
        const answer: Answer = await w.call("GET", url, { token: w.tokens[read.as] })
        const problem = mustRefuse
          ? refusalProblem({}, answer)
          : answer.status >= 500
            ? `server error ${answer.status}`
            : answer.status >= 400
              ? refusalProblem({}, answer)
              : null
        if (problem) failures.push(describeFailure(read.name, what, "dates", `${dates.startDate} … ${dates.endDate}`, answer, problem))
      }
      for (const value of IMPOSSIBLE_DATES) {
        for (const param of read.params) {
          noted(value, `${read.name} ${param}`)
          await check({ ...valid, [param]: value, ...(read.params.length === 1 ? { endDate: value } : {}) }, param, true)
        }
        if (read.params.length === 2) await check({ startDate: value, endDate: value }, "startDate and endDate", true)
      }
      // Real dates far away: refused or answered, never a server error. The doctor's own view
      // plans slots ahead on every read, so those go to the acceptance suite.
      if (!read.writes) {
        for (const value of FAR_DATES) {
          await check({ startDate: value, endDate: value }, "a far date", false)
          if (read.params.length === 2) {
            await check({ ...valid, endDate: value }, "endDate far", false)
            await check({ ...valid, startDate: value }, "startDate far", false)
          }
        }
      }
      expect(failures, `${failures.length} answers were wrong:\n${failures.join("\n")}\n`).toEqual([])
    })
  }

  it("the issue's own examples", async () => {
    const patient = HOSTILE_ROUTES.find((r) => r.name === "patient profile")!
    const form = (await patient.body(w)) as Record<string, any>
    const cases: Array<[string, string, Answer]> = [
      [
        "GET /available-time-slots/date/2026-02-30",
        "date",
        await w.call("GET", `/api/v1/doctor-availability/${w.f.doctorA}/available-time-slots/date/2026-02-30`),
      ],
      [
        "startDate=2026-02-31",
        "startDate",
        await w.call("GET", `/api/v1/doctor-availability/${w.f.doctorA}/available-time-slots?startDate=2026-02-31&endDate=2026-03-02`),
      ],
      [
        "endDate=2026-11-31",
        "endDate",
        await w.call("GET", `/api/v1/doctor-availability/${w.f.doctorA}/available-time-slots?startDate=2026-11-28&endDate=2026-11-31`),
      ],
      [
        "startDate=0000-01-01",
        "startDate",
        await w.call("GET", `/api/v1/doctor-availability/${w.f.doctorA}/available-time-slots?startDate=0000-01-01&endDate=0000-01-02`),
      ],
      [
        "a patient born 2000-02-30",
        "dateOfBirth",
        await w.call("PUT", `/api/v1/patients/${w.f.patientA}`, { token: w.tokens.patientA, body: { ...form, dateOfBirth: "2000-02-30" } }),
      ],
      [
        "a dependant born 2000-02-30",
        "dependants.0.dateOfBirth",
        await w.call("PUT", `/api/v1/patients/${w.f.patientA}`, {
          token: w.tokens.patientA,
          body: { ...form, dependants: [{ ...form.dependants[0], dateOfBirth: "2000-02-30" }, ...form.dependants.slice(1)] },
        }),
      ],
    ]
    for (const [what, field, answer] of cases) {
      expect(refusalProblem({}, answer), `${what}: ${answer.status} ${answer.text.slice(0, 200)}`).toBeNull()
      expect(
        fieldsOf(answer).some((f) => f.startsWith(`${field}: `)),
        `${what} names ${field}: ${answer.text.slice(0, 200)}`,
      ).toBe(true)
    }
  })

  it("leaves the database exactly as it was", async () => {
    expect(await databaseFingerprint(w.gw)).toBe(before)
  })

  it("every caller is still signed in", async () => {
    await expectSessionsAlive(w)
  })

  it("no log line shows personal data or a token", () => {
    const found = leaks(capture.lines, secrets)
    expect(found, `${found.length} log lines give away personal data:\n${found.slice(0, 40).join("\n")}\n`).toEqual([])
  })

  it("no log line shows a date that was sent, in a body, a query or a path (the request log names route templates)", () => {
    const found = leaks(capture.lines, sent)
    expect(found, `${found.length} log lines show values sent:\n${found.slice(0, 40).join("\n")}\n`).toEqual([])
  })
})
