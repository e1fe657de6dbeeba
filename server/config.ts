import { randomBytes } from "node:crypto"
import path from "node:path"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import * as SchemaTransformation from "effect/SchemaTransformation"
import { LOG_LEVELS, type LogLevel } from "./observability/log.ts"

export interface ServerConfig {
  readonly port: number
  readonly dataDir: string
  readonly databaseUrl: string | undefined
  readonly staticDir: string
  /** A session's absolute lifetime (SESSION_TTL_HOURS); its idle limit (schemas/limits.ts SESSION_IDLE) may end it sooner. */
  readonly sessionTtlMs: number
  readonly smtpUrl: string | undefined
  readonly mailTo: string
  readonly storageBucket: string
  /**
   * The site's origin as browsers see it (PUBLIC_ORIGIN); empty in development, where links are
   * built on http://localhost:PORT (linkOrigin) and the sign-in form check takes the request's own.
   */
  readonly publicOrigin: string
  /** The first start seeds the demo accounts, doctors and appointments (DEMO_DATA); off, the reference data only. */
  readonly demoData: boolean
  readonly logRequests: boolean
  /** Origins of the map tile service, allowed by the content security policy. */
  readonly tileOrigins: ReadonlyArray<string>
  /** The login site lists the demo accounts (on by default with demo data, never without). */
  readonly demoAccountsOnLogin: boolean
  /**
   * The bucket of a real Firebase project when the app is built with one (VITE_FIREBASE_*): its
   * download URLs are then accepted for the caller's own paths. Empty: our own storage surface only.
   */
  readonly firebaseStorageBucket: string
  /** An origin of its own for downloads of user files (https://files.example); empty serves them from this one. */
  readonly userFilesOrigin: string
  /** How long the public reads (search, profiles, week slots) are kept; 0 turns the cache off. */
  readonly readCacheMs: number
  /**
   * Issue 38's booking limits (schemas/limits.ts BOOKING_LIMITS), always on in the product;
   * off only in gateway suites that book one demo patient again and again about other rules.
   */
  readonly bookingLimits: boolean
  /** How often the server tops up every schedule's time slots (also once at start). */
  readonly slotTopUpIntervalMs: number
  /** How often the job worker looks for due jobs (reminders, agendas). */
  readonly jobPollMs: number
  /** An HTTP SMS provider (POST {to, text}); unset, SMS go to <DATA_DIR>/sms/outbox.jsonl. */
  readonly smsProviderUrl: string | undefined
  /** The provider's key, sent as a bearer token. */
  readonly smsApiKey: string
  /** How long the start waits for PostgreSQL to answer before giving up (exit 2). */
  readonly databaseWaitMs: number
  /** At SIGTERM, how long requests in flight and running jobs get to finish before the process stops anyway. */
  readonly shutdownGraceMs: number
  /** pino's level for the logs (server/observability/log.ts reads the same variable). */
  readonly logLevel: LogLevel
  /** The bearer token that opens GET /metrics; unset, there are no metrics (404). */
  readonly metricsToken: string | undefined
  /** What the USSD and inbound SMS aggregator sends (header X-Promed-Secret or ?secret=); unset, they are open only with demo data (issue 41). */
  readonly ussdSecret: string | undefined
  /** Deposits (issue 40): who takes the money, and the secrets that prove its notices. */
  readonly payments: PaymentSettings
}

/**
 * PAYMENT_PROVIDER: `sandbox` (the default; a page of our own, no money moves) or `paydunya`
 * (Senegal: Wave, Orange Money, Free Money, cards) with its three keys from the environment.
 */
export interface PaymentSettings {
  readonly provider: "sandbox" | "paydunya"
  /** HMAC-SHA256 key of the signed notices (`Promed-Signature`, server/payments/signature.ts). */
  readonly webhookSecret: string
  /** PayDunya's keys; a test key (`test_…`) talks to its sandbox API. Null with the sandbox. */
  readonly paydunya: { readonly masterKey: string; readonly privateKey: string; readonly token: string } | null
}

/** The webhook secret of a demonstration: anyone may read it here, so a production start never uses it. */
export const DEMO_WEBHOOK_SECRET = "promed-demo-webhook-secret"

/** A setting that cannot be used: the server must not start with it. */
export class ConfigError extends Error {
  override readonly name = "ConfigError"
  constructor(readonly problems: ReadonlyArray<string>) {
    super(problems.join("\n"))
  }
}

/** A schema from the variable's text to its value, with the words that say what a good value is. */
interface Setting<A> {
  readonly schema: Schema.Codec<A, string>
  readonly expected: string
  /** A secret's wrong value is told by its length only: the message goes to logs. */
  readonly secret?: boolean
}

const setting = <A>(schema: Schema.Codec<A, string>, expected: string, secret = false): Setting<A> => ({ schema, expected, secret })

/** Decodes the text with `decode`, which answers undefined for a value it refuses. */
function parsed<A>(decode: (text: string) => A | undefined, encode: (value: A) => string): Schema.Codec<A, string> {
  return Schema.String.check(Schema.makeFilter((text: string) => decode(text) !== undefined)).pipe(
    Schema.decodeTo(Schema.Any as Schema.Codec<A>, SchemaTransformation.transform({ decode: (text: string) => decode(text) as A, encode })),
  )
}

const wholeNumber = (minimum: number, maximum: number) =>
  Schema.String.check(Schema.isPattern(/^[0-9]{1,16}$/)).pipe(
    Schema.decodeTo(
      Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum, maximum })),
      SchemaTransformation.transform({ decode: (text: string) => Number(text), encode: (n: number) => String(n) }),
    ),
  )

const positiveNumber = (maximum: number) =>
  Schema.String.check(Schema.isPattern(/^[0-9]{1,6}(\.[0-9]{1,6})?$/)).pipe(
    Schema.decodeTo(
      Schema.Number.check(Schema.isGreaterThan(0), Schema.isLessThanOrEqualTo(maximum)),
      SchemaTransformation.transform({ decode: (text: string) => Number(text), encode: (n: number) => String(n) }),
    ),
  )

const onOff = Schema.Literals(["true", "false"]).pipe(
  Schema.decodeTo(Schema.Boolean, SchemaTransformation.transform({ decode: (text) => text === "true", encode: (on: boolean) => (on ? "true" : "false") })),
)

/** An http(s) origin, written with no path, query or fragment; decoded to its normal form (lower case, no default port). */
function originOf(text: string): string | undefined {
  const url = URL.parse(text)
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return undefined
  if (url.username || url.password || url.search || url.hash || !/^https?:\/\/[^/]+\/?$/i.test(text)) return undefined
  return url.origin
}

/** A URL of one of the given schemes, with a host. */
const urlOf = (schemes: ReadonlyArray<string>) => (text: string) => {
  const url = URL.parse(text)
  return url && schemes.includes(url.protocol) && url.hostname ? text : undefined
}

const Settings = {
  PORT: setting(wholeNumber(1, 65535), "a whole number from 1 to 65535"),
  DATA_DIR: setting(Schema.NonEmptyString, "a directory path"),
  STATIC_DIR: setting(Schema.NonEmptyString, "a directory path"),
  DATABASE_URL: setting(parsed(urlOf(["postgres:", "postgresql:"]), String), "a PostgreSQL URL such as postgres://user:password@host:5432/name"),
  SESSION_TTL_HOURS: setting(positiveNumber(24 * 366), "a number of hours above 0 and at most 8784"),
  SMTP_URL: setting(parsed(urlOf(["smtp:", "smtps:"]), String), "an SMTP URL such as smtp://user:password@host:587 (smtps:// for TLS)"),
  CONTACT_MAIL_TO: setting(Schema.String.check(Schema.isPattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/)), "an email address"),
  STORAGE_BUCKET: setting(
    Schema.String.check(Schema.isPattern(/^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/)),
    "a bucket name (lower-case letters, digits, dots, dashes and underscores)",
  ),
  FIREBASE_STORAGE_BUCKET: setting(
    Schema.String.check(Schema.isPattern(/^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/)),
    "a bucket name (lower-case letters, digits, dots, dashes and underscores)",
  ),
  PUBLIC_ORIGIN: setting(parsed(originOf, String), "an http(s) origin with no path, such as https://promed.example"),
  USER_FILES_ORIGIN: setting(parsed(originOf, String), "an http(s) origin with no path, such as https://files.promed.example"),
  TILE_ORIGINS: setting(
    parsed(
      (text) => {
        const origins = text.split(",").map((part) => originOf(part.trim()))
        return origins.every((origin) => origin !== undefined) ? origins : undefined
      },
      (origins: ReadonlyArray<string>) => origins.join(","),
    ),
    "a comma-separated list of http(s) origins",
  ),
  LOG_REQUESTS: setting(onOff, "true or false"),
  DEMO_ACCOUNTS_ON_LOGIN: setting(onOff, "true or false"),
  DEMO_DATA: setting(onOff, "true or false"),
  READ_CACHE_MS: setting(wholeNumber(0, 3_600_000), "a whole number of milliseconds from 0 to 3600000"),
  SLOT_TOP_UP_HOURS: setting(positiveNumber(24 * 7), "a number of hours above 0 and at most 168"),
  SMS_PROVIDER_URL: setting(parsed(urlOf(["https:", "http:"]), String), "an http(s) URL such as https://sms.example/v1/send"),
  SMS_API_KEY: setting(Schema.NonEmptyString, "the SMS provider's key"),
  JOB_POLL_MS: setting(wholeNumber(100, 3_600_000), "a whole number of milliseconds from 100 to 3600000"),
  DATABASE_WAIT_S: setting(wholeNumber(0, 3600), "a whole number of seconds from 0 to 3600"),
  SHUTDOWN_GRACE_S: setting(wholeNumber(1, 600), "a whole number of seconds from 1 to 600"),
  LOG_LEVEL: setting(Schema.Literals(LOG_LEVELS), `one of ${LOG_LEVELS.join(", ")}`),
  PAYMENT_PROVIDER: setting(Schema.Literals(["sandbox", "paydunya"]), "sandbox or paydunya"),
  PAYMENT_WEBHOOK_SECRET: setting(
    Schema.String.check(Schema.isPattern(/^[\x21-\x7e]{32,512}$/)),
    "a secret of 32 to 512 printable characters (no spaces)",
    true,
  ),
  PAYDUNYA_MASTER_KEY: setting(Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{8,200}$/)), "PayDunya's master key", true),
  PAYDUNYA_PRIVATE_KEY: setting(Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{8,200}$/)), "PayDunya's private key", true),
  PAYDUNYA_TOKEN: setting(Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{8,200}$/)), "PayDunya's token", true),
  METRICS_TOKEN: setting(
    Schema.String.check(Schema.isPattern(/^[A-Za-z0-9._~+/=-]{16,512}$/)),
    "a token of 16 to 512 characters (letters, digits, . _ ~ + / = -)",
    true,
  ),
  USSD_SECRET: setting(
    Schema.String.check(Schema.isPattern(/^[A-Za-z0-9._~+/=-]{16,512}$/)),
    "a secret of 16 to 512 characters (letters, digits, . _ ~ + / = -)",
    true,
  ),
} as const

type SettingName = keyof typeof Settings

/**
 * Reads the environment once, at start, every variable through its schema; every default is the
 * embedded, single-command setup. An empty variable counts as unset (as compose files pass them).
 * Throws a ConfigError naming each variable that is wrong and what it holds, so the server stops
 * before it listens rather than misbehaving at the first request.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const problems: Array<string> = []
  function read<N extends SettingName>(name: N, fallback: string): (typeof Settings)[N]["schema"]["Type"]
  function read<N extends SettingName>(name: N): (typeof Settings)[N]["schema"]["Type"] | undefined
  function read(name: SettingName, fallback?: string): unknown {
    const text = env[name] || fallback
    if (text === undefined) return undefined
    const { schema, expected, secret } = Settings[name] as Setting<unknown>
    const result = Schema.decodeUnknownExit(schema)(text)
    if (Exit.isSuccess(result)) return result.value
    problems.push(`${name} must be ${expected}, got ${secret ? `${text.length} characters` : JSON.stringify(text)}`)
    // The default stands in so the other variables are still read and every problem is told at once.
    return fallback === undefined ? undefined : Schema.decodeUnknownSync(schema)(fallback)
  }

  const demoData = read("DEMO_DATA", "true")
  const config = {
    port: read("PORT", "8080"),
    dataDir: path.resolve(read("DATA_DIR", ".data")),
    databaseUrl: read("DATABASE_URL"),
    staticDir: path.resolve(read("STATIC_DIR", "dist/client")),
    // A session's absolute end, 90 days by default: before it, a session ends when unused past its
    // role's idle limit (issue 38, SESSION_IDLE: 30 days, a doctor's 12 hours).
    sessionTtlMs: read("SESSION_TTL_HOURS", "2160") * 3600_000,
    smtpUrl: read("SMTP_URL"),
    mailTo: read("CONTACT_MAIL_TO", "contact@promed.sn"),
    storageBucket: read("STORAGE_BUCKET", "promed-local.appspot.com"),
    publicOrigin: read("PUBLIC_ORIGIN") ?? "",
    demoData,
    logRequests: read("LOG_REQUESTS", "true"),
    tileOrigins: read("TILE_ORIGINS", "https://tile.openstreetmap.org"),
    demoAccountsOnLogin: read("DEMO_ACCOUNTS_ON_LOGIN", "true") && demoData,
    readCacheMs: read("READ_CACHE_MS", "5000"),
    bookingLimits: true,
    firebaseStorageBucket: read("FIREBASE_STORAGE_BUCKET") ?? "",
    userFilesOrigin: read("USER_FILES_ORIGIN") ?? "",
    slotTopUpIntervalMs: read("SLOT_TOP_UP_HOURS", "24") * 3600_000,
    jobPollMs: read("JOB_POLL_MS", "15000"),
    smsProviderUrl: read("SMS_PROVIDER_URL"),
    smsApiKey: read("SMS_API_KEY") ?? "",
    databaseWaitMs: read("DATABASE_WAIT_S", "60") * 1000,
    shutdownGraceMs: read("SHUTDOWN_GRACE_S", "10") * 1000,
    logLevel: read("LOG_LEVEL", "info"),
    metricsToken: read("METRICS_TOKEN"),
    ussdSecret: read("USSD_SECRET"),
    payments: readPayments(read, demoData, problems),
  }
  // Production (no demo data) sends links people act on: their origin is never a request's Host header.
  if (!demoData && !config.publicOrigin && !problems.some((problem) => problem.startsWith("PUBLIC_ORIGIN "))) {
    problems.push("PUBLIC_ORIGIN must be set when DEMO_DATA=false: every link in mails, SMS, calendar feeds and storage URLs is built on it")
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return config
}

/**
 * The payment settings. A production start (DEMO_DATA=false) never signs with the demonstration's
 * secret: with a real provider it needs PAYMENT_WEBHOOK_SECRET, and with the sandbox (whose page
 * calls this very gateway) a secret is drawn for the process when none is given. PayDunya needs
 * its three keys in every mode.
 */
function readPayments(read: (name: SettingName) => unknown, demoData: boolean, problems: Array<string>): PaymentSettings {
  const provider = (read("PAYMENT_PROVIDER") as PaymentSettings["provider"] | undefined) ?? "sandbox"
  const given = read("PAYMENT_WEBHOOK_SECRET") as string | undefined
  if (!given && !demoData && provider !== "sandbox") problems.push(`PAYMENT_WEBHOOK_SECRET must be set when DEMO_DATA=false and PAYMENT_PROVIDER=${provider}`)
  const webhookSecret = given ?? (demoData ? DEMO_WEBHOOK_SECRET : randomBytes(32).toString("hex"))
  if (provider === "sandbox") return { provider, webhookSecret, paydunya: null }
  const keys = (["PAYDUNYA_MASTER_KEY", "PAYDUNYA_PRIVATE_KEY", "PAYDUNYA_TOKEN"] as const).map((name) => [name, read(name) as string | undefined] as const)
  for (const [name, value] of keys) if (!value) problems.push(`${name} must be set when PAYMENT_PROVIDER=paydunya`)
  const [masterKey, privateKey, token] = keys.map(([, value]) => value ?? "")
  return { provider, webhookSecret, paydunya: { masterKey: masterKey!, privateKey: privateKey!, token: token! } }
}

/** The origin every absolute link is built on: PUBLIC_ORIGIN, or http://localhost:PORT in development; never the request's. */
export const linkOrigin = (config: Pick<ServerConfig, "publicOrigin" | "port">): string => config.publicOrigin || `http://localhost:${config.port}`

/** The configuration of this process, or, when a variable is wrong, its message on stderr and exit code 2: no stack trace, nothing started. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  try {
    return loadConfig(env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    cannotStart(error.problems)
  }
}

/** Stops the start with these sentences on stderr and exit code 2: nothing is started, no stack trace. */
export function cannotStart(problems: ReadonlyArray<string>): never {
  process.stderr.write(`Promed cannot start:\n${problems.map((problem) => `  ${problem}`).join("\n")}\n`)
  process.exit(2)
}
