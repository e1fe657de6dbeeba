import { Hono } from "hono"
import { gunzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { acceptsGzip, COMPRESS_THRESHOLD_BYTES, compressAnswers } from "./compressAnswers.ts"

describe("acceptsGzip", () => {
  it("takes gzip named with a weight above 0, or through a star when gzip is not named", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true)
    expect(acceptsGzip("br;q=1.0, GZIP;q=0.5")).toBe(true)
    expect(acceptsGzip("*")).toBe(true)
    expect(acceptsGzip(undefined)).toBe(false)
    expect(acceptsGzip("")).toBe(false)
    expect(acceptsGzip("identity")).toBe(false)
    expect(acceptsGzip("br")).toBe(false)
    expect(acceptsGzip("gzip;q=0")).toBe(false)
    expect(acceptsGzip("gzip;q=0, *")).toBe(false)
    expect(acceptsGzip("*;q=0")).toBe(false)
  })
})

describe("compressAnswers on a bare app", () => {
  const big = JSON.stringify({ words: "appointment ".repeat(200) })
  const app = new Hono()
  app.use("*", compressAnswers())
  app.get("/big", (c) => c.body(big, 200, { "Content-Type": "application/json" }))
  app.get("/small", (c) => c.json({ ok: true }))
  app.get("/picture", (c) => c.body(new Uint8Array(4096), 200, { "Content-Type": "image/png" }))
  app.get("/kept", (c) => c.body(big, 200, { "Content-Type": "application/json", "Cache-Control": "private, no-transform" }))
  app.get("/varied", (c) => c.body(big, 200, { "Content-Type": "application/json", Vary: "Authorization" }))
  app.get("/varied-already", (c) => c.body(big, 200, { "Content-Type": "application/json", Vary: "accept-encoding" }))
  app.get("/sized", (c) => c.body(big, 200, { "Content-Type": "application/json", "Content-Length": String(big.length) }))
  const get = (path: string, encoding?: string) => app.request(path, { headers: encoding ? { "Accept-Encoding": encoding } : {} })

  it("gzips a large JSON answer whole, with no stale length, and says it varies on the encoding", async () => {
    expect(big.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES)
    const response = await get("/big", "gzip, deflate")
    expect(response.headers.get("Content-Encoding")).toBe("gzip")
    expect(response.headers.get("Vary")).toBe("Accept-Encoding")
    const bytes = Buffer.from(await response.arrayBuffer())
    const length = response.headers.get("Content-Length")
    if (length !== null) expect(Number(length)).toBe(bytes.length)
    expect(bytes.length).toBeLessThan(big.length / 4)
    expect(gunzipSync(bytes).toString()).toBe(big)
  })

  it("leaves the answer as it is for a client that does not take gzip, still varying on the encoding", async () => {
    for (const encoding of [undefined, "br", "gzip;q=0"]) {
      const response = await get("/big", encoding)
      expect(response.headers.get("Content-Encoding"), encoding).toBeNull()
      expect(response.headers.get("Vary")).toBe("Accept-Encoding")
      expect(await response.text()).toBe(big)
    }
  })

  it("sends small answers, pictures and no-transform answers as they are", async () => {
    const small = await get("/small", "gzip")
    expect(small.headers.get("Content-Encoding")).toBeNull()
    expect(await small.json()).toEqual({ ok: true })
    const picture = await get("/picture", "gzip")
    expect(picture.headers.get("Content-Encoding")).toBeNull()
    expect((await picture.arrayBuffer()).byteLength).toBe(4096)
    const kept = await get("/kept", "gzip")
    expect(kept.headers.get("Content-Encoding")).toBeNull()
    expect(await kept.text()).toBe(big)
  })

  it("adds the encoding to a Vary the answer already had, once", async () => {
    const response = await get("/varied", "gzip")
    expect(response.headers.get("Vary")).toBe("Authorization, Accept-Encoding")
    expect(response.headers.get("Content-Encoding")).toBe("gzip")
    expect((await get("/varied-already", "gzip")).headers.get("Vary")).toBe("accept-encoding")
  })

  it("drops the length a handler gave its unencoded answer", async () => {
    const response = await get("/sized", "gzip")
    expect(response.headers.get("Content-Encoding")).toBe("gzip")
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(response.headers.get("Content-Length") ?? String(bytes.length)).toBe(String(bytes.length))
    expect(gunzipSync(bytes).toString()).toBe(big)
  })
})

describe("the gateway's answers", () => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await startTestGateway({ readCacheMs: 60_000 })
  })
  afterAll(() => gw?.stop())

  const search = (encoding?: string) =>
    gw.app.request("/api/v1/doctors/search", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(encoding ? { "Accept-Encoding": encoding } : {}) },
      body: JSON.stringify({ paginationSettings: { offset: 0, limit: 10 } }),
    })

  it("come gzipped to a browser, and read the same as unencoded", async () => {
    const plain = await search()
    expect(plain.status).toBe(200)
    expect(plain.headers.get("Content-Encoding")).toBeNull()
    const text = await plain.text()
    expect(JSON.parse(text).data).toHaveLength(10)

    const zipped = await search("gzip, deflate, br, zstd")
    expect(zipped.status).toBe(200)
    expect(zipped.headers.get("Content-Encoding")).toBe("gzip")
    expect(zipped.headers.get("Content-Type")).toMatch(/^application\/json/)
    const bytes = Buffer.from(await zipped.arrayBuffer())
    expect(gunzipSync(bytes).toString()).toBe(text)
    // A cached read's gzip: the same bytes again, and the answer still says it varies on the encoding.
    const again = await search("gzip")
    expect(again.headers.get("Content-Encoding")).toBe("gzip")
    expect(again.headers.get("Vary")).toBe("Accept-Encoding")
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true)
    expect((await search("br")).headers.get("Content-Encoding")).toBeNull()
  })
})
