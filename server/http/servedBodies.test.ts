import { connect, type AddressInfo } from "node:net"
import { request as httpRequest } from "node:http"
import { serve, type ServerType } from "@hono/node-server"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MAX_JSON_BYTES } from "../app.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"

// Bodies as Node serves them: with their length given, the body limit reads the length alone
// (server/app.ts) and @hono/node-server reads the body off Node's stream, never building a web
// Request; the in-process calls of the other suites never reach that path.
let gw: TestGateway
let server: ServerType
let port: number

beforeAll(async () => {
  gw = await startTestGateway({ readCacheMs: 0 })
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: gw.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s))
  })
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve))
  await gw?.stop()
})

/** POSTs `parts` one write each (a body in pieces), with a length or chunked. */
function post(path: string, parts: ReadonlyArray<Buffer>, { chunked = false, length }: { chunked?: boolean; length?: number } = {}) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const total = parts.reduce((sum, part) => sum + part.length, 0)
    const headers: Record<string, string> = { "content-type": "application/json" }
    if (!chunked) headers["content-length"] = String(length ?? total)
    const req = httpRequest({ host: "127.0.0.1", port, path, method: "POST", headers }, (res) => {
      const chunks: Buffer[] = []
      res.on("data", (chunk: Buffer) => chunks.push(chunk))
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8")
        resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined })
      })
    })
    req.on("error", reject)
    // Apart in time, so that the server reads them as two chunks.
    void (async () => {
      for (const [i, part] of parts.entries()) {
        if (i > 0) await new Promise((next) => setTimeout(next, 50))
        req.write(part)
      }
      req.end()
    })()
  })
}

/** What the server answers `text` sent as it is, up to the end of the answer's first body (or the socket's close). */
function rawAnswer(text: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(text))
    let answer = ""
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("utf8")
      if (answer.includes("}")) socket.destroy()
    })
    socket.on("close", () => resolve(answer))
    socket.on("error", reject)
  })
}

const search = (keyword: string) => ({ paginationSettings: { offset: 0, limit: 5 }, query: { keyword } })
const pieces = (text: string, at: number) => {
  const bytes = Buffer.from(text, "utf8")
  return [bytes.subarray(0, at), bytes.subarray(at)]
}

describe("a JSON body as Node serves it", () => {
  it("is the body sent, in pieces, a character split between two of them included", async () => {
    const text = JSON.stringify(search("Ndiaye é"))
    const split = Buffer.from(text, "utf8").indexOf(0xc3) + 1 // between the two bytes of "é"
    const sent = await post("/api/v1/doctors/search", pieces(text, split))
    const inProcess = await gw.api("POST", "/doctors/search", { body: search("Ndiaye é") })
    expect(sent.status).toBe(200)
    expect(sent.body).toEqual(inProcess.body)
  })

  it("reads as the in-process body does: a byte order mark dropped, chunked bodies through the limit", async () => {
    const text = JSON.stringify(search("Ndiaye"))
    const expected = (await gw.api("POST", "/doctors/search", { body: search("Ndiaye") })).body
    expect((await post("/api/v1/doctors/search", [Buffer.from(`\ufeff${text}`, "utf8")])).body).toEqual(expected)
    const chunked = await post("/api/v1/doctors/search", pieces(text, 7), { chunked: true })
    expect(chunked).toEqual({ status: 200, body: expected })
  })

  it("refuses a chunked body, which gives no length, with 413 once it grows one byte past the limit", async () => {
    const text = JSON.stringify(search("Ndiaye"))
    // Valid JSON all along (spaces after it): only its size can be refused.
    const atLimit = Buffer.from(text.padEnd(MAX_JSON_BYTES, " "), "utf8")
    expect((await post("/api/v1/doctors/search", [atLimit.subarray(0, 1000), atLimit.subarray(1000)], { chunked: true })).status).toBe(200)
    const over = await post("/api/v1/doctors/search", [atLimit, Buffer.from(" ")], { chunked: true })
    expect(over).toEqual({ status: 413, body: { code: "INVALID_PAYLOAD", message: "The body is too large" } })
  })

  it("refuses a length over the limit before reading, and what is not JSON, as the in-process calls do", async () => {
    // Only two bytes of it sent, on a socket of our own (Node's client would wait for the rest): the answer comes without them.
    const big = await rawAnswer(
      `POST /api/v1/doctors/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${MAX_JSON_BYTES + 1}\r\n\r\n{}`,
    )
    expect(big).toMatch(/^HTTP\/1\.1 413 /)
    expect(big).toContain('{"code":"INVALID_PAYLOAD","message":"The body is too large"}')
    const notJson = await post("/api/v1/doctors/search", [Buffer.from("{not json")])
    expect(notJson).toEqual({ status: 400, body: { code: "INVALID_PAYLOAD", message: "The body must be JSON" } })
  })
})
