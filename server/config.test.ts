import { spawn, spawnSync } from "node:child_process"
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { ConfigError, linkOrigin, loadConfig } from "./config.ts"

/** The problems loadConfig reports for this environment (none when it decodes). */
function problemsOf(env: NodeJS.ProcessEnv): ReadonlyArray<string> {
  try {
    loadConfig(env)
    return []
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
}

// Issue 38: "No demo data in production" and "Links never trust the request".
const NO_ORIGIN = "PUBLIC_ORIGIN must be set when DEMO_DATA=false: every link in mails, SMS, calendar feeds and storage URLs is built on it"

describe("loadConfig", () => {
  it("gives the embedded single-command setup when nothing is set", () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 8080,
      dataDir: path.resolve(".data"),
      databaseUrl: undefined,
      staticDir: path.resolve("dist/client"),
      sessionTtlMs: 90 * 24 * 3600_000,
      smtpUrl: undefined,
      mailTo: "contact@promed.sn",
      storageBucket: "promed-local.appspot.com",
      publicOrigin: "",
      demoData: true,
      logRequests: true,
      tileOrigins: ["https://tile.openstreetmap.org"],
      demoAccountsOnLogin: true,
      readCacheMs: 5000,
      firebaseStorageBucket: "",
      userFilesOrigin: "",
      slotTopUpIntervalMs: 24 * 3600_000,
      jobPollMs: 15_000,
      smsProviderUrl: undefined,
      smsApiKey: "",
      databaseWaitMs: 60_000,
      shutdownGraceMs: 10_000,
      logLevel: "info",
      metricsToken: undefined,
      ussdSecret: undefined,
    })
  })

  it("decodes good values of every variable", () => {
    const config = loadConfig({
      PORT: "65535",
      DATA_DIR: "/var/lib/promed",
      STATIC_DIR: "build/client",
      DATABASE_URL: "postgres://promed:secret@db:5432/promed",
      SESSION_TTL_HOURS: "0.5",
      SMTP_URL: "smtps://mailer:pw@smtp.example:465",
      CONTACT_MAIL_TO: "equipe@promed.sn",
      STORAGE_BUCKET: "promed-prod.appspot.com",
      FIREBASE_STORAGE_BUCKET: "promed-firebase.appspot.com",
      PUBLIC_ORIGIN: "https://Promed.example/",
      USER_FILES_ORIGIN: "https://files.promed.example:8443",
      TILE_ORIGINS: "https://a.tile.example, https://b.tile.example",
      LOG_REQUESTS: "false",
      DEMO_ACCOUNTS_ON_LOGIN: "false",
      DEMO_DATA: "false",
      READ_CACHE_MS: "0",
      SLOT_TOP_UP_HOURS: "6",
      JOB_POLL_MS: "500",
      SMS_PROVIDER_URL: "https://sms.example/v1/send",
      SMS_API_KEY: "k-123",
      DATABASE_WAIT_S: "0",
      SHUTDOWN_GRACE_S: "30",
      LOG_LEVEL: "warn",
      METRICS_TOKEN: "s3cr3t-Token_of.20~+/=",
      PAYMENT_PROVIDER: "paydunya",
      PAYMENT_WEBHOOK_SECRET: "whsec_0123456789abcdef0123456789abcdef",
      PAYDUNYA_MASTER_KEY: "wQzk9ZwR-Qq9m-0hD0-zpud",
      PAYDUNYA_PRIVATE_KEY: "live_private_rMIdJM3PLLh",
      PAYDUNYA_TOKEN: "IivOiOxGJuWhc5znlIiK",
      USSD_SECRET: "at-shared-Secret_0123.~+/=",
    })
    expect(config).toEqual({
      port: 65535,
      dataDir: "/var/lib/promed",
      staticDir: path.resolve("build/client"),
      databaseUrl: "postgres://promed:secret@db:5432/promed",
      sessionTtlMs: 1800_000,
      smtpUrl: "smtps://mailer:pw@smtp.example:465",
      mailTo: "equipe@promed.sn",
      storageBucket: "promed-prod.appspot.com",
      firebaseStorageBucket: "promed-firebase.appspot.com",
      // Origins are kept in their normal form, as browsers send them in Origin headers.
      publicOrigin: "https://promed.example",
      demoData: false,
      userFilesOrigin: "https://files.promed.example:8443",
      tileOrigins: ["https://a.tile.example", "https://b.tile.example"],
      logRequests: false,
      demoAccountsOnLogin: false,
      readCacheMs: 0,
      bookingLimits: true,
      slotTopUpIntervalMs: 6 * 3600_000,
      jobPollMs: 500,
      smsProviderUrl: "https://sms.example/v1/send",
      smsApiKey: "k-123",
      databaseWaitMs: 0,
      shutdownGraceMs: 30_000,
      logLevel: "warn",
      metricsToken: "s3cr3t-Token_of.20~+/=",
      payments: {
        provider: "paydunya",
        webhookSecret: "whsec_0123456789abcdef0123456789abcdef",
        paydunya: { masterKey: "wQzk9ZwR-Qq9m-0hD0-zpud", privateKey: "live_private_rMIdJM3PLLh", token: "IivOiOxGJuWhc5znlIiK" },
      },
      ussdSecret: "at-shared-Secret_0123.~+/=",
    })
    expect(loadConfig({ PORT: "1", DATABASE_URL: "postgresql://localhost/promed", SMTP_URL: "smtp://localhost:25" })).toMatchObject({
      port: 1,
      databaseUrl: "postgresql://localhost/promed",
      smtpUrl: "smtp://localhost:25",
    })
  })

  it("counts an empty variable as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "", PUBLIC_ORIGIN: "", LOG_REQUESTS: "" })).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      publicOrigin: "",
      logRequests: true,
    })
  })

  const bad: ReadonlyArray<[string, ReadonlyArray<string>, string]> = [
    ["PORT", ["80a", "0", "65536", "-1", "80.5", " 80", "1e3", "0x50"], "a whole number from 1 to 65535"],
    ["DATABASE_URL", ["localhost:5432", "mysql://db/promed", "postgres://", "not a url"], "a PostgreSQL URL such as postgres://user:password@host:5432/name"],
    ["SESSION_TTL_HOURS", ["0", "-2", "twelve", "9000", "12h"], "a number of hours above 0 and at most 8784"],
    ["SMTP_URL", ["smtp.example:587", "http://smtp.example", "smtp://"], "an SMTP URL such as smtp://user:password@host:587 (smtps:// for TLS)"],
    ["CONTACT_MAIL_TO", ["contact", "a@b", "two words@promed.sn"], "an email address"],
    ["STORAGE_BUCKET", ["Promed", "gs://promed", "a", "promed/bucket"], "a bucket name (lower-case letters, digits, dots, dashes and underscores)"],
    ["FIREBASE_STORAGE_BUCKET", ["Promed-Prod", "promed prod"], "a bucket name (lower-case letters, digits, dots, dashes and underscores)"],
    [
      "PUBLIC_ORIGIN",
      ["promed.example", "https://promed.example/app", "ftp://promed.example", "https://promed.example?x=1", "https://user:pw@promed.example"],
      "an http(s) origin with no path, such as https://promed.example",
    ],
    [
      "USER_FILES_ORIGIN",
      ["files.promed.example", "https://files.promed.example/v0", "javascript:alert(1)"],
      "an http(s) origin with no path, such as https://files.promed.example",
    ],
    [
      "TILE_ORIGINS",
      ["tile.openstreetmap.org", "https://a.tile.example,", "https://a.tile.example/{z}/{x}/{y}.png"],
      "a comma-separated list of http(s) origins",
    ],
    ["LOG_REQUESTS", ["yes", "0", "FALSE"], "true or false"],
    ["DEMO_ACCOUNTS_ON_LOGIN", ["no", "1"], "true or false"],
    ["DEMO_DATA", ["no", "0", "False"], "true or false"],
    ["READ_CACHE_MS", ["-1", "5s", "3600001", "1.5"], "a whole number of milliseconds from 0 to 3600000"],
    ["SLOT_TOP_UP_HOURS", ["0", "daily", "169"], "a number of hours above 0 and at most 168"],
    ["SMS_PROVIDER_URL", ["sms.example", "ftp://sms.example"], "an http(s) URL such as https://sms.example/v1/send"],
    ["JOB_POLL_MS", ["99", "1s", "3600001"], "a whole number of milliseconds from 100 to 3600000"],
    ["DATABASE_WAIT_S", ["-1", "1m", "3601", "2.5"], "a whole number of seconds from 0 to 3600"],
    ["SHUTDOWN_GRACE_S", ["0", "10s", "601"], "a whole number of seconds from 1 to 600"],
    ["LOG_LEVEL", ["verbose", "INFO", "warning", "30"], "one of fatal, error, warn, info, debug, trace, silent"],
  ]
  for (const [name, values, expected] of bad) {
    it(`refuses bad values of ${name}, naming the variable, what it must be and what it holds`, () => {
      for (const value of values) expect(problemsOf({ [name]: value })).toEqual([`${name} must be ${expected}, got ${JSON.stringify(value)}`])
    })
  }

  it("accepts each of pino's levels as LOG_LEVEL", () => {
    for (const level of ["fatal", "error", "warn", "info", "debug", "trace", "silent"]) expect(loadConfig({ LOG_LEVEL: level }).logLevel).toBe(level)
  })

  it("refuses a METRICS_TOKEN shorter than 16 characters or with spaces, telling its length but never the token", () => {
    for (const token of ["fifteen-chars-x", "a token with spaces in it", "x".repeat(513)]) {
      const problems = problemsOf({ METRICS_TOKEN: token })
      expect(problems).toEqual([`METRICS_TOKEN must be a token of 16 to 512 characters (letters, digits, . _ ~ + / = -), got ${token.length} characters`])
      expect(problems.join("")).not.toContain(token)
    }
    expect(problemsOf({ METRICS_TOKEN: "abc" })).toEqual([
      "METRICS_TOKEN must be a token of 16 to 512 characters (letters, digits, . _ ~ + / = -), got 3 characters",
    ])
    expect(loadConfig({ METRICS_TOKEN: "a".repeat(16) }).metricsToken).toBe("a".repeat(16))
  })

  describe("payments (issue 40)", () => {
    const production = { DEMO_DATA: "false", PUBLIC_ORIGIN: "https://promed.example" }
    const keys = { PAYDUNYA_MASTER_KEY: "wQzk9ZwR-Qq9m-0hD0-zpud", PAYDUNYA_PRIVATE_KEY: "test_private_rMIdJM3", PAYDUNYA_TOKEN: "IivOiOxGJuWhc5znlIiK" }

    it("defaults to the sandbox, signing with the demonstration's published secret only with demo data", () => {
      expect(loadConfig({}).payments).toEqual({ provider: "sandbox", webhookSecret: "promed-demo-webhook-secret", paydunya: null })
    })

    it("never signs with the published secret in production: the sandbox draws one of its own per process", () => {
      const first = loadConfig(production).payments.webhookSecret
      expect(first).not.toBe("promed-demo-webhook-secret")
      expect(first).toMatch(/^[0-9a-f]{64}$/)
      expect(loadConfig(production).payments.webhookSecret).not.toBe(first)
    })

    it("refuses a production start with a real provider but no PAYMENT_WEBHOOK_SECRET", () => {
      expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: "paydunya", ...keys })).toThrow(
        "PAYMENT_WEBHOOK_SECRET must be set when DEMO_DATA=false and PAYMENT_PROVIDER=paydunya",
      )
    })

    it("refuses PayDunya without its three keys, in any mode, telling each missing one", () => {
      expect(() => loadConfig({ PAYMENT_PROVIDER: "paydunya", PAYDUNYA_MASTER_KEY: keys.PAYDUNYA_MASTER_KEY })).toThrow(
        ["PAYDUNYA_PRIVATE_KEY must be set when PAYMENT_PROVIDER=paydunya", "PAYDUNYA_TOKEN must be set when PAYMENT_PROVIDER=paydunya"].join("\n"),
      )
    })

    it("tells a short or spaced secret by its length only", () => {
      expect(() => loadConfig({ PAYMENT_WEBHOOK_SECRET: "short" })).toThrow(
        "PAYMENT_WEBHOOK_SECRET must be a secret of 32 to 512 printable characters (no spaces), got 5 characters",
      )
    })
  })

  it("refuses DEMO_DATA=false (production) without PUBLIC_ORIGIN, empty counting as unset", () => {
    expect(problemsOf({ DEMO_DATA: "false" })).toEqual([NO_ORIGIN])
    expect(problemsOf({ DEMO_DATA: "false", PUBLIC_ORIGIN: "" })).toEqual([NO_ORIGIN])
    // A PUBLIC_ORIGIN that is wrong is told as wrong, once.
    expect(problemsOf({ DEMO_DATA: "false", PUBLIC_ORIGIN: "promed.example" })).toEqual([
      'PUBLIC_ORIGIN must be an http(s) origin with no path, such as https://promed.example, got "promed.example"',
    ])
  })

  it("takes DEMO_DATA=false with PUBLIC_ORIGIN: links on it, no demo accounts listed on the login page", () => {
    const config = loadConfig({ DEMO_DATA: "false", PUBLIC_ORIGIN: "https://promed.example", DEMO_ACCOUNTS_ON_LOGIN: "true" })
    expect(config).toMatchObject({ demoData: false, publicOrigin: "https://promed.example", demoAccountsOnLogin: false })
    expect(linkOrigin(config)).toBe("https://promed.example")
  })

  it("builds links on http://localhost:PORT in development (PUBLIC_ORIGIN unset), on PUBLIC_ORIGIN when set", () => {
    expect(linkOrigin(loadConfig({}))).toBe("http://localhost:8080")
    expect(linkOrigin(loadConfig({ PORT: "8181" }))).toBe("http://localhost:8181")
    expect(linkOrigin(loadConfig({ PORT: "8181", PUBLIC_ORIGIN: "https://Promed.example:8443/" }))).toBe("https://promed.example:8443")
  })

  it("reports every wrong variable at once", () => {
    expect(problemsOf({ PORT: "80a", LOG_REQUESTS: "yes", READ_CACHE_MS: "soon" })).toEqual([
      'PORT must be a whole number from 1 to 65535, got "80a"',
      'LOG_REQUESTS must be true or false, got "yes"',
      'READ_CACHE_MS must be a whole number of milliseconds from 0 to 3600000, got "soon"',
    ])
  })
})

describe("the server's start", () => {
  it("stops at once on a bad PORT, with the message and no stack trace", () => {
    const started = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: { ...process.env, PORT: "80a" },
      encoding: "utf8",
      timeout: 60_000,
    })
    expect(started.status).not.toBe(0)
    expect(started.status).not.toBeNull()
    expect(started.stderr).toContain('PORT must be a whole number from 1 to 65535, got "80a"')
    expect(started.stderr).not.toMatch(/\n\s+at /)
    expect(started.stdout).not.toContain("Promed is running")
  })

  /** Starts the server with these settings and waits for it to stop by itself. */
  const start = (env: Record<string, string>) =>
    spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: { ...process.env, LOG_LEVEL: "info", ...env },
      encoding: "utf8",
      timeout: 60_000,
    })

  it("stops at once, exit 2, with one sentence when DATA_DIR cannot be written (uploads, mails and SMS would fail later)", () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "promed-datadir-")), "a-file")
    writeFileSync(file, "")
    const started = start({ DATA_DIR: path.join(file, "data"), DATABASE_URL: "" })
    expect(started.status).toBe(2)
    expect(started.stderr).toBe(
      `Promed cannot start:\n  DATA_DIR ${path.join(file, "data")} cannot be written (ENOTDIR): uploaded files, mails and SMS are kept there.\n`,
    )
    expect(started.stdout).not.toContain("Promed is running")
  })

  it("refuses a production start (DEMO_DATA=false) without PUBLIC_ORIGIN: exit 2, one sentence, nothing opened", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "promed-nodemo-"))
    const started = start({ DEMO_DATA: "false", PUBLIC_ORIGIN: "", DATA_DIR: dataDir, DATABASE_URL: "" })
    expect(started.status).toBe(2)
    expect(started.stderr).toBe(`Promed cannot start:\n  ${NO_ORIGIN}\n`)
    expect(started.stdout).not.toContain("Promed is running")
    expect(readdirSync(dataDir)).toEqual([])
  })

  it("starts in production (DEMO_DATA=false) with PUBLIC_ORIGIN: the login page says nothing of a demonstration, no demo account signs in", async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000)
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "promed-nodemo-"))
    const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: {
        ...process.env,
        LOG_LEVEL: "info",
        DEMO_DATA: "false",
        PUBLIC_ORIGIN: "https://promed.example",
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let output = ""
    server.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
    server.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
    const exited = new Promise<number | null>((resolve) => server.once("exit", resolve))
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => output.includes("Promed is running") && (clearInterval(timer), resolve()), 100)
        void exited.then((code) => (clearInterval(timer), reject(new Error(`the server stopped (${code}): ${output}`))))
      })
      const login = await (await fetch(`http://localhost:${port}/auth/login?lang=fr`)).text()
      expect(login).toContain('<form method="post" action="/auth/login">')
      expect(login).not.toContain("Démonstration")
      expect(login).not.toContain("admin@demo.sn")
      const token = await fetch(`http://localhost:${port}/auth/token`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "admin@demo.sn", password: "Passw0rd!" }),
      })
      expect(token.status).toBe(401)
    } finally {
      server.kill("SIGTERM")
      await exited
    }
  }, 90_000)

  it("waits for a PostgreSQL that does not answer, one log line per attempt naming host and database (never the password), then exits 2 with one sentence", () => {
    const started = start({ DATABASE_URL: "postgres://promed:s3cret-pw@127.0.0.1:1/promed", DATABASE_WAIT_S: "2" })
    expect(started.status).toBe(2)
    expect(started.stderr).toBe("Promed cannot start:\n  PostgreSQL at 127.0.0.1:1/promed did not answer within 2 s (DATABASE_WAIT_S); last: ECONNREFUSED.\n")
    const attempts = started.stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.scope === "db")
    // 0.5 s and 1 s of waiting fit in 2 s; the third attempt is the last.
    expect(attempts).toHaveLength(2)
    for (const line of attempts) expect(line).toMatchObject({ level: "warn", host: "127.0.0.1:1", database: "promed", reason: "ECONNREFUSED" })
    expect(started.stdout + started.stderr).not.toContain("s3cret-pw")
  })
})
