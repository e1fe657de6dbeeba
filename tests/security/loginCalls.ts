import { sql } from "drizzle-orm"
import type { Hono } from "hono"
import type { Db } from "../../server/db/client.ts"

/** The origin the in-process app answers on (app.request builds http://localhost/...). */
export const OWN_ORIGIN = "http://localhost"

/**
 * What Chromium sends with a post of the login page's own form: Fetch Metadata, and an Origin
 * (the login page asks for a same-origin referrer policy so that even browsers without Fetch Metadata send it).
 */
export const SAME_ORIGIN_FORM: Readonly<Record<string, string>> = {
  "Sec-Fetch-Site": "same-origin",
  "Sec-Fetch-Mode": "navigate",
  "Sec-Fetch-Dest": "document",
  Origin: OWN_ORIGIN,
}

export interface Answer {
  status: number
  text: string
  body: any
  headers: Headers
}

/**
 * Calls the app in-process as if from the network address `client`, so that tests can tell the
 * per-account limits from the per-client one.
 */
export async function callFrom(
  app: Hono<any>,
  client: string,
  method: string,
  path: string,
  options: { form?: Record<string, string>; json?: unknown; headers?: Record<string, string>; token?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers }
  let body: string | undefined
  if (options.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded"
    body = new URLSearchParams(options.form).toString()
  } else if (options.json !== undefined) {
    headers["Content-Type"] = "application/json"
    body = JSON.stringify(options.json)
  }
  if (options.token) headers.Authorization = `Bearer ${options.token}`
  const env = { incoming: { socket: { remoteAddress: client, remotePort: 40000, remoteFamily: client.includes(":") ? "IPv6" : "IPv4" } } }
  const response = await app.request(path, { method, headers, body }, env)
  const text = await response.text()
  let json: any
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  return { status: response.status, text, body: json, headers: response.headers }
}

/** Posts the login form as the login page itself would. */
export const postLogin = (app: Hono<any>, client: string, email: string, password: string, extra: Record<string, string> = {}) =>
  callFrom(app, client, "POST", "/auth/login", { form: { email, password, returnTo: "/", lang: "fr", ...extra }, headers: SAME_ORIGIN_FORM })

/** Asks POST /auth/token for a token. */
export const postToken = (app: Hono<any>, client: string, email: string, password: string) =>
  callFrom(app, client, "POST", "/auth/token", { json: { email, password } })

/** How many sessions the database holds: a refused sign-in must not add one. */
export async function sessionCount(db: Db): Promise<number> {
  const result = (await db.execute<Record<string, unknown>>(sql`SELECT count(*)::int AS n FROM sessions`)) as { rows: Array<{ n: number }> }
  return Number(result.rows[0]!.n)
}

/** The session token a sign-in answer carries, wherever the entry puts it; undefined when none. */
export function issuedToken(answer: Answer): string | undefined {
  if (answer.body?.token) return answer.body.token as string
  const location = answer.headers.get("location")
  return location ? (new URL(location, OWN_ORIGIN).searchParams.get("sessionToken") ?? undefined) : undefined
}
