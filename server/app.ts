import { Hono, type Context, type MiddlewareHandler } from "hono"
import { bodyLimit } from "hono/body-limit"
import { requestId } from "hono/request-id"
import {
  CREDENTIAL_LIMITS,
  FEED_ROTATION_LIMITS,
  MemoryCredentialLimits,
  SIGN_UP_LIMITS,
  type CredentialLimits,
  type SignUpKind,
} from "./auth/credentialLimits.ts"
import { emailConfirmationRoutes } from "./auth/emailConfirmation.ts"
import { loginSiteRoutes } from "./auth/loginSite.ts"
import { compressAnswers } from "./http/compressAnswers.ts"
import type { AppEnv, Deps } from "./http/context.ts"
import { ApiError } from "./http/errors.ts"
import { isBadInputFromDatabase, logFailure } from "./http/errorLog.ts"
import { closeConnectionsWhileDraining, databaseProbe, healthRoutes, Readiness } from "./http/health.ts"
import { isDatabaseUnavailable } from "./db/unavailable.ts"
import { outageAnswer } from "./http/outage.ts"
import { requestLog } from "./http/requestLog.ts"
import { securityHeaders } from "./http/securityHeaders.ts"
import { invalidateReadCacheOnWrite, ReadCache } from "./http/readCache.ts"
import { PageRenderer } from "./http/ssr.ts"
import { StaticSite } from "./http/static.ts"
import { Metrics } from "./observability/metrics.ts"
import { metricsRoutes } from "./observability/metricsRoute.ts"
import { paymentProviderOf } from "./payments/providers.ts"
import type { PaymentProvider } from "./payments/provider.ts"
import { sandboxPageRoutes } from "./payments/sandboxPage.ts"
import { ussdSimulatorRoutes } from "./ussd/simulatorPage.ts"
import { apiRoutes } from "./routes/index.ts"
import { filesOriginGuard, filesOriginOf } from "./storage/filesOrigin.ts"
import { storageRoutes } from "./storage/routes.ts"

export const API_PREFIX = "/api/v1"
/** JSON bodies above this are refused before they are parsed. */
export const MAX_JSON_BYTES = 256 * 1024

/**
 * What the app is made from; the read cache, credential and sign-up limits and readiness are made here unless a
 * test brings them, and the metrics too when METRICS_TOKEN is set (main.ts brings them to observe the pool).
 */
export type AppInput = Omit<Deps, "readCache" | "credentialLimits" | "signUpLimits" | "feedRotationLimits" | "clock" | "payments"> & {
  readonly clock?: () => Date
  readonly payments?: PaymentProvider
  readonly readCache?: ReadCache
  readonly credentialLimits?: CredentialLimits
  readonly signUpLimits?: CredentialLimits<SignUpKind>
  readonly feedRotationLimits?: CredentialLimits<"feedRotation">
  readonly readiness?: Readiness
  readonly metrics?: Metrics
}

/**
 * An answer of the API that says nothing of its caching is kept by no browser or proxy: most carry
 * a user's data, and after sign-out nothing of a user may stay cached (issue 13). The service
 * worker caches no API answer either (scripts/buildServiceWorker.ts).
 */
const storedNowhere: MiddlewareHandler = async (c, next) => {
  await next()
  if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store")
}

/** The whole product behind one Hono app: gateway, login site, storage surface and the SPA. */
export function createApp(given: AppInput) {
  const deps: Deps = {
    ...given,
    readCache: given.readCache ?? new ReadCache(given.config.readCacheMs),
    credentialLimits: given.credentialLimits ?? new MemoryCredentialLimits(CREDENTIAL_LIMITS),
    signUpLimits: given.signUpLimits ?? new MemoryCredentialLimits(SIGN_UP_LIMITS),
    feedRotationLimits: given.feedRotationLimits ?? new MemoryCredentialLimits(FEED_ROTATION_LIMITS),
    clock: given.clock ?? (() => new Date()),
    payments: given.payments ?? paymentProviderOf(given.config),
  }
  const app = new Hono<AppEnv>()
  const site = new StaticSite(deps.config.staticDir)

  // Probes first: a load balancer asks every few seconds, and what it asks needs nothing below.
  const readiness = given.readiness ?? new Readiness(databaseProbe(deps.db))
  app.route("/", healthRoutes(readiness))
  app.use("*", closeConnectionsWhileDraining(readiness))

  app.use("*", requestId({ limitLength: 128 }))
  if (deps.config.logRequests) app.use("*", requestLog())
  // Metrics only with a token to read them; a scrape is not itself counted (it answers before the count).
  const metrics = deps.config.metricsToken ? (given.metrics ?? new Metrics(deps.db)) : undefined
  app.route("/", metricsRoutes(metrics, deps.config.metricsToken))
  if (metrics) app.use("*", metrics.countRequests())
  const filesOrigin = filesOriginOf(deps.config)
  app.use("*", securityHeaders(deps.config.tileOrigins, [...deps.config.tileOrigins, ...(filesOrigin ? [filesOrigin] : [])]))
  app.use("*", async (c, next) => {
    c.set("deps", deps)
    await next()
  })
  app.use("*", filesOriginGuard())

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      return c.json({ code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) }, error.status)
    }
    if (isDatabaseUnavailable(error)) return outageAnswer(c, error)
    if (isBadInputFromDatabase(error)) {
      logFailure("gateway", c, error, "warn")
      return c.json({ code: "INVALID_PAYLOAD", message: "The request holds a value that cannot be stored" }, 400)
    }
    logFailure("gateway", c, error)
    return c.json({ code: "SERVER_ERROR", message: "Something went wrong on our side" }, 500)
  })

  const refused = (c: Context) => c.json({ code: "INVALID_PAYLOAD", message: "The body is too large" }, 413)
  const limit = bodyLimit({ maxSize: MAX_JSON_BYTES, onError: refused })
  // A GET or HEAD has no body to measure: asking for one makes the whole web Request of a request
  // Node has already parsed (about a tenth of the gateway's time on an uncached profile read).
  // A body whose length is given is measured by that alone: asking for the web Request's body to
  // measure it built a web Request and its stream, where @hono/node-server otherwise reads the
  // body straight off Node's (a tenth of the gateway's CPU on an uncached search). Node's parser
  // holds the body to that length.
  const tooLarge: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next()
    const length = c.req.header("content-length")
    if (length !== undefined && c.req.header("transfer-encoding") === undefined && /^\d+$/.test(length)) {
      return Number(length) > MAX_JSON_BYTES ? refused(c) : next()
    }
    return limit(c, next)
  }
  app.use(`${API_PREFIX}/*`, tooLarge, compressAnswers(), invalidateReadCacheOnWrite(), storedNowhere)
  app.use("/auth/*", tooLarge)
  app.use("/sandbox/*", tooLarge)
  app.use("/dev/*", tooLarge)

  app.route(API_PREFIX, apiRoutes())
  app.all(`${API_PREFIX}/*`, (c) => c.json({ code: "NOT_FOUND", message: "No such route" }, 404))
  app.route("/auth", loginSiteRoutes())
  app.route("/auth", emailConfirmationRoutes())
  app.route("/v0", storageRoutes())
  // The sandbox provider's checkout page; its notices reach the webhook through this very app.
  if (deps.payments.name === "sandbox")
    app.route(
      "/sandbox",
      sandboxPageRoutes(async (input, init) => app.request(input, init)),
    )

  // The phone simulator (issue 41): a demonstration's, never production's.
  if (deps.config.demoData)
    app.route(
      "/dev",
      ussdSimulatorRoutes(async (input, init) => app.request(input, init)),
    )

  // The public data pages are rendered with their data for visitors; the rest is the built SPA.
  const pages = new PageRenderer(deps.config.staticDir, async (input, init) => app.request(input, init))
  app.get("*", async (c) => {
    if (PageRenderer.wants(c)) {
      const page = await pages.serve(c)
      if (page) return page
    }
    const response = site.serve(c, c.req.path)
    if (response) return response
    if (!site.isBuilt) return c.text("The SPA is not built: run `npm run build` (or `npm start`).", 503)
    return c.text("Not found", 404)
  })

  return app
}
