import { existsSync, mkdtempSync, rmSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { ObjectFiles } from "./objects.ts"
import { ResumableUploads, UPLOAD_TTL_MS } from "./uploads.ts"

const root = mkdtempSync(path.join(os.tmpdir(), "promed-uploads-"))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe("resumable upload sessions", () => {
  it("expire after an hour without a chunk, and their bytes are removed", async () => {
    let now = 1_000_000
    const uploads = new ResumableUploads(new ObjectFiles(root), UPLOAD_TTL_MS, () => now)
    const session = await uploads.start({ bucket: "b", name: "n", userId: "u", total: 10, contentType: "application/pdf", customMetadata: {} })
    await uploads.append(session, new Uint8Array([1, 2, 3]))
    expect(existsSync(session.file)).toBe(true)
    now += UPLOAD_TTL_MS - 1
    expect(await uploads.get(session.id)).toBe(session)
    await uploads.append(session, new Uint8Array([4]))
    now += UPLOAD_TTL_MS + 1
    expect(await uploads.get(session.id)).toBeUndefined()
    expect(existsSync(session.file)).toBe(false)
    expect(uploads.size).toBe(0)
  })

  it("keeps the first bytes for the type check and counts what arrived", async () => {
    const uploads = new ResumableUploads(new ObjectFiles(root))
    const session = await uploads.start({ bucket: "b", name: "n", userId: "u", total: 40, contentType: "application/pdf", customMetadata: {} })
    await uploads.append(session, new Uint8Array(Buffer.from("%PDF")))
    await uploads.append(session, new Uint8Array(Buffer.from("-1.7 and more than sixteen bytes")))
    expect(Buffer.from(session.head).toString()).toBe("%PDF-1.7 and mor")
    expect(session.received).toBe(36)
  })
})
