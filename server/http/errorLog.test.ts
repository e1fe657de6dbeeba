import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
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

  it("answers a database data error 400 and logs the route template, not the values", async () => {
    const lines: string[] = []
    const keep = (...args: unknown[]) => lines.push(args.map(String).join(" "))
    const spies = [vi.spyOn(console, "error").mockImplementation(keep), vi.spyOn(console, "warn").mockImplementation(keep)]
    try {
      gw.app.post("/probe/:patientId", async () => {
        throw await refusedQuery()
      })
      const response = await gw.call("POST", "/probe/0b8e5a9e-2b1c-4c55-9d0e-4f0f7a1f2c3d")
      expect(response.status).toBe(400)
      expect(response.body.code).toBe("INVALID_PAYLOAD")
      expect(lines.join("\n")).toContain("POST /probe/:patientId")
      for (const value of Object.values(PERSONAL)) expect(lines.join("\n")).not.toContain(value)
    } finally {
      for (const spy of spies) spy.mockRestore()
    }
  })
})
