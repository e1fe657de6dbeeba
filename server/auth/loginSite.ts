import { eq, sql } from "drizzle-orm"
import { Hono, type Context } from "hono"
import { getConnInfo } from "@hono/node-server/conninfo"
import { TokenRequest } from "../../schemas/session.ts"
import { users } from "../db/schema.ts"
import { toUtcSeconds } from "../db/time.ts"
import type { AppEnv } from "../http/context.ts"
import { ApiError } from "../http/errors.ts"
import { readBody } from "../http/validate.ts"
import { DEMO_ACCOUNTS } from "../db/demoAccounts.ts"
import { LOGIN_CSS, parseLoginLang, renderLoginPage, type LoginError, type LoginLang } from "./loginPage.ts"
import { DUMMY_HASH, verifyPassword } from "./passwords.ts"
import { SignInLimiter } from "./rateLimit.ts"
import { createSession } from "./sessions.ts"

/** Only same-origin paths are accepted as a place to return to, never another site. */
export function safeReturnTo(value: string | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\") || value.startsWith("/auth")) {
    return "/"
  }
  return value.length > 1000 ? "/" : value
}

/** The SPA address to land on after signing in, carrying the token and language (SPEC §2). */
export function landingUrl(returnTo: string, token: string, lang: LoginLang): string {
  const url = new URL(returnTo, "http://promed.local")
  url.searchParams.delete("login")
  url.searchParams.delete("sessionToken")
  url.searchParams.delete("lang")
  url.searchParams.set("login", "true")
  url.searchParams.set("sessionToken", token)
  url.searchParams.set("lang", lang)
  return `${url.pathname}${url.search}${url.hash}`
}

function clientAddress(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown"
  } catch {
    return "unknown"
  }
}

type SignInResult = { ok: true; userId: string } | { ok: false; reason: LoginError }

export function loginSiteRoutes() {
  const app = new Hono<AppEnv>()
  const limiter = new SignInLimiter()

  async function signIn(c: Context<AppEnv>, email: string, password: string): Promise<SignInResult> {
    const address = clientAddress(c)
    if (!email || !password) return { ok: false, reason: "missing" }
    if (limiter.isBlocked(email, address)) return { ok: false, reason: "tooMany" }
    const { db } = c.get("deps")
    const [user] = await db
      .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH)
    if (!user || !valid || !user.isActive) {
      limiter.recordFailure(email, address)
      return { ok: false, reason: "badCredentials" }
    }
    limiter.recordSuccess(email)
    return { ok: true, userId: user.id }
  }

  app.get("/login.css", (c) => {
    c.header("Cache-Control", "public, max-age=3600")
    return c.body(LOGIN_CSS, 200, { "Content-Type": "text/css; charset=utf-8" })
  })

  app.get("/login", (c) => {
    const lang = parseLoginLang(c.req.query("lang"))
    const returnTo = safeReturnTo(c.req.query("returnTo"))
    c.header("Cache-Control", "no-store")
    return c.html(renderLoginPage({ lang, returnTo, demoAccounts: c.get("deps").config.demoAccountsOnLogin ? DEMO_ACCOUNTS : [] }))
  })

  app.post("/login", async (c) => {
    const form = await c.req.parseBody()
    const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "")
    const lang = parseLoginLang(field("lang"))
    const returnTo = safeReturnTo(field("returnTo"))
    const email = field("email").slice(0, 254)
    const result = await signIn(c, email, field("password").slice(0, 128))
    c.header("Cache-Control", "no-store")
    if (!result.ok) {
      const demoAccounts = c.get("deps").config.demoAccountsOnLogin ? DEMO_ACCOUNTS : []
      return c.html(renderLoginPage({ lang, returnTo, email, error: result.reason, demoAccounts }), result.reason === "tooMany" ? 429 : 401)
    }
    const session = await createSession(c.get("deps").db, result.userId, c.get("deps").config.sessionTtlMs)
    return c.redirect(landingUrl(returnTo, session.token, lang), 303)
  })

  app.post("/token", async (c) => {
    const body = await readBody(c, TokenRequest)
    const result = await signIn(c, body.email, body.password)
    if (!result.ok) {
      if (result.reason === "tooMany") throw new ApiError("UNAUTHORIZED", "Too many failed sign-ins; try again later", undefined, 429)
      throw new ApiError("BAD_CREDENTIALS", "Incorrect email or password")
    }
    const session = await createSession(c.get("deps").db, result.userId, c.get("deps").config.sessionTtlMs)
    return c.json({ token: session.token, expiresAt: toUtcSeconds(session.expiresAt) })
  })

  return app
}
