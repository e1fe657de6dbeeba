import { Hono, type Context } from "hono"
import { TokenRequest } from "../../schemas/session.ts"
import { toUtcSeconds } from "../db/time.ts"
import type { AppEnv } from "../http/context.ts"
import { ApiError } from "../http/errors.ts"
import { readBody } from "../http/validate.ts"
import { DEMO_ACCOUNTS } from "../db/demoAccounts.ts"
import { checkSignIn, limitSignUpFrom, limitSignUpPhone, setRetryAfter, tooManyAttempts } from "./credentialChecks.ts"
import { hashPassword } from "./passwords.ts"
import { renderRegisterPage, type RegisterError } from "./registerPage.ts"
import { decodeWithFields } from "../../schemas/decode.ts"
import { normalizePhone } from "../../schemas/phone.ts"
import { PatientRegistration } from "../../schemas/registration.ts"
import { createPatientAccount } from "../repositories/registration.ts"
import { LOGIN_CSS, parseLangChosen, parseLoginLang, renderLoginPage, type LoginError } from "./loginPage.ts"
import { landingUrl, safeReturnTo } from "./returnTo.ts"
import { isSameOriginPost } from "./sameOriginForm.ts"
import { deviceOf } from "./device.ts"
import { createSession } from "./sessions.ts"
import { savedAppLanguage } from "../repositories/settings.ts"
import { verifyNewContacts } from "../verification/send.ts"

/** What the login page says of the demo: that it is one (DEMO_DATA), and its accounts when they are listed. */
const demoOf = (c: Context<AppEnv>) => {
  const { config } = c.get("deps")
  return { demonstration: config.demoData, demoAccounts: config.demoAccountsOnLogin ? DEMO_ACCOUNTS : [] }
}

export function loginSiteRoutes() {
  const app = new Hono<AppEnv>()

  app.get("/login.css", (c) => {
    c.header("Cache-Control", "public, max-age=3600")
    return c.body(LOGIN_CSS, 200, { "Content-Type": "text/css; charset=utf-8" })
  })

  app.get("/login", (c) => {
    const lang = parseLoginLang(c.req.query("lang"))
    const langChosen = parseLangChosen(c.req.query("chosen"))
    const returnTo = safeReturnTo(c.req.query("returnTo"))
    c.header("Cache-Control", "no-store")
    return c.html(renderLoginPage({ lang, langChosen, returnTo, ...demoOf(c) }))
  })

  app.post("/login", async (c) => {
    const form = await c.req.parseBody()
    const field = (name: string) => (typeof form[name] === "string" ? form[name] : "")
    const lang = parseLoginLang(field("lang"))
    const langChosen = parseLangChosen(field("langChosen"))
    const returnTo = safeReturnTo(field("returnTo"))
    c.header("Cache-Control", "no-store")
    const showAgain = (error: LoginError, status: 401 | 403 | 429, email = "") =>
      c.html(renderLoginPage({ lang, langChosen, returnTo, email, error, ...demoOf(c) }), status)
    // Checked before the credentials, so another site's posts neither sign anyone in nor count as guesses.
    if (!isSameOriginPost(c)) return showAgain("crossSite", 403)
    const email = field("email")
    const result = await checkSignIn(c, email, field("password"))
    if (!result.ok) {
      if (result.reason === "tooMany") setRetryAfter(c, result.retryAfterMs)
      return showAgain(result.reason, result.reason === "tooMany" ? 429 : 401, email.slice(0, 254))
    }
    const session = await createSession(c.get("deps").db, result.userId, c.get("deps").config.sessionTtlMs, deviceOf(c.req.header("user-agent")))
    // The language chosen last wins (issue 39): one chosen for this sign-in (on this page, or in the
    // app before it) over the account's; otherwise the one saved in the user's settings.
    const saved = langChosen ? null : await savedAppLanguage(c.get("deps").db, result.userId)
    return c.redirect(landingUrl(returnTo, session.token, saved ? parseLoginLang(saved.toLowerCase()) : lang), 303)
  })

  // Patient sign-up: same frame and cross-site check as the login form; limits of its own (SIGN_UP_LIMITS).
  app.get("/register", (c) => {
    const lang = parseLoginLang(c.req.query("lang"))
    const returnTo = safeReturnTo(c.req.query("returnTo"))
    c.header("Cache-Control", "no-store")
    return c.html(renderRegisterPage({ lang, returnTo }))
  })

  app.post("/register", async (c) => {
    const form = await c.req.parseBody()
    const field = (name: string) => (typeof form[name] === "string" ? form[name] : "")
    const lang = parseLoginLang(field("lang"))
    const returnTo = safeReturnTo(field("returnTo"))
    c.header("Cache-Control", "no-store")
    // What was typed comes back in the form (bounded), the terms' box too, never the passwords.
    const values = {
      firstName: field("firstName").slice(0, 100),
      lastName: field("lastName").slice(0, 100),
      email: field("email").slice(0, 254),
      phoneNumber: field("phoneNumber").slice(0, 20),
    }
    const termsAccepted = field("acceptTerms") === "on"
    const showAgain = (error: RegisterError, status: 400 | 403 | 409 | 429, fields: ReadonlyArray<{ name: string; message: string }> = []) =>
      c.html(renderRegisterPage({ lang, returnTo, values, termsAccepted, error, fields }), status)
    if (!isSameOriginPost(c)) return showAgain("crossSite", 403)
    // Every attempt counts against the client and its network, before anything is read.
    const waitForClient = await limitSignUpFrom(c)
    if (waitForClient > 0) {
      setRetryAfter(c, waitForClient)
      return showAgain("tooManyFromNetwork", 429)
    }
    const checked = decodeWithFields(PatientRegistration, {
      firstName: field("firstName"),
      lastName: field("lastName"),
      email: field("email"),
      phoneNumber: normalizePhone(field("phoneNumber")),
      password: field("password"),
      acceptTerms: termsAccepted,
    })
    const mismatch = field("password") !== field("passwordConfirm") ? [{ name: "passwordConfirm", message: "validation.passwordsDoNotMatch" }] : []
    if (!checked.ok || mismatch.length) return showAgain("fix", 400, [...(checked.ok ? [] : checked.fields), ...mismatch])
    // The phone only once the form is right: a typo in the password must not cost the day's sign-ups of a number.
    const waitForPhone = await limitSignUpPhone(c, checked.value.phoneNumber)
    if (waitForPhone > 0) {
      setRetryAfter(c, waitForPhone)
      return showAgain("tooManyForPhone", 429, [{ name: "phoneNumber", message: "validation.phoneSignUpLimit" }])
    }
    const { db, config } = c.get("deps")
    const created = await createPatientAccount(db, {
      firstName: checked.value.firstName,
      lastName: checked.value.lastName,
      email: checked.value.email,
      phoneNumber: checked.value.phoneNumber,
      passwordHash: await hashPassword(checked.value.password),
      appLanguage: lang === "ar" ? "AR" : lang === "en" ? "EN" : "FR",
    })
    if (created === "taken") return showAgain("taken", 409)
    // The number and the address typed get a code and a link, and nothing else until they come back.
    await verifyNewContacts(c, created.userId, checked.value.email, lang)
    const session = await createSession(db, created.userId, config.sessionTtlMs, deviceOf(c.req.header("user-agent")))
    return c.redirect(landingUrl(returnTo, session.token, lang), 303)
  })

  app.post("/token", async (c) => {
    const body = await readBody(c, TokenRequest)
    const result = await checkSignIn(c, body.email, body.password)
    if (!result.ok) {
      if (result.reason === "tooMany") throw tooManyAttempts(c, "password", result.retryAfterMs)
      throw new ApiError("BAD_CREDENTIALS", "Incorrect email or password")
    }
    const session = await createSession(c.get("deps").db, result.userId, c.get("deps").config.sessionTtlMs, deviceOf(c.req.header("user-agent")))
    return c.json({ token: session.token, expiresAt: toUtcSeconds(session.expiresAt) })
  })

  return app
}
