import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createApp } from "../../server/app.ts"
import { SAMPLE_BYTES, uploadedUrl } from "../../server/storage/testing/uploadedFiles.ts"
import { startTestGateway, type TestGateway } from "../../server/testing/testGateway.ts"

// Issue 9, item 1: "Consider a separate origin for user files (a setting, off by default here)".
// With USER_FILES_ORIGIN set, downloads move there; nothing else of ours answers on it.
const FILES = "http://files.localhost:9000"
let gw: TestGateway
let app: ReturnType<typeof createApp>
let token: string
let photo: string
let record: string

beforeAll(async () => {
  gw = await startTestGateway()
  app = createApp({ db: gw.db, config: { ...gw.config, userFilesOrigin: FILES } })
  token = await gw.signIn("patient@demo.sn")
  const userId = (await gw.api("GET", "/session", { token })).body.id
  photo = await uploadedUrl(gw, token, `profile-photos/user_${userId}.png`, SAMPLE_BYTES.png)
  record = await uploadedUrl(gw, token, `medical-records/${userId}/abc_bilan.pdf`, SAMPLE_BYTES.pdf)
})
afterAll(async () => {
  await gw?.stop()
})

describe("user files on an origin of their own", () => {
  it("sends a download asked of the app's origin to the files origin, path and token unchanged", async () => {
    const response = await app.request(photo)
    expect(response.status).toBe(307)
    expect(response.headers.get("location")).toBe(photo.replace("http://localhost", FILES))
  })

  it("serves the file there with the sandbox and its own type; our pages may show photos from there", async () => {
    const image = await app.request(photo.replace("http://localhost", FILES))
    expect(image.status).toBe(200)
    expect(image.headers.get("content-type")).toBe("image/png")
    expect(image.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox")
    expect(image.headers.get("x-content-type-options")).toBe("nosniff")
    expect(image.headers.get("cross-origin-resource-policy")).toBe("cross-origin")
    const pdf = await app.request(record.replace("http://localhost", FILES))
    expect(pdf.headers.get("content-disposition")).toMatch(/^attachment;/)
    const page = await app.request("http://localhost/auth/login")
    expect(/img-src ([^;]*)/.exec(page.headers.get("content-security-policy") ?? "")?.[1]).toContain(FILES)
  })

  it("answers nothing else on the files origin: no app, gateway, login site, uploads or metadata", async () => {
    const asked = [
      ["GET", "/"],
      ["GET", "/profile"],
      ["GET", "/api/v1/session"],
      ["POST", "/api/v1/doctors/search"],
      ["GET", "/auth/login"],
      ["POST", "/auth/token"],
      ["GET", new URL(photo).pathname],
      ["POST", `/v0/b/promed-local.appspot.com/o?name=x`],
      ["DELETE", new URL(photo).pathname],
      ["PATCH", new URL(photo).pathname],
      ["GET", `/v0/b/promed-local.appspot.com/o?prefix=profile-photos/`],
    ] as const
    for (const [method, path] of asked) {
      const response = await app.request(`${FILES}${path}`, { method, headers: { Authorization: `Bearer ${token}` } })
      expect(response.status, `${method} ${path}`).toBe(404)
    }
  })

  it("is off by default: downloads are served by the app's own origin", async () => {
    const response = await gw.app.request(photo)
    expect(response.status).toBe(200)
    expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin")
  })
})
