import autocannon from "autocannon"
import { percentile } from "./report.ts"

export interface LoadRequest {
  method: "GET" | "POST"
  path: string
  body?: unknown
}

export interface LoadResult {
  name: string
  connections: number
  requests: number
  rps: number
  p50: number
  p95: number
  p99: number
  errors: number
}

/**
 * Fires requests at a running gateway for `seconds` over `connections` keep-alive connections,
 * taking the next request from `next()` each time, and measures every response's latency.
 * Errors are transport failures, timeouts and any status other than the expected one.
 */
export async function loadTest(options: {
  name: string
  origin: string
  token?: string
  connections: number
  seconds: number
  next: () => LoadRequest
  expectStatus?: number
}): Promise<LoadResult> {
  const latencies: number[] = []
  let unexpected = 0
  const headers: Record<string, string> = { "content-type": "application/json" }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  const expected = options.expectStatus ?? 200
  const options_: autocannon.Options = {
    url: options.origin,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    headers,
    requests: [
      {
        setupRequest: (request) => {
          const next = options.next()
          return { ...request, method: next.method, path: next.path, body: next.body === undefined ? undefined : JSON.stringify(next.body) }
        },
      },
    ],
  }
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options_, (error, done) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done)))
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime)
      if (statusCode !== expected) unexpected += 1
    })
  })
  return {
    name: options.name,
    connections: options.connections,
    requests: latencies.length,
    rps: latencies.length / options.seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: unexpected + result.errors + result.timeouts,
  }
}

/** Cycles through a list forever. */
export function cycle<T>(items: ReadonlyArray<T>): () => T {
  let i = 0
  return () => items[i++ % items.length]!
}
