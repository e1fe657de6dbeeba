import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import {
  captureConsole,
  EDGE_DATES,
  FAR_DATES,
  leaks,
  lineBreakVariants,
  pathName,
  stringLeaves,
  visible,
  withLeaf,
  type ConsoleCapture,
  type Json,
  type Path,
} from "./hostileInput.ts"
import {
  DATE_READS,
  HOSTILE_ROUTES,
  personalValues,
  prepareWorld,
  textKindOf,
  worldSecrets,
  type Answer,
  type HostileRoute,
  type World,
} from "./hostileRoutes.ts"

// The other side of the hostile suites, on a gateway of its own since everything here is written:
// the bodies they start from are valid (so a refusal there is the hostile value's doing), line
// breaks stay allowed in multi-line texts, and real dates on the edges (leap days, a year's last
// day) are accepted where the route takes a date. A fix that refuses too much fails here.

let w: World
let capture: ConsoleCapture
let secrets: Map<string, string>

beforeAll(async () => {
  w = await prepareWorld()
  secrets = await worldSecrets(w)
  capture = captureConsole(vi.spyOn)
})

afterAll(async () => {
  capture?.restore()
  await w?.gw.stop()
})

const route = (name: string): HostileRoute => HOSTILE_ROUTES.find((r) => r.name === name)!

/** Sends the route's valid body (read fresh) with one field changed, and undoes what it did. */
async function sendWith(r: HostileRoute, change: (body: Json) => Json): Promise<Answer> {
  const body = await r.body(w)
  for (const [value, what] of personalValues(r, body)) secrets.set(value, what)
  const answer = await w.call(r.method, r.path(w), { token: w.tokens[r.as], body: change(body), encoding: r.encoding, headers: r.headers })
  if (answer.status === r.ok && r.undo) await r.undo(w, answer)
  return answer
}

const acceptedProblem = (r: HostileRoute, answer: Answer) =>
  answer.status === r.ok ? null : `expected ${r.ok}, got ${answer.status} ${answer.text.slice(0, 200)}`

describe("what must stay accepted", () => {
  it("line breaks in multi-line texts: reason, biography, contact message, alert and record descriptions, review comments", async () => {
    const failures: string[] = []
    const seen = new Set<string>()
    for (const r of HOSTILE_ROUTES) {
      const leaves = stringLeaves(await r.body(w)).filter((l) => textKindOf(r, l.path) === "multiline")
      for (const leaf of leaves) {
        seen.add(`${r.name} ${pathName(leaf.path)}`)
        for (const variant of lineBreakVariants(leaf.value)) {
          const answer = await sendWith(r, (body) => withLeaf(body, leaf.path, variant.value))
          const problem = acceptedProblem(r, answer)
          if (problem) failures.push(`${r.method} ${r.name} | ${pathName(leaf.path)} | ${variant.label} ${visible(variant.value)} | ${problem}`)
        }
      }
    }
    expect([...seen].sort()).toEqual(
      [
        "book reason",
        "reschedule reason",
        "doctor profile biography",
        "contact email data.context.message",
        "patient profile medicalAlerts.0.description",
        "patient profile medicalAlerts.1.description",
        "add medical record description",
        "write review comment",
        "edit review comment",
      ].sort(),
    )
    expect(failures, `${failures.length} line breaks refused:\n${failures.join("\n")}\n`).toEqual([])
  })

  it("real dates on the edges in bodies: a leap day or 31 December as a date of birth (a patient's, a dependant's) or a record's date", async () => {
    const cases: Array<[string, Path, string]> = [
      ["patient profile", ["dateOfBirth"], "2024-02-29"],
      ["patient profile", ["dateOfBirth"], "2000-02-29"],
      ["patient profile", ["dateOfBirth"], "1999-12-31"],
      ["patient profile", ["dependants", 0, "dateOfBirth"], "2024-02-29"],
      ["patient profile", ["dependants", 1, "dateOfBirth"], "2000-02-29"],
      ["add medical record", ["date"], "2024-02-29"],
      ["add medical record", ["date"], "2025-12-31"],
      ["add medical record", ["date"], "2026-12-31"],
    ]
    const failures: string[] = []
    for (const [name, path, date] of cases) {
      const r = route(name)
      const answer = await sendWith(r, (body) => withLeaf(body, path, date))
      const problem = acceptedProblem(r, answer)
      if (problem) failures.push(`${r.method} ${name} | ${pathName(path)} = ${date} | ${problem}`)
    }
    expect(failures, failures.join("\n")).toEqual([])
  })

  it("real dates on the edges in the slot reads: leap days and a year's turn answer 200", async () => {
    const failures: string[] = []
    for (const read of DATE_READS) {
      const ranges =
        read.params.length === 1
          ? EDGE_DATES.map((d) => ({ startDate: d, endDate: d }))
          : [
              { startDate: "2024-02-29", endDate: "2024-03-01" },
              { startDate: "2026-12-31", endDate: "2027-01-01" },
              { startDate: "2028-02-28", endDate: "2028-02-29" },
              { startDate: "2026-12-01", endDate: "2026-12-31" },
            ]
      for (const dates of ranges) {
        const answer = await w.call("GET", read.url(w, dates), { token: w.tokens[read.as] })
        if (answer.status !== 200 || !Array.isArray(answer.body))
          failures.push(`${read.name} | ${JSON.stringify(dates)} | ${answer.status} ${answer.text.slice(0, 200)}`)
      }
    }
    expect(failures, failures.join("\n")).toEqual([])
  })

  it("far dates in the doctor's own schedule (which plans slots ahead when read): refused or answered, never a 5xx", async () => {
    const failures: string[] = []
    for (const read of DATE_READS.filter((r) => r.writes)) {
      for (const date of FAR_DATES) {
        for (const dates of [
          { startDate: date, endDate: date },
          { startDate: "2026-12-01", endDate: date },
        ]) {
          const answer = await w.call("GET", read.url(w, dates), { token: w.tokens[read.as] })
          if (answer.status >= 500) failures.push(`${read.name} | ${JSON.stringify(dates)} | ${answer.status} ${answer.text.slice(0, 200)}`)
        }
      }
    }
    expect(failures, failures.join("\n")).toEqual([])
  })

  it("what the doctor form does not send (awards, publications, education) is dropped, control characters and all", async () => {
    const r = route("doctor profile")
    const before = await w.call("GET", `/api/v1/doctors/${w.f.doctorA}`)
    const answer = await sendWith(r, (body) => ({
      ...(body as object),
      awards: [{ title: "Prix\u0000 d'excellence", issuer: "Ordre\u001b[2J", year: 2020 }],
      publications: [{ title: "Étude\u0000", journal: "Dakar\ud800 Médical", year: 2021, url: null }],
      education: ["Doctorat\u0000"],
    }))
    expect(answer.status, answer.text.slice(0, 200)).toBe(200)
    const after = await w.call("GET", `/api/v1/doctors/${w.f.doctorA}`)
    for (const key of ["awards", "publications", "education"]) expect(after.body[key], key).toEqual(before.body[key])
  })

  // Last: signing patient B in and changing B's password end what the tests above rely on.
  it("the valid bodies the hostile suites start from are accepted, route by route", async () => {
    const failures: string[] = []
    for (const r of HOSTILE_ROUTES) {
      const answer = await sendWith(r, (body) => body)
      const problem = acceptedProblem(r, answer)
      if (problem) failures.push(`${r.method} ${r.name} | ${problem}`)
    }
    expect(failures, failures.join("\n")).toEqual([])
  })

  it("no log line shows personal data or a token", () => {
    const found = leaks(capture.lines, secrets)
    expect(found, found.slice(0, 40).join("\n")).toEqual([])
  })
})
