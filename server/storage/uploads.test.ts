import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterAll, describe, expect, it, vi } from "vitest"
import { ObjectFiles } from "./objects.ts"
import { ResumableUploads, SWEEP_EVERY_MS, UPLOAD_TTL_MS } from "./uploads.ts"

const root = mkdtempSync(path.join(os.tmpdir(), "promed-uploads-"))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const init = (total = 10, userId = "u") => ({ bucket: "b", name: "n", userId, total, customMetadata: {} })

describe("resumable upload sessions", () => {
  it("expire after ten minutes without a request, and their bytes are removed", async () => {
    let now = 1_000_000
    const uploads = new ResumableUploads(new ObjectFiles(root), UPLOAD_TTL_MS, () => now)
    expect(UPLOAD_TTL_MS).toBe(10 * 60_000)
    const session = await uploads.start(init())
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

  it("stay alive through a slow upload: every chunk or query starts the time again, and a chunk being received is never dropped", async () => {
    let now = 0
    const uploads = new ResumableUploads(new ObjectFiles(root), UPLOAD_TTL_MS, () => now)
    const session = await uploads.start(init(10 * 1024 * 1024))
    // Forty 256 KiB chunks nine minutes apart: an hour and a half in all, never idle for ten minutes.
    for (let i = 0; i < 40; i++) {
      now += 9 * 60_000
      expect(await uploads.get(session.id), `chunk ${i}`).toBe(session)
      await uploads.append(session, new Uint8Array(256 * 1024))
    }
    now += 9 * 60_000
    uploads.touch(session)
    now += 9 * 60_000
    expect(await uploads.get(session.id)).toBe(session)
    // A chunk still arriving after the time to live (4 MiB on slow 3G) keeps its session.
    session.busy = true
    now += UPLOAD_TTL_MS * 2
    await uploads.sweep()
    expect(await uploads.get(session.id)).toBe(session)
    session.busy = false
    await uploads.sweep()
    expect(await uploads.get(session.id)).toBeUndefined()
  })

  it("keeps the first bytes for the type check and counts what arrived", async () => {
    const uploads = new ResumableUploads(new ObjectFiles(root))
    const session = await uploads.start(init(40))
    await uploads.append(session, new Uint8Array(Buffer.from("%PDF")))
    await uploads.append(session, new Uint8Array(Buffer.from("-1.7 and more than sixteen bytes")))
    expect(Buffer.from(session.head).toString()).toBe("%PDF-1.7 and mor")
    expect(session.received).toBe(36)
  })

  it("counts each user's uploads under way, sessions and reserved places, with the bytes they announced", async () => {
    const uploads = new ResumableUploads(new ObjectFiles(root))
    await uploads.start(init(1000, "a"))
    const second = await uploads.start(init(500, "a"))
    await uploads.start(init(7, "b"))
    const place = uploads.reserve("a", 300)
    expect(uploads.pendingOf("a")).toEqual({ count: 3, bytes: 1800 })
    expect(uploads.pendingOf("b")).toEqual({ count: 1, bytes: 7 })
    // Full: three under way.
    expect(uploads.reserve("a", 1)).toEqual({ refusal: expect.stringMatching(/3 uploads/) })
    if ("release" in place) place.release()
    await uploads.drop(second)
    expect(uploads.pendingOf("a")).toEqual({ count: 1, bytes: 1000 })
    expect(uploads.pendingOf("c")).toEqual({ count: 0, bytes: 0 })
    const quota = { pendingUploads: 3, pendingBytes: 1500, storedObjects: 1, storedBytes: 1 }
    expect(uploads.reserve("a", 501, quota)).toEqual({ refusal: expect.stringMatching(/1500 bytes/) })
    expect(uploads.reserve("a", 500, quota)).toHaveProperty("release")
  })

  it("are swept on a timer that does not keep the process alive, old orphan files included", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] })
    try {
      let now = Date.now()
      const files = new ObjectFiles(mkdtempSync(path.join(root, "sweep-")))
      const uploads = new ResumableUploads(files, UPLOAD_TTL_MS, () => now)
      const session = await uploads.start(init())
      const stop = uploads.startSweeping()
      expect(vi.getTimerCount()).toBe(1)
      now += UPLOAD_TTL_MS + 1
      // Files no session knows: one older than the time to live (by the same clock), one younger.
      const orphan = files.uploadPath("left-by-a-stopped-process")
      const young = files.uploadPath("still-young")
      for (const [file, age] of [
        [orphan, UPLOAD_TTL_MS + 60_000],
        [young, 60_000],
      ] as const) {
        writeFileSync(file, "x")
        utimesSync(file, (now - age) / 1000, (now - age) / 1000)
      }
      await vi.advanceTimersByTimeAsync(SWEEP_EVERY_MS)
      await vi.waitFor(() => expect(existsSync(orphan)).toBe(false))
      expect(uploads.size).toBe(0)
      expect(existsSync(session.file)).toBe(false)
      expect(existsSync(young)).toBe(true)
      stop()
      expect(vi.getTimerCount()).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })
})
