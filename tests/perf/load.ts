import autocannon from "autocannon"
import { percentile } from "./report.ts"

export interface LoadRequest {
  method: "GET" | "POST"
  path: string
  body?: unknown
  /** A session token for this request alone (a mixed load's bookings), in place of the run's. */
  token?: string
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

export interface LoadOptions {
  name: string
  /** One gateway, or several on one database: the connections are shared out between them. */
  origin: string | ReadonlyArray<string>
  token?: string
  connections: number
  seconds: number
  next: () => LoadRequest
  /** The status every response should have (200 unless said), or those any may have. */
  expectStatus?: number | ReadonlyArray<number>
}

/**
 * Fires requests at running gateways for `seconds` over `connections` keep-alive connections,
 * taking the next request from `next()` each time, and measures every response's latency.
 * Errors are transport failures, timeouts and any status other than the expected one.
 */
export async function loadTest(options: LoadOptions): Promise<LoadResult> {
  const origins = typeof options.origin === "string" ? [options.origin] : options.origin
  const runs = await Promise.all(origins.map((origin, i) => fire({ ...options, origin, connections: Math.ceil((options.connections - i) / origins.length) })))
  const latencies = runs.flatMap((r) => r.latencies)
  return {
    name: options.name,
    connections: options.connections,
    requests: latencies.length,
    rps: latencies.length / options.seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  }
}

async function fire(options: LoadOptions & { origin: string }): Promise<{ latencies: number[]; errors: number }> {
  const latencies: number[] = []
  let unexpected = 0
  // What a phone's browser sends with every call: the gateway's compression is part of the cost.
  const headers: Record<string, string> = { "content-type": "application/json", "accept-encoding": "gzip, deflate, br, zstd" }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  const expected = typeof options.expectStatus === "number" ? [options.expectStatus] : (options.expectStatus ?? [200])
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
          const body = next.body === undefined ? undefined : JSON.stringify(next.body)
          // Headers of its own, every request: autocannon writes the last body's Content-Length into
          // the headers it hands on, and a GET after a POST then waited for a body that never came.
          const own = { ...headers, ...(next.token ? { authorization: `Bearer ${next.token}` } : {}) }
          return { ...request, headers: own, method: next.method, path: next.path, body }
        },
      },
    ],
  }
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options_, (error, done) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done)))
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime)
      if (!expected.includes(statusCode)) unexpected += 1
    })
  })
  return { latencies, errors: unexpected + result.errors + result.timeouts }
}

/** Cycles through a list forever. */
export function cycle<T>(items: ReadonlyArray<T>): () => T {
  let i = 0
  return () => items[i++ % items.length]!
}
