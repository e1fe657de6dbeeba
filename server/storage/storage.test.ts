import { createHash, randomBytes } from "node:crypto"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import { serve, type ServerType } from "@hono/node-server"
import { deleteApp, initializeApp, type FirebaseApp } from "firebase/app"
import {
  connectStorageEmulator,
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  getStorage,
  list,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
  type FirebaseStorage,
} from "firebase/storage"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createApp } from "../app.ts"
import { loadConfig } from "../config.ts"
import { idsOf } from "../routes/testing/appointmentFixtures.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"

let gw: TestGateway
let server: ServerType
let base: string
let dataDir: string
const config = { ...loadConfig({}), logRequests: false, staticDir: "/nonexistent" }
const bucket = config.storageBucket
const apps: FirebaseApp[] = []
let me: { userId: string; token: string; storage: FirebaseStorage }
let other: { userId: string; token: string; storage: FirebaseStorage }

/** A client of the web SDK pointed at our server, signed in with a session token. */
function sdkFor(token: string, port: number): FirebaseStorage {
  const app = initializeApp({ apiKey: "test", projectId: "promed-test", storageBucket: bucket }, `app-${apps.length}`)
  apps.push(app)
  const storage = getStorage(app)
  connectStorageEmulator(storage, "127.0.0.1", port, { mockUserToken: token })
  return storage
}

const PNG = (size: number) => {
  const bytes = randomBytes(size)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return new Uint8Array(bytes)
}
const PDF = (size: number) => {
  const bytes = randomBytes(size)
  bytes.set(Buffer.from("%PDF-1.7\n"))
  return new Uint8Array(bytes)
}
const md5 = (bytes: Uint8Array | ArrayBuffer) => createHash("md5").update(new Uint8Array(bytes)).digest("hex")

beforeAll(async () => {
  gw = await startTestGateway()
  dataDir = mkdtempSync(path.join(os.tmpdir(), "promed-storage-"))
  // The SDK is served at http://127.0.0.1:<port>: that is the site's origin (PUBLIC_ORIGIN), on which the upload URLs are built.
  const served: { app?: ReturnType<typeof createApp> } = {}
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: (request) => served.app!.fetch(request), port: 0, hostname: "127.0.0.1" }, () => resolve(s))
  })
  const port = (server.address() as AddressInfo).port
  served.app = createApp({ db: gw.db, config: { ...config, dataDir, publicOrigin: `http://127.0.0.1:${port}` } })
  base = `http://127.0.0.1:${port}/v0/b/${bucket}/o`
  const [a, b] = await Promise.all([idsOf(gw, "patient@demo.sn"), idsOf(gw, "patient2@demo.sn")])
  const [ta, tb] = await Promise.all([gw.signIn("patient@demo.sn"), gw.signIn("patient2@demo.sn")])
  me = { userId: a.userId, token: ta, storage: sdkFor(ta, port) }
  other = { userId: b.userId, token: tb, storage: sdkFor(tb, port) }
})
afterAll(async () => {
  await Promise.all(apps.map((a) => deleteApp(a)))
  await new Promise((resolve) => server?.close(resolve))
  await gw?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

const photoPath = (userId: string, ext = ".png") => `profile-photos/user_${userId}${ext}`
const recordPath = (userId: string, file = "abc_bilan.pdf") => `medical-records/${userId}/${file}`
const codeOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (e: { code?: string }) => e.code,
  )

describe("the web SDK against the storage surface", () => {
  it("uploads a small photo (multipart), reads its metadata and downloads it by URL without signing in", async () => {
    const bytes = PNG(40_000)
    const photo = ref(me.storage, photoPath(me.userId))
    const result = await uploadBytes(photo, bytes, { contentType: "image/png", customMetadata: { source: "test" } })
    expect(result.metadata).toMatchObject({ fullPath: photoPath(me.userId), size: 40_000, contentType: "image/png" })
    const metadata = await getMetadata(photo)
    expect(metadata.customMetadata).toEqual({ source: "test" })
    expect(metadata.md5Hash).toBe(createHash("md5").update(bytes).digest("base64"))
    const url = await getDownloadURL(photo)
    expect(url).toContain("alt=media&token=")
    const response = await fetch(url)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("image/png")
    expect(md5(await response.arrayBuffer())).toBe(md5(bytes))
  })

  it("uploads a 2 MB PDF in resumable chunks, with progress, byte for byte", async () => {
    const bytes = PDF(2 * 1024 * 1024)
    const task = uploadBytesResumable(ref(me.storage, recordPath(me.userId)), bytes, { contentType: "application/pdf" })
    const progress: number[] = []
    task.on("state_changed", (s) => progress.push(s.bytesTransferred))
    const snapshot = await task
    expect(snapshot.totalBytes).toBe(bytes.length)
    expect(progress.length).toBeGreaterThan(2)
    expect(progress.at(-1)).toBe(bytes.length)
    expect(md5(await getBytes(snapshot.ref))).toBe(md5(bytes))
  })

  it("pauses and resumes a resumable upload, and the file arrives whole", async () => {
    const bytes = PDF(1536 * 1024)
    const task = uploadBytesResumable(ref(me.storage, recordPath(me.userId, "def_scan.pdf")), bytes, { contentType: "application/pdf" })
    const states: string[] = []
    let paused = false
    await new Promise<void>((resolve, reject) => {
      task.on(
        "state_changed",
        (s) => {
          states.push(s.state)
          if (!paused && s.bytesTransferred > 0) {
            paused = true
            task.pause()
            setTimeout(() => task.resume(), 300)
          }
        },
        reject,
        resolve,
      )
    })
    expect(states).toContain("paused")
    expect(states.lastIndexOf("running")).toBeGreaterThan(states.indexOf("paused"))
    expect(md5(await getBytes(task.snapshot.ref))).toBe(md5(bytes))
  })

  it("lists only the caller's own photos and records, page by page", async () => {
    await uploadBytes(ref(other.storage, photoPath(other.userId, ".jpg")), new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), { contentType: "image/jpeg" })
    const photos = await list(ref(me.storage, "profile-photos"))
    expect(photos.items.map((i) => i.fullPath)).toEqual([photoPath(me.userId)])
    const first = await list(ref(me.storage, `medical-records/${me.userId}`), { maxResults: 1 })
    expect(first.items).toHaveLength(1)
    expect(first.nextPageToken).toBeTruthy()
    const second = await list(ref(me.storage, `medical-records/${me.userId}`), { maxResults: 1, pageToken: first.nextPageToken! })
    expect(second.items).toHaveLength(1)
    expect(second.items[0]!.fullPath).not.toBe(first.items[0]!.fullPath)
    expect(await codeOf(list(ref(me.storage, `medical-records/${other.userId}`)))).toBe("storage/unauthorized")
    expect(await codeOf(list(ref(me.storage, "")))).toBe("storage/unauthorized")
  })

  it("updates custom metadata and deletes an object, which is then not found", async () => {
    const path_ = photoPath(me.userId, ".gif")
    await uploadBytes(ref(me.storage, path_), new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0]), { contentType: "image/gif" })
    const updated = await updateMetadata(ref(me.storage, path_), { customMetadata: { caption: "moi" } })
    expect(updated.customMetadata).toEqual({ caption: "moi" })
    await deleteObject(ref(me.storage, path_))
    expect(await codeOf(getMetadata(ref(me.storage, path_)))).toBe("storage/object-not-found")
    expect(await codeOf(deleteObject(ref(me.storage, path_)))).toBe("storage/object-not-found")
  })

  it("serves what the bytes are, whatever the SDK declared, and updateMetadata cannot change it", async () => {
    const path_ = photoPath(me.userId, ".webp")
    const webp = new Uint8Array(Buffer.from("RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00/\x00\x00\x00<html><script>x()</script>", "latin1"))
    const result = await uploadBytes(ref(me.storage, path_), webp, { contentType: "text/html" })
    expect(result.metadata.contentType).toBe("image/webp")
    const updated = await updateMetadata(ref(me.storage, path_), { contentType: "image/svg+xml", customMetadata: { caption: "moi" } })
    expect(updated.contentType).toBe("image/webp")
    expect(updated.customMetadata).toEqual({ caption: "moi" })
    const response = await fetch(await getDownloadURL(ref(me.storage, path_)))
    expect(response.headers.get("content-type")).toBe("image/webp")
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox")
    expect(response.headers.get("x-content-type-options")).toBe("nosniff")
    await deleteObject(ref(me.storage, path_))
  })

  it("reports a full quota as storage/quota-exceeded, at once (the SDK retries 429s, not this)", async () => {
    const { token, storage } = other
    const names = ["q1.pdf", "q2.pdf", "q3.pdf"].map((file) => recordPath(other.userId, file))
    for (const name of names) expect((await start(name, 1000, token)).status).toBe(200)
    const began = Date.now()
    expect(await codeOf(uploadBytesResumable(ref(storage, recordPath(other.userId, "q4.pdf")), PDF(1000)) as unknown as Promise<unknown>)).toBe(
      "storage/quota-exceeded",
    )
    expect(await codeOf(uploadBytes(ref(storage, recordPath(other.userId, "q5.pdf")), PDF(1000)))).toBe("storage/quota-exceeded")
    expect(Date.now() - began).toBeLessThan(2000)
  })

  it("keeps every user to their own paths: no writing, reading metadata or deleting someone else's", async () => {
    expect(await codeOf(uploadBytes(ref(me.storage, photoPath(other.userId)), PNG(100)))).toBe("storage/unauthorized")
    expect(await codeOf(uploadBytes(ref(me.storage, recordPath(other.userId)), PDF(100)))).toBe("storage/unauthorized")
    expect(await codeOf(uploadBytes(ref(me.storage, "somewhere/else.png"), PNG(100)))).toBe("storage/unauthorized")
    expect(await codeOf(getMetadata(ref(me.storage, photoPath(other.userId, ".jpg"))))).toBe("storage/unauthorized")
    expect(await codeOf(deleteObject(ref(me.storage, photoPath(other.userId, ".jpg"))))).toBe("storage/unauthorized")
    expect(await codeOf(getMetadata(ref(other.storage, photoPath(other.userId, ".jpg"))))).toBe("ok")
  })

  it("checks the bytes, not the name: a PNG named .pdf and a PDF named .png are refused", async () => {
    expect(await codeOf(uploadBytes(ref(me.storage, recordPath(me.userId, "fake.pdf")), PNG(1000)))).not.toBe("ok")
    expect(await codeOf(uploadBytes(ref(me.storage, photoPath(me.userId)), PDF(1000)))).not.toBe("ok")
    expect(await codeOf(uploadBytesResumable(ref(me.storage, recordPath(me.userId, "big-fake.pdf")), PNG(600 * 1024)) as unknown as Promise<unknown>)).not.toBe(
      "ok",
    )
    expect(await codeOf(getMetadata(ref(me.storage, recordPath(me.userId, "big-fake.pdf"))))).toBe("storage/object-not-found")
  })
})

/** Raw calls, for what the SDK never does on its own. */
async function start(name: string, total: number, token = me.token, type = "application/pdf") {
  return fetch(`${base}?name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: {
      Authorization: `Firebase ${token}`,
      "X-Goog-Upload-Protocol": "resumable",
      "X-Goog-Upload-Command": "start",
      "X-Goog-Upload-Header-Content-Length": String(total),
      "X-Goog-Upload-Header-Content-Type": type,
      "Content-Type": "application/json",
    },
    body: JSON.stringify({ name, contentType: type }),
  })
}
const chunk = (url: string, command: string, offset: number, body: Uint8Array | null, token = me.token) =>
  fetch(url, {
    method: "POST",
    headers: { Authorization: `Firebase ${token}`, "X-Goog-Upload-Command": command, "X-Goog-Upload-Offset": String(offset) },
    ...(body ? { body: Buffer.from(body) } : {}),
  })

describe("the resumable protocol, checked on the server", () => {
  it("refuses sizes over the limits before any byte: 3 MB photos, 10 MB records", async () => {
    expect((await start(photoPath(me.userId), 3 * 1024 * 1024 + 1, me.token, "image/png")).status).toBe(413)
    expect((await start(recordPath(me.userId, "huge.pdf"), 10 * 1024 * 1024 + 1)).status).toBe(413)
    expect((await start(recordPath(me.userId, "ok.pdf"), 10 * 1024 * 1024)).status).toBe(200)
  })

  it("checks offsets, never answers final before every byte, and refuses more bytes than announced", async () => {
    const bytes = PDF(300_000)
    const started = await start(recordPath(me.userId, "proto.pdf"), bytes.length)
    expect(started.headers.get("x-goog-upload-status")).toBe("active")
    const url = started.headers.get("x-goog-upload-url")!
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v0\/b\//)

    const wrongOffset = await chunk(url, "upload", 10, bytes.subarray(0, 100))
    expect(wrongOffset.status).toBe(400)
    const firstPart = await chunk(url, "upload", 0, bytes.subarray(0, 262_144))
    expect(firstPart.headers.get("x-goog-upload-status")).toBe("active")
    const early = await chunk(url, "finalize", 262_144, null)
    expect(early.status).toBe(400)
    expect(early.headers.get("x-goog-upload-status")).toBe("active")
    const query = await chunk(url, "query", 0, null)
    expect(query.headers.get("x-goog-upload-size-received")).toBe("262144")
    expect((await chunk(url, "upload", 262_144, bytes.subarray(262_144), other.token)).status).toBe(403)
    const last = await chunk(url, "upload, finalize", 262_144, bytes.subarray(262_144))
    expect(last.status).toBe(200)
    expect(last.headers.get("x-goog-upload-status")).toBe("final")
    expect((await last.json()).size).toBe(String(bytes.length))

    const over = await start(recordPath(me.userId, "over.pdf"), 1000)
    const tooMuch = await chunk(over.headers.get("x-goog-upload-url")!, "upload, finalize", 0, PDF(2000))
    expect(tooMuch.status).toBe(413)
  })

  it("answers 401 without a session and 403 for a download with a wrong token", async () => {
    const anonymous = await fetch(`${base}?name=${encodeURIComponent(photoPath(me.userId))}`, {
      method: "POST",
      headers: { "X-Goog-Upload-Protocol": "multipart" },
    })
    expect(anonymous.status).toBe(401)
    const object = `${base}/${encodeURIComponent(photoPath(me.userId))}`
    expect((await fetch(`${object}?alt=media&token=wrong`)).status).toBe(403)
    expect((await fetch(`${object}?alt=media`)).status).toBe(403)
    expect((await fetch(object)).status).toBe(401)
    expect((await fetch(`http://127.0.0.1:${new URL(base).port}/v0/b/other-bucket/o`)).status).toBe(404)
  })

  it("keeps the bytes under the data folder", () => {
    expect(existsSync(path.join(dataDir, "storage", "objects"))).toBe(true)
  })
})
