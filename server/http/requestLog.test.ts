import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createApp } from "../app.ts"
import { captureLogs } from "../observability/log.ts"
import { idsOf } from "../routes/testing/appointmentFixtures.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"

let gw: TestGateway
let app: ReturnType<typeof createApp>
let doctorId: string

beforeAll(async () => {
  gw = await startTestGateway()
  app = createApp({ db: gw.db, config: { ...gw.config, logRequests: true } })
  doctorId = (await idsOf(gw, "doctor@demo.sn")).doctorId!
})
afterAll(async () => {
  await gw?.stop()
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/** The lines logged while `work` runs. */
async function logged(work: () => Promise<unknown>) {
  const capture = captureLogs()
  try {
    await work()
  } finally {
    capture.stop()
  }
  return capture
}

describe("the request id", () => {
  it("is made for a request that brings none, and differs from one request to the next", async () => {
    const first = (await app.request("/api/v1/facilities")).headers.get("x-request-id")
    const second = (await app.request("/api/v1/facilities")).headers.get("x-request-id")
    expect(first).toMatch(UUID)
    expect(second).toMatch(UUID)
    expect(second).not.toBe(first)
  })

  it("is the caller's own when it is a safe token", async () => {
    for (const id of ["0af7651916cd43dd8448eb211c80319c", "req-2024_11-28-000123", "lb-7f3a9c"]) {
      const response = await app.request("/api/v1/facilities", { headers: { "X-Request-Id": id } })
      expect(response.headers.get("x-request-id")).toBe(id)
    }
  })

  it("is replaced when the caller's is not a safe token", async () => {
    for (const id of ["has spaces in it", "aissatou@example.sn", '"><script>alert(1)</script>', "a".repeat(129), "line\tbreak", "ü-nicode-id"]) {
      const response = await app.request("/api/v1/facilities", { headers: { "X-Request-Id": id } })
      const echoed = response.headers.get("x-request-id")
      expect(echoed, id).toMatch(UUID)
      expect(echoed).not.toBe(id)
    }
  })
})

describe("the request log", () => {
  it("writes one JSON line per request with its id, method, route template, status and time", async () => {
    let response: Response | undefined
    const capture = await logged(async () => {
      response = await app.request(`/api/v1/doctors/${doctorId}?lang=fr`, { headers: { "X-Request-Id": "probe-request-0001" } })
    })
    expect(response!.status).toBe(200)
    const lines = capture.lines.filter((line) => line.requestId === "probe-request-0001")
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: "info", method: "GET", route: "/api/v1/doctors/:id", status: 200 })
    expect(typeof lines[0]!.ms).toBe("number")
    expect(typeof lines[0]!.time).toBe("string")
    // Every line is one JSON object on a line of its own.
    for (const text of capture.text().trimEnd().split("\n")) expect(() => JSON.parse(text) as unknown).not.toThrow()
  })

  it("logs the id it made, as sent back", async () => {
    let response: Response | undefined
    const capture = await logged(async () => {
      response = await app.request("/api/v1/facilities")
    })
    const id = response!.headers.get("x-request-id")
    expect(capture.lines.filter((line) => line.requestId === id)).toHaveLength(1)
  })

  it("never carries a query string, an email or the path of a gateway or storage request", async () => {
    const email = "aissatou.ndiaye@example.sn"
    const secretName = "scan-of-aissatou-hiv-test.pdf"
    const capture = await logged(async () => {
      await app.request(`/api/v1/doctors/${doctorId}?email=${encodeURIComponent(email)}&token=abcdef123456`)
      await app.request("/auth/token", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password: "wrong" }) })
      await app.request(`/v0/b/promed-local.appspot.com/o/patients%2Fp1%2F${secretName}?alt=media`)
      await app.request(`/v0/unknown/${secretName}`, { method: "POST" })
      await app.request(`/api/v2/${encodeURIComponent(email)}`, { method: "DELETE" })
    })
    const text = capture.text()
    expect(capture.lines.filter((line) => line.msg === "request")).toHaveLength(5)
    expect(text).not.toContain(email)
    expect(text).not.toContain(encodeURIComponent(email))
    expect(text).not.toContain("aissatou")
    expect(text).not.toContain("abcdef123456")
    expect(text).not.toContain("?")
    expect(text).not.toContain(doctorId)
    expect(text).not.toContain("hiv")
    for (const line of capture.lines) if (line.msg === "request") expect(String(line.route)).toMatch(/^\/(api|auth|v0)\//)
  })

  it("is off with LOG_REQUESTS=false", async () => {
    const quiet = createApp({ db: gw.db, config: { ...gw.config, logRequests: false } })
    const capture = await logged(async () => {
      await quiet.request("/api/v1/facilities", { headers: { "X-Request-Id": "quiet-request-0001" } })
    })
    expect(capture.lines.filter((line) => line.requestId === "quiet-request-0001")).toEqual([])
  })
})
