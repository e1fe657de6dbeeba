import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sessions } from "../../server/db/schema.ts"
import { startTestGateway, type TestGateway } from "../../server/testing/testGateway.ts"

let gw: TestGateway
let patientId: string

beforeAll(async () => {
  gw = await startTestGateway()
  const token = await gw.signIn("patient@demo.sn")
  patientId = (await gw.api("GET", "/session", { token })).body.metadata.patient.id
})
afterAll(async () => {
  await gw?.stop()
})

/** Protected calls of each kind: the session, a record, a write, and the storage surface. */
const probes = (token: string) => [
  () => gw.api("GET", "/session", { token }),
  () => gw.api("GET", `/patients/${patientId}`, { token }),
  () => gw.api("POST", `/patients/${patientId}/medical-records`, { token, body: { type: "VACCINATION", description: "x", attachments: [] } }),
  () => gw.call("GET", `/v0/b/promed-local.appspot.com/o?prefix=medical-records%2F`, { headers: { Authorization: `Firebase ${token}` } }),
]

async function expectAllRefused(token: string, code?: string) {
  for (const probe of probes(token)) {
    const response = await probe()
    expect(response.status, response.text).toBe(401)
    if (code && response.headers.get("content-type")?.includes("json") && response.body?.code) expect(response.body.code).toBe(code)
  }
}

describe("sessions", () => {
  it("refuses a forged token everywhere", async () => {
    await expectAllRefused("forged-token-that-was-never-issued-by-promed", "INVALID_SESSION")
  })

  it("refuses an expired token everywhere", async () => {
    const token = await gw.signIn("patient@demo.sn")
    const { sessionId } = (await gw.api("POST", "/validate-session", { token })).body
    await gw.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sessionId))
    await expectAllRefused(token, "SESSION_EXPIRED")
  })

  it("ends the session on the server at logout", async () => {
    const token = await gw.signIn("patient@demo.sn")
    expect((await gw.api("GET", "/logout", { token })).status).toBe(200)
    await expectAllRefused(token, "INVALID_SESSION")
  })

  it("ends every session of the user when the password changes", async () => {
    const first = await gw.signIn("patient2@demo.sn")
    const second = await gw.signIn("patient2@demo.sn")
    expect((await gw.api("POST", "/account/change-password", { token: second, body: { oldPassword: "Passw0rd!", newPassword: "N3wPass!x" } })).status).toBe(200)
    for (const token of [first, second]) expect((await gw.api("GET", "/session", { token })).status).toBe(401)
  })

  it("takes the token from the Authorization header only, never from the address", async () => {
    const token = await gw.signIn("patient@demo.sn")
    const inQuery = await gw.call("GET", `/api/v1/session?sessionToken=${token}&token=${token}`)
    expect(inQuery.status).toBe(401)
    expect(inQuery.body.code).toBe("TOKEN_NOT_FOUND")
  })

  it("stores only a hash of the token", async () => {
    const token = await gw.signIn("doctor@demo.sn")
    const rows = await gw.db.select({ hash: sessions.tokenHash }).from(sessions)
    expect(rows.some((r) => r.hash === token)).toBe(false)
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.hash))).toBe(true)
  })
})
