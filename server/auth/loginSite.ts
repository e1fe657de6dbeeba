import { Hono, type Context } from "hono"
import { TokenRequest } from "../../schemas/session.ts"
import { toUtcSeconds } from "../db/time.ts"
import type { AppEnv } from "../http/context.ts"
import { ApiError } from "../http/errors.ts"
import { readBody } from "../http/validate.ts"
import { DEMO_ACCOUNTS } from "../db/demoAccounts.ts"
import { checkSignIn, setRetryAfter, tooManyAttempts } from "./credentialChecks.ts"
import { LOGIN_CSS, parseLoginLang, renderLoginPage, type LoginError } from "./loginPage.ts"
import { landingUrl, safeReturnTo } from "./returnTo.ts"
import { isSameOriginPost } from "./sameOriginForm.ts"
import { createSession } from "./sessions.ts"
import { savedAppLanguage } from "../repositories/settings.ts"

const demoAccountsOf = (c: Context<AppEnv>) => (c.get("deps").config.demoAccountsOnLogin ? DEMO_ACCOUNTS : [])

export function loginSiteRoutes() {
  const app = new Hono<AppEnv>()

  app.get("/login.css", (c) => {
    c.header("Cache-Control", "public, max-age=3600")
    return c.body(LOGIN_CSS, 200, { "Content-Type": "text/css; charset=utf-8" })
  })

  app.get("/login", (c) => {
    const lang = parseLoginLang(c.req.query("lang"))
    const returnTo = safeReturnTo(c.req.query("returnTo"))
    c.header("Cache-Control", "no-store")
    return c.html(renderLoginPage({ lang, returnTo, demoAccounts: demoAccountsOf(c) }))
  })

  app.post("/login", async (c) => {
    const form = await c.req.parseBody()
    const field = (name: string) => (typeof form[name] === "string" ? form[name] : "")
    const lang = parseLoginLang(field("lang"))
    const returnTo = safeReturnTo(field("returnTo"))
    c.header("Cache-Control", "no-store")
    const showAgain = (error: LoginError, status: 401 | 403 | 429, email = "") =>
      c.html(renderLoginPage({ lang, returnTo, email, error, demoAccounts: demoAccountsOf(c) }), status)
    // Checked before the credentials, so another site's posts neither sign anyone in nor count as guesses.
    if (!isSameOriginPost(c)) return showAgain("crossSite", 403)
    const email = field("email")
    const result = await checkSignIn(c, email, field("password"))
    if (!result.ok) {
      if (result.reason === "tooMany") setRetryAfter(c, result.retryAfterMs)
      return showAgain(result.reason, result.reason === "tooMany" ? 429 : 401, email.slice(0, 254))
    }
    const session = await createSession(c.get("deps").db, result.userId, c.get("deps").config.sessionTtlMs)
    // The language saved in the user's settings wins over the login page's: the app opens in it.
    const saved = await savedAppLanguage(c.get("deps").db, result.userId)
    return c.redirect(landingUrl(returnTo, session.token, saved ? parseLoginLang(saved.toLowerCase()) : lang), 303)
  })

  app.post("/token", async (c) => {
    const body = await readBody(c, TokenRequest)
    const result = await checkSignIn(c, body.email, body.password)
    if (!result.ok) {
      if (result.reason === "tooMany") throw tooManyAttempts(c, "password", result.retryAfterMs)
      throw new ApiError("BAD_CREDENTIALS", "Incorrect email or password")
    }
    const session = await createSession(c.get("deps").db, result.userId, c.get("deps").config.sessionTtlMs)
    return c.json({ token: session.token, expiresAt: toUtcSeconds(session.expiresAt) })
  })

  return app
}
