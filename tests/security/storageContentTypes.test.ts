import { createHash } from "node:crypto"
import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { storageObjects } from "../../server/db/schema.ts"
import { idsOf } from "../../server/routes/testing/appointmentFixtures.ts"
import { multipartBody } from "../../server/storage/testing/uploadedFiles.ts"
import { startTestGateway, type TestGateway } from "../../server/testing/testGateway.ts"

// Issue 9: whatever type a client declares, a user's file is served with the type of its bytes,
// from its folder's list, never run as a page or a script on our origin. Every declared type ×
// every kind of bytes (polyglots included) × both folders × both upload protocols, then PATCH
// attempts, each judged on the answer a victim's browser would get from the download URL.

let gw: TestGateway
let token: string
let userId: string
const BUCKET = "promed-local.appspot.com"

const text = (s: string) => new TextEncoder().encode(s)
const join = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts))
const SCRIPT = "<script>window.__pwned=1;document.title='pwned'</script>"
const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const ONE_PIXEL_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAE/wH+q8BzRAAAAABJRU5ErkJggg==", "base64")

type Kind = "png" | "jpeg" | "gif" | "webp" | "pdf" | "doc" | "docx"
type Folder = "photo" | "record"

/** Written from SPEC §5 and the issue, not read from the server: the type each kind must be served with. */
const SERVED_TYPE: Record<Kind, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
}
const ALLOWED: Record<Folder, ReadonlyArray<Kind>> = {
  photo: ["png", "jpeg", "gif", "webp"],
  record: ["pdf", "png", "jpeg", "doc", "docx"],
}
const IMAGES: ReadonlyArray<Kind> = ["png", "jpeg", "gif", "webp"]

interface Sample {
  readonly label: string
  readonly bytes: Uint8Array
  /** What the bytes really are (by their signature); null for what no folder takes. */
  readonly kind: Kind | null
  /** The extension the attacker gives it: the one that has the best chance of getting in. */
  readonly ext: string
  readonly honest: string
}

const SAMPLES: ReadonlyArray<Sample> = [
  { label: "PNG", bytes: new Uint8Array(ONE_PIXEL_PNG), kind: "png", ext: ".png", honest: "image/png" },
  {
    label: "JPEG",
    bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]),
    kind: "jpeg",
    ext: ".jpg",
    honest: "image/jpeg",
  },
  { label: "GIF", bytes: text("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), kind: "gif", ext: ".gif", honest: "image/gif" },
  { label: "WEBP", bytes: text("RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00/\x00\x00\x00"), kind: "webp", ext: ".webp", honest: "image/webp" },
  { label: "PDF", bytes: text("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"), kind: "pdf", ext: ".pdf", honest: "application/pdf" },
  {
    label: "DOC",
    bytes: join(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), new Uint8Array(24)),
    kind: "doc",
    ext: ".doc",
    honest: "application/msword",
  },
  {
    label: "DOCX (zip)",
    bytes: join(text("PK\x03\x04\x14\x00\x00\x00\x08\x00"), text("[Content_Types].xml")),
    kind: "docx",
    ext: ".docx",
    honest: SERVED_TYPE.docx,
  },
  { label: "HTML named .png", bytes: text(`<!doctype html><html>${SCRIPT}</html>`), kind: null, ext: ".png", honest: "text/html" },
  { label: "SVG named .png", bytes: text(`<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`), kind: null, ext: ".png", honest: "image/svg+xml" },
  { label: "PNG signature + HTML", bytes: join(PNG_SIGNATURE, text(`<html>${SCRIPT}</html>`)), kind: "png", ext: ".png", honest: "image/png" },
  { label: "GIF header + JavaScript", bytes: text("GIF89a=1;window.__pwned=1;document.title='pwned';"), kind: "gif", ext: ".gif", honest: "image/gif" },
  {
    label: "JPEG signature + SVG",
    bytes: join(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), text(`<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`)),
    kind: "jpeg",
    ext: ".jpg",
    honest: "image/jpeg",
  },
  { label: "PDF header + HTML", bytes: text(`%PDF-1.4\n<html>${SCRIPT}</html>`), kind: "pdf", ext: ".pdf", honest: "application/pdf" },
]

/** What the attacker declares; `null` is no type at all, "honest" the sample's true one. */
const DECLARED: ReadonlyArray<string | null> = [
  "text/html",
  "text/javascript",
  "image/svg+xml",
  "application/xhtml+xml",
  "text/xml",
  "application/octet-stream",
  "honest",
  null,
]
const PROTOCOLS = ["multipart", "resumable"] as const

beforeAll(async () => {
  gw = await startTestGateway()
  token = await gw.signIn("patient@demo.sn")
  userId = (await idsOf(gw, "patient@demo.sn")).userId
})
afterAll(async () => {
  await gw?.stop()
})

const objectUrl = (name: string) => `/v0/b/${BUCKET}/o/${encodeURIComponent(name)}`
const firebase = () => ({ Authorization: `Firebase ${token}` })
const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("hex")

function nameOf(folder: Folder, sample: Sample): string {
  if (folder === "photo") return `profile-photos/user_${userId}${sample.ext}`
  return `medical-records/${userId}/${sample.label.replace(/\W+/g, "-").toLowerCase()}${sample.ext}`
}

/** Uploads one way or the other; the status of the call that stores (or refuses) the bytes. */
async function upload(protocol: (typeof PROTOCOLS)[number], name: string, bytes: Uint8Array, declared: string | undefined): Promise<number> {
  if (protocol === "multipart") {
    const { body, headers } = multipartBody(name, bytes, declared)
    return (await gw.call("POST", `/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`, { body, headers: { ...headers, ...firebase() } })).status
  }
  const start = await gw.call("POST", `/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`, {
    body: JSON.stringify(declared === undefined ? { name } : { name, contentType: declared }),
    headers: {
      ...firebase(),
      "Content-Type": "application/json",
      "X-Goog-Upload-Protocol": "resumable",
      "X-Goog-Upload-Command": "start",
      "X-Goog-Upload-Header-Content-Length": String(bytes.length),
      ...(declared === undefined ? {} : { "X-Goog-Upload-Header-Content-Type": declared }),
    },
  })
  if (start.status !== 200) return start.status
  const uploadUrl = new URL(start.headers.get("x-goog-upload-url")!)
  const last = await gw.call("POST", `${uploadUrl.pathname}${uploadUrl.search}`, {
    body: bytes,
    headers: { ...firebase(), "X-Goog-Upload-Command": "upload, finalize", "X-Goog-Upload-Offset": "0" },
  })
  if (last.status === 200) expect(last.headers.get("x-goog-upload-status")).toBe("final")
  return last.status
}

/** What a victim's browser gets from the download URL, checked header by header; the object JSON agrees. */
async function expectSafeDownload(name: string, folder: Folder, kind: Kind, bytes: Uint8Array, what: string) {
  const resource = await gw.call("GET", objectUrl(name), { headers: firebase() })
  expect(resource.status, what).toBe(200)
  const response = await gw.app.request(`${objectUrl(name)}?alt=media&token=${resource.body.downloadTokens}`)
  expect(response.status, what).toBe(200)
  const type = response.headers.get("content-type")
  expect(type, what).toBe(SERVED_TYPE[kind])
  expect(
    ALLOWED[folder].map((k) => SERVED_TYPE[k]),
    what,
  ).toContain(type)
  expect(resource.body.contentType, what).toBe(type)
  expect(response.headers.get("x-content-type-options"), what).toBe("nosniff")
  expect(response.headers.get("content-security-policy"), what).toBe("default-src 'none'; sandbox")
  expect(response.headers.get("cross-origin-resource-policy"), what).toBe("same-origin")
  const disposition = response.headers.get("content-disposition") ?? ""
  if (IMAGES.includes(kind)) expect(disposition, what).toBe("inline")
  else expect(disposition, what).toMatch(/^attachment; filename="[A-Za-z0-9._-]+"$/)
  expect(md5(new Uint8Array(await response.arrayBuffer())), what).toBe(md5(bytes))
}

/** A refused upload is a client error, and whatever is stored under the name is not these bytes. */
async function expectRefused(status: number, name: string, bytes: Uint8Array, what: string) {
  expect(status, what).toBeGreaterThanOrEqual(400)
  expect(status, what).toBeLessThan(500)
  const resource = await gw.call("GET", objectUrl(name), { headers: firebase() })
  if (resource.status === 200) expect(resource.body.md5Hash, what).not.toBe(createHash("md5").update(bytes).digest("base64"))
  else expect(resource.status, what).toBe(404)
}

describe("uploads: the served type comes from the bytes and the folder, never from the client", () => {
  for (const folder of ["photo", "record"] as const) {
    for (const sample of SAMPLES) {
      const accepted = sample.kind !== null && ALLOWED[folder].includes(sample.kind)
      it(`${folder}: ${sample.label} is ${accepted ? `served as ${SERVED_TYPE[sample.kind]}` : "refused"}, whatever is declared, by either protocol`, async () => {
        const name = nameOf(folder, sample)
        for (const protocol of PROTOCOLS) {
          for (const declaredRaw of DECLARED) {
            const declared = declaredRaw === "honest" ? sample.honest : (declaredRaw ?? undefined)
            const what = `${folder} ${sample.label} ${protocol} declared ${declared ?? "nothing"}`
            const status = await upload(protocol, name, sample.bytes, declared)
            if (accepted) {
              expect(status, what).toBe(200)
              await expectSafeDownload(name, folder, sample.kind, sample.bytes, what)
            } else {
              await expectRefused(status, name, sample.bytes, what)
            }
          }
        }
      })
    }
  }
})

describe("metadata updates: a PATCH never changes the type", () => {
  for (const folder of ["photo", "record"] as const) {
    for (const sample of SAMPLES.filter((s) => s.kind !== null && ALLOWED[folder].includes(s.kind))) {
      it(`${folder}: ${sample.label} stays ${SERVED_TYPE[sample.kind!]}; custom metadata still changes`, async () => {
        const name = nameOf(folder, sample)
        expect(await upload("multipart", name, sample.bytes, sample.honest)).toBe(200)
        for (const declared of DECLARED.filter((d): d is string => d !== null && d !== "honest")) {
          const what = `${folder} ${sample.label} PATCH ${declared}`
          const patched = await gw.call("PATCH", objectUrl(name), { body: { contentType: declared, metadata: { note: declared } }, headers: firebase() })
          expect(patched.status, what).toBe(200)
          expect(patched.body.contentType, what).toBe(SERVED_TYPE[sample.kind!])
          expect(patched.body.metadata, what).toEqual({ note: declared })
          await expectSafeDownload(name, folder, sample.kind!, sample.bytes, what)
        }
      })
    }
  }
})

describe("objects stored before this fix, with the declared type in their row", () => {
  it("are served, and described, with the type of their bytes", async () => {
    const polyglot = SAMPLES.find((s) => s.label === "PNG signature + HTML")!
    const name = `profile-photos/user_${userId}.png`
    expect(await upload("multipart", name, polyglot.bytes, "image/png")).toBe(200)
    await gw.db.update(storageObjects).set({ contentType: "text/html" }).where(eq(storageObjects.name, name))
    await expectSafeDownload(name, "photo", "png", polyglot.bytes, "a row saying text/html")
  })
})

describe("download answers", () => {
  it("give a record a safe file name in its attachment header, whatever the object is called", async () => {
    const name = `medical-records/${userId}/a"b;c\\d\r\n<e>é.pdf`
    const { body, headers } = multipartBody(name, text("%PDF-1.7\n"), "text/html")
    expect((await gw.call("POST", `/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`, { body, headers: { ...headers, ...firebase() } })).status).toBe(200)
    const resource = await gw.call("GET", objectUrl(name), { headers: firebase() })
    const response = await gw.app.request(`${objectUrl(name)}?alt=media&token=${resource.body.downloadTokens}`)
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="a_b_c_d_e_.pdf"')
    expect(response.headers.get("content-type")).toBe("application/pdf")
  })

  it("keep the app's own CSP on every other storage answer (metadata, listings, refusals)", async () => {
    for (const path of [objectUrl(`medical-records/${userId}/pdf.pdf`), `/v0/b/${BUCKET}/o?prefix=${encodeURIComponent(`medical-records/${userId}/`)}`]) {
      const response = await gw.call("GET", path, { headers: firebase() })
      expect(response.headers.get("content-security-policy")).toContain("script-src 'self'")
    }
    const refused = await gw.app.request(`${objectUrl(`medical-records/${userId}/pdf.pdf`)}?alt=media&token=wrong`)
    expect(refused.status).toBe(403)
    expect(refused.headers.get("content-security-policy")).toContain("script-src 'self'")
  })
})
