import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { httpSmsSender, localSmsSink, smsSender } from "./sms.ts"

describe("SMS adapter", () => {
  it("POSTs {to, text} as JSON with the key as a bearer token to the provider", async () => {
    const calls: Array<{ url: string; init: RequestInit }> = []
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init })
      return new Response(null, { status: 202 })
    }) as unknown as typeof fetch
    await httpSmsSender("https://sms.example/v1/send", "k-123", fakeFetch)({ to: "+221770000001", text: "Promed: rappel" })
    expect(calls).toHaveLength(1)
    expect(calls[0]!.url).toBe("https://sms.example/v1/send")
    expect(calls[0]!.init.method).toBe("POST")
    expect(new Headers(calls[0]!.init.headers).get("authorization")).toBe("Bearer k-123")
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ to: "+221770000001", text: "Promed: rappel" })
  })

  it("fails on a refusal, naming the status only", async () => {
    const refusing = (async () => new Response("number +221770000001 blocked", { status: 503 })) as unknown as typeof fetch
    await expect(httpSmsSender("https://sms.example", "k", refusing)({ to: "+221770000001", text: "x" })).rejects.toThrow(/^SMS provider answered 503$/)
  })

  it("without a provider, writes each SMS as a JSON line under DATA_DIR/sms", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "promed-sms-"))
    try {
      const send = smsSender({ smsProviderUrl: undefined, smsApiKey: "", dataDir })
      await send({ to: "+23566000000", text: "one" })
      await localSmsSink(path.join(dataDir, "sms"))({ to: "+23566000000", text: "two" })
      const lines = readFileSync(path.join(dataDir, "sms", "outbox.jsonl"), "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l))
      expect(lines.map((l) => l.text)).toEqual(["one", "two"])
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
