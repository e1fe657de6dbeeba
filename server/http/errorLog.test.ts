import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { captureLogs } from "../observability/log.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { errorFacts, isBadInputFromDatabase } from "./errorLog.ts"

let gw: TestGateway
beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw?.stop()
})

const PERSONAL = { email: "aissatou.ndiaye@example.sn", phone: "771234567", born: "1987-04-12" }

/** A query the database refuses because of a value (a NUL), carrying personal data beside it. */
async function refusedQuery(): Promise<unknown> {
  try {
    await gw.db.execute(sql`SELECT ${PERSONAL.email}::text, ${PERSONAL.phone}::text, ${PERSONAL.born}::date, ${"a\u0000b"}::text`)
  } catch (error) {
    return error
  }
  throw new Error("the database accepted a NUL")
}

describe("what the logs say about a failure", () => {
  it("names a NUL refused by the database as bad input, by its SQLSTATE", async () => {
    const error = await refusedQuery()
    expect(isBadInputFromDatabase(error)).toBe(true)
  })

  it("keeps the failed query's values out of what may be logged", async () => {
    const facts = JSON.stringify(errorFacts(await refusedQuery()))
    for (const value of Object.values(PERSONAL)) expect(facts).not.toContain(value)
    expect(facts).toMatch(/sqlState/)
  })

  it("answers a database data error 400 and logs the request id and route template, not the values", async () => {
    const capture = captureLogs()
    try {
      gw.app.post("/probe/:patientId", async () => {
        throw await refusedQuery()
      })
      const response = await gw.call("POST", "/probe/0b8e5a9e-2b1c-4c55-9d0e-4f0f7a1f2c3d", { headers: { "X-Request-Id": "probe-failure-0001" } })
      expect(response.status).toBe(400)
      expect(response.body.code).toBe("INVALID_PAYLOAD")
      const failures = capture.lines.filter((line) => line.requestId === "probe-failure-0001")
      expect(failures).toHaveLength(1)
      expect(failures[0]).toMatchObject({ level: "warn", scope: "gateway", method: "POST", route: "/probe/:patientId", sqlState: "22021" })
      expect(capture.text()).not.toContain("0b8e5a9e")
      for (const value of Object.values(PERSONAL)) expect(capture.text()).not.toContain(value)
    } finally {
      capture.stop()
    }
  })
})
