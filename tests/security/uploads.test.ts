import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestGateway, type TestGateway } from "../../server/testing/testGateway.ts"
import { multipart } from "./accessRows.ts"

// The Storage surface's own suite (server/storage/storage.test.ts) drives the real firebase SDK;
// this one throws hand-made hostile uploads at it.
let gw: TestGateway
let token: string
let userId: string
let otherUserId: string
const BUCKET = "promed-local.appspot.com"

const PDF = new TextEncoder().encode("%PDF-1.4\n%%EOF\n")
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0])
const HTML = new TextEncoder().encode("<html><script>alert(1)</script></html>")

beforeAll(async () => {
  gw = await startTestGateway()
  token = await gw.signIn("patient@demo.sn")
  userId = (await gw.api("GET", "/session", { token })).body.id
  const other = await gw.signIn("patient2@demo.sn")
  otherUserId = (await gw.api("GET", "/session", { token: other })).body.id
})
afterAll(async () => {
  await gw?.stop()
})

function upload(name: string, contentType: string, bytes: Uint8Array) {
  const { body, headers } = multipart(name, contentType, bytes)
  return gw.call("POST", `/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`, { body, headers: { ...headers, Authorization: `Firebase ${token}` } })
}

/** Refused: a client error, never stored, never a server error. */
async function expectRefused(response: Promise<{ status: number }>, what: string) {
  const { status } = await response
  expect(status, what).toBeGreaterThanOrEqual(400)
  expect(status, what).toBeLessThan(500)
}

describe("uploads the storage refuses", () => {
  it("accepts the honest ones it should (the control)", async () => {
    expect((await upload(`medical-records/${userId}/bilan.pdf`, "application/pdf", PDF)).status).toBe(200)
    expect((await upload(`profile-photos/user_${userId}.png`, "image/png", PNG)).status).toBe(200)
  })

  it("refuses a type that is not allowed there", async () => {
    await expectRefused(upload(`medical-records/${userId}/virus.exe`, "application/octet-stream", EXE), "exe")
    await expectRefused(upload(`medical-records/${userId}/page.html`, "text/html", HTML), "")
    await expectRefused(upload(`profile-photos/user_${userId}.pdf`, "application/pdf", PDF), "")
  })

  it("refuses a file whose name or declared type lies about its content", async () => {
    await expectRefused(upload(`medical-records/${userId}/scan.pdf`, "application/pdf", EXE), "")
    await expectRefused(upload(`medical-records/${userId}/photo.png`, "image/png", PDF), "")
    await expectRefused(upload(`profile-photos/user_${userId}.png`, "image/png", HTML), "")
  })

  it("refuses files over the size limits: 3 MB photos, 10 MB records", async () => {
    const bigPhoto = new Uint8Array(3 * 1024 * 1024 + 1)
    bigPhoto.set(PNG)
    expect((await upload(`profile-photos/user_${userId}.png`, "image/png", bigPhoto)).status).toBeGreaterThanOrEqual(400)
    const bigRecord = new Uint8Array(10 * 1024 * 1024 + 1)
    bigRecord.set(PDF)
    expect((await upload(`medical-records/${userId}/big.pdf`, "application/pdf", bigRecord)).status).toBeGreaterThanOrEqual(400)
  })

  it("refuses paths outside the user's own folder, traversal included", async () => {
    for (const name of [
      `medical-records/${otherUserId}/bilan.pdf`,
      `profile-photos/user_${otherUserId}.png`,
      `medical-records/${userId}/../${otherUserId}/bilan.pdf`,
      `medical-records/${userId}/..%2F${otherUserId}/bilan.pdf`,
      `../medical-records/${userId}/bilan.pdf`,
      `/medical-records/${userId}/bilan.pdf`,
      `medical-records/${userId}`,
      `other-folder/${userId}/bilan.pdf`,
    ]) {
      const response = await upload(name, "application/pdf", PDF)
      expect(response.status, name).toBeGreaterThanOrEqual(400)
      expect(response.status, name).toBeLessThan(500)
    }
  })
})
